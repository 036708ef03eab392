/**
 * The web harness: the built window and the IPC contract over HTTP and a WebSocket on
 * 127.0.0.1, so the renderer runs in a plain browser against the real engine, started as a Node
 * child process from the same entry the desktop app starts as a utilityProcess. Tests and
 * development only; the desktop app never starts it.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTimeScale } from '../shared/time-scale.js';
import type { SecretStore } from '../core/platform/secrets/index.js';
import type { EngineClient } from '../engine/client.js';
import { spawnNodeEngine } from '../engine/spawn-node.js';
import { startMark } from '../engine/start-trace.js';
import type { Result } from '../shared/contract/index.js';
import type { EngineRequest } from '../shared/engine-wire.js';
import { handleApi, knownMethods, refusal, sendResult } from './api-route.js';
import type { EarlyEngine } from './early-engine.js';
import { createEventStream, type EventStream } from './event-stream.js';
import { createFileRoutes } from './file-routes.js';
import { buildRenderer, REPO_ROOT, RENDERER_OUT_DIR } from './renderer-build.js';
import { baseHeaders, serveStatic } from './static-files.js';
import { MISSING_TOKEN_MESSAGE, newHarnessToken, TOKEN_PARAM, tokenInHeader, tokenInQuery } from './token.js';

export interface HarnessOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The real data folder; with `demo`, the cache lives in `<dataDir>/demo`. */
  dataDir: string;
  /** The tracking service; else the address stored with the cache. Ignored with `demo`. */
  apiBase?: string | null;
  /** Default: the system keychain (the engine's own). Tests inject a MemorySecretStore, which the engine borrows. Ignored with `demo`. */
  secrets?: SecretStore;
  /** Tests: false keeps the engine's background refresh off. */
  background?: boolean;
  /** Starts the simulator in-process with a funded, pre-seeded account, and syncs once. */
  demo?: boolean;
  version?: string;
  /** Compresses the core's rate windows and waits (and the demo simulator's). Default: QUAYSIDE_TIME_SCALE. */
  timeScale?: number;
  /** The built window; default out/renderer. */
  rendererDir?: string;
  /** Build out/renderer first when it is missing (vite, src/renderer/vite.config.ts). */
  buildRendererIfMissing?: boolean;
  log?: (line: string) => void;
  /**
   * The server listens before the engine has opened the cache, so the browser loads the page
   * (HTML, the bundle, its parse) while the engine starts; calls made meanwhile wait for it.
   * Called then with the page's address and the folder the engine opens; startHarness itself
   * still resolves once the engine is ready (and rejects, the server closed, if it cannot start).
   */
  onListening?: (started: { pageUrl: string; dataDir: string }) => void;
  /** An engine forked earlier (early-engine.ts, the harness's command); default: one forked here. */
  engine?: EarlyEngine;
}

export interface Harness {
  /** `http://127.0.0.1:PORT`: the origin, without the token. */
  url: string;
  /** The page to open: `http://127.0.0.1:PORT/?token=…`. */
  pageUrl: string;
  /** This start's token (see token.ts). */
  token: string;
  port: number;
  /** The data folder in use (`<dataDir>/demo` in demo mode). */
  dataDir: string;
  /** The engine behind the page: the same calls the window makes. */
  engine: EngineClient;
  /** The demo's first sync (resolved at once outside demo mode); never rejects. */
  demoReady: Promise<void>;
  close(): Promise<void>;
}


