/**
 * What every feature's contract handlers share: their types, derived from the contract, and the
 * engine's context (the core, what the app is, and how a handler tells the windows what changed).
 */
import type { ApiMethod, ApiOutput, HandlerInput } from '../../shared/contract/index.js';
import type { QuaysideService } from '../core.js';
import type { BackgroundSync } from './sync/background-sync.js';

/** One function per method, typed from the contract's definition: its input as validated, its answer. */
export type Handlers = { [M in ApiMethod]: (input: HandlerInput<M>) => Promise<ApiOutput<M>> };

/** The methods of one area (`import.*`, `map.*`…), implemented by its feature. */
export type AreaHandlers<P extends string> = Pick<Handlers, Extract<ApiMethod, `${P}.${string}`>>;

export interface HandlerContext {
  service: QuaysideService;
  info: { version: string; dataDir: string; demo: boolean; shell: 'electron' | 'harness' };
  /** Sends the stored balance; with `reread`, reads it from the service first (after spending or a refund). */
  emitCredits(reread?: boolean): void;
  shipmentsChanged(ids: number[] | null, reason: 'track' | 'note' | 'removal'): void;
  keyChanged(): void;
  sync: BackgroundSync;
}
