import type { EventName, Events, Result } from '../shared/contract/index.js';
import type { SecretStore } from '../core/platform/secrets/index.js';
import type { Core } from '../core/context.js';

export interface AppRuntimeOptions {
  dataDir: string;
  /** From a flag or the environment; else the address stored with this cache. */
  apiBase?: string | null;
  secrets: SecretStore;
  shell: 'electron' | 'harness';
  demo?: boolean;
  version: string;
  timeScale?: number;
  fetch?: typeof fetch;
  /**
   * Where an export goes: the host asks the person (Electron main's save dialog) or makes a
   * download (the harness). Null: the person cancelled. Without it, exports are refused.
   */
  chooseExportPath?: (fileName: string, format: 'csv' | 'xlsx') => Promise<{ path: string; download?: string } | null>;
  /** Where a customer update's draft is written (main's drafts folder, a harness download); see Host.placeDraft. */
  placeDraft?: (fileName: string) => Promise<{ path: string; download?: string }>;
  /** Opens a written draft with the system's mail program (main); see Host.openDraft. */
  openDraft?: (path: string) => Promise<boolean>;
  now?: () => Date;
  /** False: no background refresh and no resuming of imports (tests that drive every step). Default true. */
  background?: boolean;
  /**
   * Each answer and event is checked against the contract's schemas (src/shared/contract/check.ts):
   * a mismatch answers an 'internal' error, and an event's is thrown where a test sees it. Default
   * true (development, the harness, tests); the packaged desktop app passes false.
   */
  checkAnswers?: boolean;
}

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/** The core as the window's back end: one per data folder, shared by Electron main and the web harness. */
export interface AppRuntime {
  /** Validates `input` against the method's schema, runs it, and never throws: errors become readable `AppError`s. */
  dispatch(method: string, input: unknown): Promise<Result<unknown>>;
  /** Everything main pushes to the window; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  readonly core: Core;
  close(): Promise<void>;
}
