/**
 * The engine: the one owner of a cache (store, scheduler, key, background sync, imports,
 * exports, notes outbox). Windows talk to it over channels of their own; the host (Electron
 * main or the web harness) over the process channel, with a few commands only it may give.
 * It runs under plain Node; src/engine/entry.ts is the process around it.
 */
import type { EventName, Result } from '../shared/contract/index.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EngineHealth, EngineRequest, EngineStartOptions, EngineState, FromEngine, HostCommand, SavePathAnswer } from '../shared/engine-wire.js';
import { isToEngine } from '../shared/engine-wire.js';
import { checkEvent } from '../shared/contract/check.js';
import { toAppError } from '../core/platform/failure.js';
import { KeytarSecretStore, type SecretStore } from '../core/platform/secrets/index.js';
import { isCacheFile, restoreCacheFile, undoRestore, type RestoreResult } from '../core/data/index.js';
import { holdJobsAfterRestore } from '../core/data/index.js';
import { cacheFile } from '../core/platform/paths.js';
import { lockDataFolder, type FolderLock } from './folder-lock.js';
import { rememberSampleData, RuntimeHost, sampleDataRemembered } from './runtime-host.js';

/** What the engine needs from its host. */
export interface EngineHost {
  request(request: EngineRequest): Promise<unknown>;
  reopened(state: EngineState): void;
  demoReady(): void;
  log(line: string): void;
}

export interface Channel {
  send(message: FromEngine): void;
}

export interface Session {
  /** A message from the channel's other end; anything malformed is ignored. */
  receive(message: unknown): void;
  close(): void;
}

/** Events a window has not heard yet because none was listening (a file opened at start). */
const HELD_EVENTS = 200;
/** State the window reads afresh when it loads: not worth holding (the status bar changes many times a second). */
const NOT_HELD: ReadonlySet<EventName> = new Set(['status', 'sync', 'credits']);
/**
 * The window's first asks (src/renderer/state/shipments.ts: blocks of 200 of the shipments still
 * moving, soonest ETA first, as the default layout has it; the filters' facets), then a search,
 * so the table's order for searching (table-order.ts) and the search index's pages are read before
 * the first keystroke rather than at it.
 */
const FIRST_ORDER = [{ column: 'eta', direction: 'asc' }];
const FIRST_ASKS: readonly [string, unknown][] = [
  ['shipments.list', { moving: true, order: FIRST_ORDER, offset: 0, limit: 200 }],
  ['shipments.facets', undefined],
  ['shipments.list', { search: 'a', moving: true, order: FIRST_ORDER, offset: 0, limit: 1 }],
];
/** Reads that a window replaces as a person types (the table's blocks): one cancelled before it starts is not run. */
const ABANDONED_WHEN_REPLACED: ReadonlySet<string> = new Set(['shipments.list', 'shipments.ids']);

/** The borrowed secret store of a harness under test. */
function hostSecrets(host: EngineHost): SecretStore {
  return {
    description: 'the harness',
    get: async (account) => (await host.request({ kind: 'secret.get', account })) as string | null,
    set: async (account, value) => {
      await host.request({ kind: 'secret.set', account, value });
    },
    delete: async (account) => Boolean(await host.request({ kind: 'secret.delete', account })),
  };
}

