/**
 * The engine process. In the desktop app Electron main starts it as a utilityProcess (messages
 * on `process.parentPort`, a window's MessagePort attached to a `window` message); the web
 * harness and the tests start the very same file as a Node child process (messages on the IPC
 * channel of child_process.fork). Nothing here knows Electron beyond the shape of parentPort.
 */
import type { EngineRequest, EngineToHost, FromEngine, HostToEngine } from '../shared/engine-wire.js';
import { useSqliteAddon } from '../core/data/index.js';
import { Engine, type Session } from './engine.js';
import { processStartMark, startMark } from './start-trace.js';
processStartMark('engine');
startMark('engine.loaded');

/** Electron's MessagePortMain, as far as the engine uses it. */
interface PortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  on(event: 'close', listener: () => void): void;
  postMessage(message: unknown): void;
  start(): void;
}

interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown; ports: PortLike[] }) => void): void;
  postMessage(message: unknown): void;
}

interface Link {
  send(message: EngineToHost): void;
  onMessage(listener: (message: HostToEngine, ports: PortLike[]) => void): void;
  onParentGone(listener: () => void): void;
}

function electronLink(parentPort: ParentPortLike): Link {
  return {
    send: (message) => parentPort.postMessage(message),
    onMessage: (listener) => parentPort.on('message', (event) => listener(event.data as HostToEngine, event.ports ?? [])),
    // A utility process ends with its parent; nothing to watch.
    onParentGone: () => undefined,
  };
}

function nodeLink(): Link {
  return {
    send: (message) => {
      if (process.connected) process.send?.(message);
    },
    onMessage: (listener) => process.on('message', (message) => listener(message as HostToEngine, [])),
    onParentGone: (listener) => process.on('disconnect', listener),
  };
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
const link = parentPort ? electronLink(parentPort) : process.send ? nodeLink() : null;
if (!link) {
  console.error('The Quayside engine is started by the desktop app or the web harness, not by hand.');
  process.exit(2);
}

let engine: Engine | null = null;
let hostSession: Session | null = null;
let nextRequest = 1;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

function request(req: EngineRequest): Promise<unknown> {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    link!.send({ t: 'request', id, request: req });
  });
}

async function stop(code: number): Promise<never> {
  await engine?.stop().catch(() => undefined);
  link!.send({ t: 'stopped' });
  // Let the last message leave before the process ends.
  setTimeout(() => process.exit(code), 20);
  return new Promise<never>(() => undefined);
}

/**
 * Windows that connected while the cache was still opening: the desktop app loads its page while
 * the engine starts, so a window may ask for its line first. Its calls queue in the port (not
 * started yet) and are answered once the engine is ready.
 */
let waitingWindows: PortLike[] = [];

function attachWindow(port: PortLike): void {
  if (!engine) {
    waitingWindows.push(port);
    return;
  }
  const session = engine.connect({ send: (message: FromEngine) => port.postMessage(message) }, 'window');
  port.on('message', (event) => session.receive(event.data));
  port.on('close', () => session.close());
  port.start();
}

link.onParentGone(() => void stop(0));
process.on('unhandledRejection', (reason) => link!.send({ t: 'log', line: `Unhandled in the engine: ${reason instanceof Error ? reason.message : String(reason)}` }));
link.onMessage((message, ports) => {
  switch (message.t) {
    case 'start': {
      if (engine) return;
      startMark('engine.startMsg');
      useSqliteAddon(message.options.sqliteAddon);
      Engine.start(message.options, {
        request,
        reopened: (state) => link!.send({ t: 'reopened', state }),
        demoReady: () => link!.send({ t: 'demoReady' }),
        log: (line) => link!.send({ t: 'log', line }),
      }).then(
        (started) => {
          engine = started;
          startMark('engine.ready');
          hostSession = started.connect({ send: (m) => link!.send(m) }, 'host');
          link!.send({ t: 'ready', ok: true, state: started.state() });
          const waiting = waitingWindows;
          waitingWindows = [];
          for (const port of waiting) attachWindow(port);
        },
        (err: unknown) => link!.send({ t: 'ready', ok: false, message: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    case 'window':
      for (const port of ports) attachWindow(port);
      return;
    case 'command':
      if (!engine) return link!.send({ t: 'done', id: message.id, result: { ok: false, error: { code: 'internal', message: 'Quayside is still starting; try again in a moment.' } } });
      void engine.command(message.command).then((result) => link!.send({ t: 'done', id: message.id, result }));
      return;
    case 'reply': {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.message ?? 'The host could not answer.'));
      return;
    }
    case 'stop':
      void stop(0);
      return;
    default:
      hostSession?.receive(message);
  }
});
link.send({ t: 'alive' });
