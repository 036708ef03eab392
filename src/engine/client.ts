/**
 * The host's end of the engine's process channel: Electron main (over a utilityProcess) and the
 * web harness (over a Node child process) both drive the engine through this. It starts the
 * engine, makes calls, gives host commands, answers the engine's requests and hears events.
 */
import type { EventName, Result } from '../shared/contract/index.js';
import type { EngineRequest, EngineStartOptions, EngineState, EngineToHost, HostCommand, HostToEngine } from '../shared/engine-wire.js';

/** The process channel, whatever carries it. */
export interface EngineLink {
  post(message: HostToEngine, transfer?: unknown[]): void;
  onMessage(listener: (message: EngineToHost) => void): void;
  /** The process ended (code null: killed by a signal). */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface EngineClientHandlers {
  /** The engine asks something only the host can answer (a save dialog, a borrowed secret). */
  request?(request: EngineRequest): Promise<unknown>;
  /** The open cache changed: reload windows. */
  reopened?(state: EngineState): void;
  demoReady?(): void;
  log?(line: string): void;
  /** The engine ended without being asked to. */
  exited?(code: number | null): void;
}

export type EngineEventListener = (event: EventName, payload: unknown) => void;

const GONE: Result<never> = { ok: false, error: { code: 'internal', message: "Quayside's engine stopped; restart Quayside." } };
const CANCELLED: Result<never> = { ok: false, error: { code: 'internal', message: 'The request was cancelled: nobody waits for its answer any more.' } };

export class EngineClient {
  private nextId = 1;
  private readonly calls = new Map<number, (result: Result<unknown>) => void>();
  private readonly commands = new Map<number, (result: Result<unknown>) => void>();
  private readonly listeners = new Set<EngineEventListener>();
  private started: Promise<EngineState> | null = null;
  private settleStart: { resolve: (state: EngineState) => void; reject: (error: Error) => void } | null = null;
  private stopped: Promise<void> | null = null;
  private exited = false;
  private resolveStopped: (() => void) | null = null;
  private markAlive: () => void = () => undefined;
  private readonly alive = new Promise<void>((resolve) => (this.markAlive = resolve));

  constructor(
    private readonly link: EngineLink,
    private readonly handlers: EngineClientHandlers = {},
  ) {
    link.onMessage((message) => this.receive(message));
    link.onExit((code) => {
      this.exited = true;
      this.settleStart?.reject(new Error(`Quayside's engine ended before it was ready (exit code ${String(code)}).`));
      this.failAll();
      const expected = this.stopped !== null;
      this.resolveStopped?.();
      if (!expected) this.handlers.exited?.(code);
    });
  }

  /** Resolves once the cache is open; rejects with the engine's sentence when it cannot be. */
  start(options: EngineStartOptions): Promise<EngineState> {
    this.started ??= new Promise<EngineState>((resolve, reject) => {
      this.settleStart = { resolve, reject };
      // Sent once the entry says it listens; a message before that could be lost.
      void this.alive.then(() => this.link.post({ t: 'start', options }));
    });
    return this.started;
  }

  /** `signal`: once aborted, the engine is told (a read it has not started is not run) and the call answers at once. */
  call(method: string, input?: unknown, signal?: AbortSignal): Promise<Result<unknown>> {
    if (this.exited || this.stopped) return Promise.resolve(GONE);
    if (signal?.aborted) return Promise.resolve(CANCELLED);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.calls.set(id, resolve);
      this.link.post({ t: 'call', id, method, input });
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.calls.delete(id)) return;
          this.link.post({ t: 'cancel', id });
          resolve(CANCELLED);
        },
        { once: true },
      );
    });
  }

  command(command: HostCommand): Promise<Result<unknown>> {
    if (this.exited || this.stopped) return Promise.resolve(GONE);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.commands.set(id, resolve);
      this.link.post({ t: 'command', id, command });
    });
  }

  /** Hands a window's port to the engine (Electron's MessagePortMain). */
  attachWindow(port: unknown): void {
    // A window may connect before the engine process listens (its page loads while the engine starts); a message before that could be lost.
    void this.alive.then(() => {
      if (!this.exited) this.link.post({ t: 'window' }, [port]);
    });
  }

  onEvent(listener: EngineEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the engine to close the cache and end; kills it if it does not within `graceMs`. */
  stop(graceMs = 10_000): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      this.resolveStopped = resolve;
      this.link.post({ t: 'stop' });
      const timer = setTimeout(() => this.link.kill(), graceMs);
      timer.unref?.();
    });
    return this.stopped;
  }

  private receive(message: EngineToHost): void {
    switch (message.t) {
      case 'alive':
        this.markAlive();
        return;
      case 'ready':
        if (message.ok) this.settleStart?.resolve(message.state);
        else this.settleStart?.reject(new Error(message.message));
        this.settleStart = null;
        return;
      case 'result':
        this.calls.get(message.id)?.(message.result);
        this.calls.delete(message.id);
        return;
      case 'done':
        this.commands.get(message.id)?.(message.result);
        this.commands.delete(message.id);
        return;
      case 'event':
        for (const listener of [...this.listeners]) {
          try {
            listener(message.event, message.payload);
          } catch {
            // One broken listener must not stop the others.
          }
        }
        return;
      case 'request':
        void this.answer(message.id, message.request);
        return;
      case 'reopened':
        this.handlers.reopened?.(message.state);
        return;
      case 'demoReady':
        this.handlers.demoReady?.();
        return;
      case 'log':
        this.handlers.log?.(message.line);
        return;
      case 'stopped':
        return;
    }
  }

  private async answer(id: number, request: EngineRequest): Promise<void> {
    try {
      if (!this.handlers.request) throw new Error('This host answers no requests.');
      const value = await this.handlers.request(request);
      this.link.post({ t: 'reply', id, ok: true, value });
    } catch (err) {
      this.link.post({ t: 'reply', id, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  }

  private failAll(): void {
    for (const resolve of this.calls.values()) resolve(GONE);
    for (const resolve of this.commands.values()) resolve(GONE);
    this.calls.clear();
    this.commands.clear();
  }
}