export class Engine {
  private readonly sessions = new Set<{ channel: Channel; window: boolean; subscribed: boolean; seq: number }>();
  private held: { event: EventName; payload: unknown }[] = [];
  private stopping: Promise<void> | null = null;
  /** How long the loop was held: a call waits at least that long. 10 ms resolution costs nothing noticeable. */
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });

  private constructor(
    private readonly options: EngineStartOptions,
    private readonly host: EngineHost,
    private readonly runtimes: RuntimeHost,
    private readonly lock: FolderLock,
  ) {
    runtimes.onEvent((event, payload) => this.broadcast(event, payload));
    this.loop.enable();
  }

  /** Opens the cache (or the sample data the person was exploring); throws a readable error. */
  static async start(options: EngineStartOptions, host: EngineHost): Promise<Engine> {
    const lock = lockDataFolder(options.dataDir);
    const runtimes = new RuntimeHost({
      dataDir: options.dataDir,
      apiBase: options.apiBase,
      secrets: options.secrets === 'host' ? hostSecrets(host) : new KeytarSecretStore(),
      version: options.version,
      shell: options.shell,
      timeScale: options.timeScale,
      background: options.background,
      checkAnswers: options.checkAnswers,
      log: (line) => host.log(line),
      chooseExportPath: async (fileName, format) => (await host.request({ kind: 'savePath', fileName, format })) as SavePathAnswer | null,
      placeDraft: async (fileName) => (await host.request({ kind: 'draftPath', fileName })) as SavePathAnswer,
      openDraft: async (path) => Boolean(await host.request({ kind: 'openDraft', path })),
      demoFilled: () => host.demoReady(),
    });
    const remembered = !options.demo && options.canSwitchSampleData && sampleDataRemembered(options.dataDir);
    try {
      await runtimes.open(options.demo || remembered).catch(async (err: unknown) => {
        if (!remembered) throw err;
        host.log(`The sample data could not be opened again (${err instanceof Error ? err.message : String(err)}); opening the real cache.`);
        rememberSampleData(options.dataDir, false);
        return runtimes.open(false);
      });
    } catch (err) {
      lock.release();
      throw err;
    }
    const engine = new Engine(options, host, runtimes, lock);
    // What a window asks first, read while it still loads (the cache's pages and the statements are
    // then warm when it asks): the table's first block in its default order, the count, the facets.
    setImmediate(() => {
      for (const [method, input] of FIRST_ASKS) void engine.call(method, input);
    });
    return engine;
  }

  state(): EngineState {
    return { demo: this.runtimes.demo, dataDir: this.runtimes.dataDir };
  }

  /** A window's channel (`window`), or the host's own (always listening, never holds events back). */
  connect(channel: Channel, kind: 'window' | 'host'): Session {
    const session = { channel, window: kind === 'window', subscribed: kind === 'host', seq: 0 };
    this.sessions.add(session);
    // Calls still running, and those of them the window no longer wants answered.
    const running = new Set<number>();
    const cancelled = new Set<number>();
    const send = (message: FromEngine) => {
      try {
        channel.send(message);
      } catch {
        // The window went away mid-answer; it reloads its state when it comes back.
      }
    };
    return {
      receive: (message) => {
        if (!isToEngine(message)) return;
        if (message.t === 'subscribe') {
          if (session.subscribed) return;
          session.subscribed = true;
          const held = this.held;
          this.held = [];
          for (const e of held) send({ t: 'event', seq: ++session.seq, event: e.event, payload: e.payload });
          return;
        }
        if (message.t === 'cancel') {
          if (running.has(message.id)) cancelled.add(message.id);
          return;
        }
        const { id, method, input } = message;
        running.add(id);
        const run = () => {
          if (cancelled.delete(id)) {
            // Replaced before it started (a newer search, keystroke by keystroke): not run at all.
            running.delete(id);
            return;
          }
          void this.call(method, input).then((result) => {
            running.delete(id);
            if (cancelled.delete(id) || !this.sessions.has(session)) return;
            send({ t: 'result', id, seq: ++session.seq, result });
          });
        };
        // Reads a newer call may replace wait one turn, so the cancels already on their way are seen first.
        if (ABANDONED_WHEN_REPLACED.has(method)) setImmediate(run);
        else run();
      },
      close: () => {
        this.sessions.delete(session);
      },
    };
  }

  /** A contract call as a window makes it; never throws. */
  async call(method: string, input: unknown): Promise<Result<unknown>> {
    if (this.stopping) return { ok: false, error: { code: 'internal', message: 'Quayside is shutting down; try again after it restarts.' } };
    if (method === 'settings.sampleData' && this.options.canSwitchSampleData) {
      const on = (input as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') return { ok: false, error: { code: 'invalid-input', message: 'The request was refused: settings.sampleData takes {on: true|false}.' } };
      // Answered first; the windows reload once the other cache is open.
      setImmediate(() => void this.switchSampleData(on));
      return { ok: true, value: undefined };
    }
    return this.runtimes.dispatch(method, input);
  }

  /** What only the host may ask. */
  async command(command: HostCommand): Promise<Result<unknown>> {
    try {
      switch (command.kind) {
        case 'health':
          return { ok: true, value: this.health() };
        case 'show':
          this.broadcast('window.show', this.options.checkAnswers === false ? command.request : checkEvent('window.show', command.request));
          return { ok: true, value: null };
        case 'sampleData':
          await this.switchSampleData(command.on);
          return { ok: true, value: this.state() };
        case 'openSpreadsheet': {
          const opened = await this.runtimes.dispatch('imports.open', { path: command.path });
          if (opened.ok) this.broadcast('import.fileOpened', opened.value);
          return opened;
        }
        case 'backup': {
          const runtime = this.runtimes.runtime;
          if (!runtime) return { ok: false, error: { code: 'internal', message: 'Quayside is reopening its data; try again in a moment.' } };
          if (isCacheFile(command.path, cacheFile(this.runtimes.dataDir))) {
            return { ok: false, error: { code: 'invalid-input', message: 'A backup cannot replace the cache itself; choose another file name or folder.' } };
          }
          return { ok: true, value: await runtime.core.backup(command.path) };
        }
        case 'restore': {
          const target = cacheFile(this.runtimes.dataDir);
          if (isCacheFile(command.path, target)) {
            return { ok: false, error: { code: 'invalid-input', message: 'That file is the cache Quayside is using now, not a backup of it; choose a file made with "Back up".' } };
          }
          // The engine holds the folder's lock and keeps it: only its own connection is closed, so
          // that any other still open (a quayside command) is noticed and the restore refused.
          const demo = this.runtimes.demo;
          let restored: RestoreResult | undefined;
          try {
            await this.runtimes.reopen(demo, async () => (restored = await restoreCacheFile(target, command.path, { prepare: (db) => void holdJobsAfterRestore(db) })));
          } catch (err) {
            if (!restored?.ok || !restored.keptAs) throw err;
            // The copy checked out but does not open: the cache the person had goes back in place.
            undoRestore(target, restored.keptAs);
            await this.runtimes.reopen(demo);
            this.host.reopened(this.state());
            return { ok: false, error: { code: 'invalid-input', message: `Quayside could not open the restored backup (${toAppError(err).message}); the cache you had is back in place.` } };
          }
          // A refused backup left the cache as it was: the window has nothing new to load.
          if (restored?.ok) this.host.reopened(this.state());
          return { ok: true, value: restored ?? null };
        }
      }
    } catch (err) {
      return { ok: false, error: toAppError(err) };
    }
  }

  private health(): EngineHealth {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const value = { loopMaxMs: ms(this.loop.max), loopP99Ms: ms(this.loop.percentile(99)), rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024) };
    this.loop.reset();
    return value;
  }

  private async switchSampleData(on: boolean): Promise<void> {
    if (this.runtimes.demo === on) return;
    try {
      await this.runtimes.reopen(on);
      rememberSampleData(this.options.dataDir, on);
    } catch (err) {
      this.host.log(`Quayside cannot open its data: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.host.reopened(this.state());
  }

  private broadcast(event: EventName, payload: unknown): void {
    let heard = false;
    for (const session of this.sessions) {
      if (!session.subscribed) continue;
      if (session.window) heard = true;
      try {
        session.channel.send({ t: 'event', seq: ++session.seq, event, payload });
      } catch {
        // A window closing; the others still hear it.
      }
    }
    if (!heard && this.options.shell === 'electron' && !NOT_HELD.has(event)) {
      this.held.push({ event, payload });
      if (this.held.length > HELD_EVENTS) this.held.shift();
    }
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.sessions.clear();
      this.loop.disable();
      await this.runtimes.close();
      this.lock.release();
    })();
    return this.stopping;
  }
}
