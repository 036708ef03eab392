/**
 * Holds the core's runtime inside the engine: the real cache (key in the keychain) or the sample
 * data (demo), and switches between them, or closes and reopens one around a cache restore.
 * The engine's channels subscribe here once; events of whichever runtime is open reach them.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAppRuntime, type AppRuntime, type AppRuntimeOptions, type EventListener } from './runtime.js';
import type { SecretStore } from '../core/platform/secrets/index.js';
import type { EventName, Events, Result } from '../shared/contract/index.js';
import type { DemoBackend } from '../sim/demo-backend.js';

export interface RuntimeHostOptions {
  dataDir: string;
  apiBase: string | null;
  secrets: SecretStore;
  version: string;
  shell: 'electron' | 'harness';
  timeScale?: number;
  log?: (line: string) => void;
  /** Where an export is written (the host's save dialog or download); see AppRuntimeOptions. */
  chooseExportPath?: AppRuntimeOptions['chooseExportPath'];
  /** Where a customer update's draft goes, and opening it (see AppRuntimeOptions). */
  placeDraft?: AppRuntimeOptions['placeDraft'];
  openDraft?: AppRuntimeOptions['openDraft'];
  /** The sample data's first refresh ended. */
  demoFilled?: () => void;
  /** Tests: false keeps the core's background refresh off. Default true. */
  background?: boolean;
  /** See AppRuntimeOptions.checkAnswers. */
  checkAnswers?: boolean;
}

/** Next to the cache while the person is exploring the sample data: the next start opens them again. */
const SAMPLE_DATA_MARKER = 'sample-data-open';

export function sampleDataRemembered(dataDir: string): boolean {
  return existsSync(join(dataDir, SAMPLE_DATA_MARKER));
}

/** Remembers (or forgets) the person's choice of sample data; a folder that cannot be written only loses the memory. */
export function rememberSampleData(dataDir: string, on: boolean): void {
  const file = join(dataDir, SAMPLE_DATA_MARKER);
  try {
    if (on) writeFileSync(file, `${new Date().toISOString()}\n`);
    else rmSync(file, { force: true });
  } catch {
    // The switch itself worked; only the next start opens the real cache.
  }
}

const CLOSED: Result<never> = { ok: false, error: { code: 'internal', message: 'Quayside is reopening its data; try again in a moment.' } };

export class RuntimeHost {
  private current: AppRuntime | null = null;
  private demoBackend: DemoBackend | null = null;
  private stopForwarding: (() => void) | null = null;
  private readonly listeners = new Set<EventListener>();
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly options: RuntimeHostOptions) {}

  get runtime(): AppRuntime | null {
    return this.current;
  }

  get demo(): boolean {
    return this.demoBackend !== null;
  }

  /** The open cache's folder (`<data folder>/demo` with sample data). */
  get dataDir(): string {
    return this.demoBackend?.dataDir ?? this.options.dataDir;
  }

  /** Opens the real cache or the sample data. Throws the store's readable error when the cache cannot be opened. */
  async open(demo: boolean): Promise<AppRuntime> {
    // Loaded only when asked for: a normal start never pays for the simulator.
    const backend = demo ? await (await import('../sim/demo-backend.js')).startDemoBackend({ dataDir: this.options.dataDir, timeScale: this.options.timeScale }) : null;
    let runtime: AppRuntime;
    try {
      runtime = createAppRuntime({
        dataDir: backend?.dataDir ?? this.options.dataDir,
        apiBase: backend?.apiBase ?? this.options.apiBase,
        secrets: backend?.secrets ?? this.options.secrets,
        fetch: backend?.fetch,
        shell: this.options.shell,
        demo,
        chooseExportPath: this.options.chooseExportPath,
        placeDraft: this.options.placeDraft,
        openDraft: this.options.openDraft,
        version: this.options.version,
        timeScale: this.options.timeScale,
        background: this.options.background,
        checkAnswers: this.options.checkAnswers,
      });
    } catch (err) {
      await backend?.close();
      throw err;
    }
    this.current = runtime;
    this.demoBackend = backend;
    this.stopForwarding = runtime.onEvent((event, payload) => this.emit(event, payload));
    if (backend) void backend.fill(runtime, this.options.log ?? (() => undefined)).then(() => this.options.demoFilled?.());
    return runtime;
  }

  async close(): Promise<void> {
    const runtime = this.current;
    const backend = this.demoBackend;
    this.current = null;
    this.demoBackend = null;
    this.stopForwarding?.();
    this.stopForwarding = null;
    await runtime?.close().catch(() => undefined);
    await backend?.close().catch(() => undefined);
  }

  /** Closes the open runtime, runs `between` on the closed cache, and opens `demo`'s. One at a time. */
  reopen<T>(demo: boolean, between?: () => T | Promise<T>): Promise<T | undefined> {
    const run = this.switching.then(async () => {
      await this.close();
      try {
        return between ? await between() : undefined;
      } finally {
        await this.open(demo);
      }
    });
    this.switching = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    return this.current ? this.current.dispatch(method, input) : Promise.resolve(CLOSED);
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Also for the shell's own events (a file opened from the menu, a view to show). */
  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, payload);
      } catch {
        // One listener failing must not stop the window hearing it.
      }
    }
  }
}
