/**
 * The messages between the engine (the process that owns a cache) and whoever talks to it:
 * a window over its own MessagePort, and the host (Electron main, or the web harness) over the
 * process channel. Plain data only; the same shapes travel over a MessagePort, Electron's
 * parentPort and Node's child-process IPC.
 */
import type { EventName, Events, Result } from './contract/index.js';

/** Anything that may talk to the engine. */
export type ToEngine =
  /** A contract method; answered once with `result` of the same id. */
  | { t: 'call'; id: number; method: string; input?: unknown }
  /** The caller no longer wants the answer (a newer search, a closed dialog); nothing is sent back. */
  | { t: 'cancel'; id: number }
  /** Events may flow now: the engine sends what it held back while no window listened. */
  | { t: 'subscribe' };

/** What the engine sends on a channel. `seq` orders answers and events of one channel. */
export type FromEngine =
  | { t: 'result'; id: number; seq: number; result: Result<unknown> }
  | { t: 'event'; seq: number; event: EventName; payload: unknown };

/** What only the host may ask (never a window): it owns dialogs, menus and file associations. */
export type HostCommand =
  /** A spreadsheet the person chose in a dialog, or the OS handed over: opened as if dropped. */
  | { kind: 'openSpreadsheet'; path: string }
  /** File → Back Up: an integrity-checked copy of the cache to `path`. */
  | { kind: 'backup'; path: string }
  /** File → Restore: the cache replaced from `path` (the current one kept beside it). */
  | { kind: 'restore'; path: string }
  /** Sample data on or off (the host reloads the window afterwards). */
  | { kind: 'sampleData'; on: boolean }
  /** A notification click or the menu asks the window to show a view or a shipment. */
  | { kind: 'show'; request: Events['window.show'] }
  /** How responsive the engine has been since the last ask (EngineHealth); for logs, benchmarks and tests. */
  | { kind: 'health' };

export interface EngineHealth {
  /** The longest the engine's event loop was held since the last ask: how long a call could wait. */
  loopMaxMs: number;
  loopP99Ms: number;
  rssMb: number;
}

export interface EngineState {
  demo: boolean;
  dataDir: string;
}

/** What the engine asks of its host; answered with `reply`. */
export type EngineRequest =
  /** Where to write an export: the host's save dialog (desktop) or a download (harness). Null: cancelled. */
  | { kind: 'savePath'; fileName: string; format: 'csv' | 'xlsx' }
  /** Where to write a customer update's .eml draft (desktop: a drafts folder of main's; harness: a download); answers a SavePathAnswer. */
  | { kind: 'draftPath'; fileName: string }
  /** Open a draft written to a path `draftPath` gave, with the system's mail program; answers whether it was opened. */
  | { kind: 'openDraft'; path: string }
  /** The harness in tests holds the secrets itself; the engine borrows them. */
  | { kind: 'secret.get'; account: string }
  | { kind: 'secret.set'; account: string; value: string }
  | { kind: 'secret.delete'; account: string };

export interface SavePathAnswer {
  path: string;
  /** Where a browser fetches the written file (harness only). */
  download?: string;
}

/** Host ⇄ engine, over the process channel. Window-shaped calls share it (the harness relays). */
export type HostToEngine =
  | ToEngine
  | { t: 'start'; options: EngineStartOptions }
  /** A window's own MessagePort is attached to this message (Electron). */
  | { t: 'window' }
  | { t: 'command'; id: number; command: HostCommand }
  | { t: 'reply'; id: number; ok: boolean; value?: unknown; message?: string }
  | { t: 'stop' };

export type EngineToHost =
  | FromEngine
  /** The entry listens: the host may send `start` (nothing sent before this is relied on). */
  | { t: 'alive' }
  /** Started (or not): the message says why, in words for a dialog. */
  | { t: 'ready'; ok: true; state: EngineState }
  | { t: 'ready'; ok: false; message: string }
  | { t: 'done'; id: number; result: Result<unknown> }
  | { t: 'request'; id: number; request: EngineRequest }
  /** The open cache changed (sample data on or off, a restore): windows reload. */
  | { t: 'reopened'; state: EngineState }
  /** The sample data's first refresh finished (or failed; the engine logged why). */
  | { t: 'demoReady' }
  | { t: 'log'; line: string }
  | { t: 'stopped' };

export interface EngineStartOptions {
  dataDir: string;
  /** QUAYSIDE_API_BASE or a flag; else the address stored with the cache. */
  apiBase: string | null;
  version: string;
  shell: 'electron' | 'harness';
  /** Open on the sample data. */
  demo: boolean;
  /** Whether the host can reload its windows on another cache (the desktop app can; the harness cannot). */
  canSwitchSampleData: boolean;
  /** Keychain (default) or the host's own store (the harness in tests). */
  secrets: 'keychain' | 'host';
  /** Tests and benchmarks only: compresses rate windows and waits. */
  timeScale?: number;
  /** better-sqlite3 built for this runtime's ABI (Electron); absent: the package's own build. */
  sqliteAddon?: string;
  /** False: no background refresh and no resuming of imports (tests that drive every step). */
  background?: boolean;
  /** False in the packaged desktop app: answers and events are not checked against the contract (AppRuntimeOptions.checkAnswers). */
  checkAnswers?: boolean;
}

export function isToEngine(message: unknown): message is ToEngine {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { t?: unknown; id?: unknown; method?: unknown };
  if (m.t === 'subscribe') return true;
  if (m.t === 'cancel') return Number.isSafeInteger(m.id);
  return m.t === 'call' && Number.isSafeInteger(m.id) && typeof m.method === 'string';
}