function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** DNS-rebinding guard: only our own name for this port is answered. */
function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}`;
}

/** A browser always names the page's origin; a page of another site is refused. */
function originAllowed(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

function refuseUpgrade(socket: import('node:stream').Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const log = options.log ?? (() => undefined);
  const rendererDir = options.rendererDir ?? RENDERER_OUT_DIR;
  if (options.buildRendererIfMissing && rendererDir === RENDERER_OUT_DIR) {
    await buildRenderer({ onlyIfMissing: true, log });
  }

  let demoFilled: () => void = () => undefined;
  const demoReady = new Promise<void>((resolve) => (demoFilled = resolve));
  const files = createFileRoutes(await mkdtemp(join(tmpdir(), 'quayside-harness-files-')));
  const token = newHarnessToken();
  const answer = async (request: EngineRequest): Promise<unknown> => {
    switch (request.kind) {
      // An export and a customer update's .eml draft both become a download the window offers.
      case 'savePath':
      case 'draftPath': {
        const target = await files.exportTarget(request.fileName);
        return { ...target, download: `${target.download}?${TOKEN_PARAM}=${token}` };
      }
      case 'openDraft':
        // A browser has no mail program to hand the file to: the window offers the download instead.
        return false;
      case 'secret.get':
        return options.secrets!.get(request.account);
      case 'secret.set':
        return options.secrets!.set(request.account, request.value);
      case 'secret.delete':
        return options.secrets!.delete(request.account);
    }
  };
  const handlers = { request: answer, demoReady: () => demoFilled(), log };
  options.engine?.handle(handlers);
  const engine = options.engine?.engine ?? spawnNodeEngine(handlers);
  const engineStarted = engine.start({
      dataDir: options.dataDir,
      apiBase: options.apiBase ?? null,
      version: options.version ?? packageVersion(),
      shell: 'harness',
      demo: Boolean(options.demo),
      canSwitchSampleData: false,
      secrets: options.secrets && !options.demo ? 'host' : 'keychain',
      timeScale: options.timeScale ?? parseTimeScale(process.env.QUAYSIDE_TIME_SCALE),
      background: options.background,
      // The harness is for development and tests: every answer and event is checked against the contract.
      checkAnswers: true,
    });
  // Settled below, after listening; until then a failed start must not count as unhandled.
  engineStarted.catch(() => undefined);
  /** A call that arrives while the engine still opens the cache waits for it. */
  const call = (method: string, input: unknown, signal?: AbortSignal): Promise<Result<unknown>> =>
    engineStarted.then(
      () => engine.call(method, input, signal),
      (err: unknown) => refusal('internal', `Quayside could not open its data: ${err instanceof Error ? err.message : String(err)}`),
    );

  let port = 0;
  const events: EventStream = createEventStream(engine);
  const refuseWithoutToken = (req: IncomingMessage, res: ServerResponse): void => {
    sendResult(res, 401, refusal('invalid-input', MISSING_TOKEN_MESSAGE));
    req.resume();
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host, port)) {
      res.writeHead(421, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      res.end('This server only answers requests addressed to 127.0.0.1 or localhost.\n');
      req.resume();
      return;
    }
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      res.writeHead(400, baseHeaders());
      res.end();
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      if (!originAllowed(req.headers.origin, port)) {
        sendResult(res, 403, refusal('invalid-input', 'The request was refused: it came from a page of another site.'));
        req.resume();
        return;
      }
      if (!tokenInHeader(req, token)) return refuseWithoutToken(req, res);
      handleApi(call, req, res, pathname).catch(() => {
        if (!res.headersSent) sendResult(res, 500, refusal('internal', 'The harness could not answer this request; try again.'));
        else res.destroy();
      });
      return;
    }
    if (pathname === '/files') {
      if (!originAllowed(req.headers.origin, port)) {
        sendResult(res, 403, refusal('invalid-input', 'The request was refused: it came from a page of another site.'));
        req.resume();
        return;
      }
      if (!tokenInHeader(req, token)) return refuseWithoutToken(req, res);
      files.upload(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).catch(() => res.destroy());
      return;
    }
    if (pathname.startsWith('/downloads/')) {
      if (!tokenInQuery(req, token)) return refuseWithoutToken(req, res);
      files.download(req, res, pathname).catch(() => res.destroy());
      return;
    }
    if (pathname === '/events') {
      res.writeHead(426, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8', Upgrade: 'websocket' });
      res.end('The event stream is a WebSocket.\n');
      return;
    }
    serveStatic(rendererDir, req, res, pathname);
  });
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!hostAllowed(req.headers.host, port)) return refuseUpgrade(socket, 421, 'Misdirected Request');
    if (!originAllowed(req.headers.origin, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    let pathname = '';
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      // Falls through to 404.
    }
    if (pathname !== '/events') return refuseUpgrade(socket, 404, 'Not Found');
    if (!tokenInQuery(req, token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    events.accept(req, socket, head);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    events.close();
    await engine.stop();
    await files.close();
    throw err;
  }
  port = (server.address() as AddressInfo).port;
  void knownMethods();
  const pageUrl = `http://127.0.0.1:${port}/?${TOKEN_PARAM}=${token}`;
  // The harness never switches to the sample data by itself: the folder is the demo's or the one given.
  options.onListening?.({ pageUrl, dataDir: options.demo ? join(options.dataDir, 'demo') : options.dataDir });
  /** Stops the socket server, the HTTP server, the engine and the file store, in that order. */
  const shutDown = async (): Promise<void> => {
    events.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await engine.stop();
    await files.close();
  };
  let dataDir: string;
  try {
    ({ dataDir } = await engineStarted);
  } catch (err) {
    await shutDown();
    throw err;
  }
  startMark('harness.engineReady');
  if (!options.demo) demoFilled();

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    pageUrl,
    token,
    port,
    dataDir,
    engine,
    demoReady,
    close() {
      closing ??= shutDown();
      return closing;
    },
  };
}
