/**
 * What every feature's contract handlers share: their types, derived from the contract, and what
 * the host (the engine in the desktop app or the web harness) tells the features about itself.
 * How a handler tells the windows what changed is not here: it emits a domain event (events.ts).
 */
import type { ApiMethod, ApiOutput, AppInfo, HandlerInput } from '../shared/contract/index.js';

/** One function per method, typed from the contract's definition: its input as validated, its answer. */
export type Handlers = { [M in ApiMethod]: (input: HandlerInput<M>) => Promise<ApiOutput<M>> };

/** The methods of one feature (`imports.*`, `map.*`…), implemented by it: each prefix is a feature's folder. */
export type AreaHandlers<P extends string> = Pick<Handlers, Extract<ApiMethod, `${P}.${string}`>>;

/** Where an export goes: the host asks the person (main's save dialog) or makes a download (the harness). Null: cancelled. */
export type ChooseExportPath = (fileName: string, format: 'csv' | 'xlsx') => Promise<{ path: string; download?: string } | null>;

/** Where a customer update's .eml draft is written: main's drafts folder, or a download (the harness). */
type PlaceDraft = (fileName: string) => Promise<{ path: string; download?: string }>;

export interface Host {
  info: AppInfo;
  /** Without it, exports are refused. */
  chooseExportPath?: ChooseExportPath;
  /** Without it, drafts go to the data folder's drafts/. */
  placeDraft?: PlaceDraft;
  /** Opens a written draft with the system's mail program (main); false when it could not. Without it, nothing is opened. */
  openDraft?: (path: string) => Promise<boolean>;
  /** False: no background work (tests that drive every step). */
  background: boolean;
}

/** What a feature gives the engine: its handlers, and its background work while the engine runs. */
export interface FeatureParts<P extends string> {
  handlers: AreaHandlers<P>;
  /** Starts timers and subscribers (only when the host runs background work). */
  start?(): void;
  close?(): void | Promise<void>;
}
