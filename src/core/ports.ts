/**
 * What the core asks of the outside, as interfaces. Alone, a desk gets the SQLite implementations
 * below (its own cache's budget, nothing to share, its own background refresh); in a team, the
 * PostgreSQL adapter (src/team) implements them. The core never imports src/team: the engine and
 * the CLI plug the adapter in when they open the core (context.ts, `ports`).
 */
import type { ImportReport, JobProgress, NewUpdate, OutboxFields } from './data/index.js';
import type { RateBudget } from './platform/scheduler/rate-budget.js';

/** The budget every send to a limited endpoint is reserved in (the service's interface section 8). */
interface RateBudgetSource {
  /** The key's budget, given this cache's own: alone that one, in a team the team's (with the cache's as the stand-in). */
  rateBudget(local: RateBudget): RateBudget;
}

export interface SharedDataResult {
  /** False: this desk is in no team (nothing was done). */
  team: boolean;
  /** Rows stored in the cache (pull) or given to the team (push). */
  moved: number;
  /** What still waits to be pushed. */
  waiting: number;
  /** Why the team database could not be reached (said to the person), or null. */
  problem: string | null;
}

/** The data a team shares beside the service's: imported fields, watchlists, the change history, snapshots, balances. */
export interface SharedData {
  /** True when this desk works in a team (cheap: no network). */
  inTeam(): boolean;
  /** Brings what the team has into the cache, within the deadline. Never throws: an unreachable team is said in `problem`. */
  pull(options?: { deadlineMs?: number }): Promise<SharedDataResult>;
  /** Gives the team what this desk owes it (field edits, list edits, balance readings), within the deadline. Never throws. */
  push(options?: { deadlineMs?: number }): Promise<SharedDataResult>;
  /** Import rows and watchlist edits not yet pushed (`team status`'s `pending`). */
  pending(): number;
}

/** The single-desk refresh, as far as a team needs it. */
export interface AloneSync {
  start(): void;
  stop(): void;
}

/** Who keeps the cache fresh: this desk alone, or the team's leader (this desk following or leading). */
interface SyncLeadership {
  /** Starts this desk's part; switches between alone and the team as the desk joins or leaves. */
  start(alone: AloneSync): void;
  close(): Promise<void>;
}

interface TeamImportOptions {
  onProgress?: (progress: JobProgress) => void;
  needRoute?: boolean;
}

/** Import jobs as a team's: any desk works them, each reference sent once. */
interface TeamImports {
  /** Runs (or resumes) a stored job as the team's; null when this desk works alone (the job runs here). */
  run(jobId: number, options: TeamImportOptions): Promise<ImportReport | null>;
  /** Finishes the team's unfinished jobs that other desks started (none alone). */
  resumeOthers(onProgress?: (jobKey: string, progress: JobProgress) => void): Promise<ImportReport[]>;
}

/** An update's outbox entry in the team database: the same compare-and-set on the state and the attempt id. */
export interface TeamOutbox {
  load(id: string): Promise<OutboxFields | null>;
  /** Replaces it when the stored entry still has `expected`'s state and attempt id (and copies the move into the cache); false when it changed meanwhile. */
  replace(id: string, expected: OutboxFields, next: OutboxFields): Promise<boolean>;
}

/** Customer updates as a team's: one update per slot and one sender per update, claimed in the team database. */
export interface TeamCustomerUpdates {
  /** This desk in its team (who composed or sent an update); null alone. */
  desk(): { id: string; name: string } | null;
  /**
   * Offers an update composed here as the customer's next in the team: `won` (it is in the team
   * database; keep it), `lost` (another desk's update of this slot came first; drop this one),
   * `unreachable` (nothing was decided; compose again later). Null alone: the cache's to keep.
   */
  offer(update: NewUpdate): Promise<'won' | 'lost' | 'unreachable' | null>;
  /** The outbox the sender works in a team; null alone (the cache's). */
  outbox(): TeamOutbox | null;
  /** Updates held by a desk that died and whose lease ran out become uncertain; answers how many (none alone). */
  settleAbandoned(): Promise<number>;
}

export interface Ports {
  rateBudget: RateBudgetSource;
  shared: SharedData;
  leadership: SyncLeadership;
  teamImports: TeamImports;
  customerUpdates: TeamCustomerUpdates;
}

/** A desk alone: its cache is the whole truth. */
export const ALONE: Ports = {
  rateBudget: { rateBudget: (local) => local },
  shared: {
    inTeam: () => false,
    pull: async () => ({ team: false, moved: 0, waiting: 0, problem: null }),
    push: async () => ({ team: false, moved: 0, waiting: 0, problem: null }),
    pending: () => 0,
  },
  leadership: {
    start: (alone) => alone.start(),
    close: async () => undefined,
  },
  teamImports: {
    run: async () => null,
    resumeOthers: async () => [],
  },
  customerUpdates: {
    desk: () => null,
    offer: async () => null,
    outbox: () => null,
    settleAbandoned: async () => 0,
  },
};
