/**
 * The core's SharedData port for a desk in a team: what a short-lived command (a `quayside`
 * command) does to take part in its team exactly as the app's member does at each beat: pull what
 * the team has before reading (the leader's snapshots, the change history, imported fields,
 * watchlists, balance readings, customers and their updates, attention marks) and push what it owes before it quits (outbox.ts). The app's engine
 * runs the member loop (member.ts) and pulls continuously; both use the same pulls and pushes.
 */
import type { Core } from '../core/context.js';
import type { SharedData, SharedDataResult } from '../core/ports.js';
import { pullAttentionMarks } from './attention.js';
import { pullChanges } from './changes.js';
import { pullCredits } from './credits.js';
import { pullCustomerUpdates, pullCustomers } from './customers.js';
import { pullFieldEdits } from './fields.js';
import { pendingTeamWrites, pushTeamOutbox } from './outbox.js';
import { teamConfigured, teamSession } from './session.js';
import { pullSnapshots } from './snapshots.js';
import { pullWatchlists } from './watchlists.js';

/** A pull or push not done by then is left to finish, or not, on its own; what was stored stays. */
const DEFAULT_DEADLINE_MS = 10_000;

const ALONE_RESULT: SharedDataResult = { team: false, moved: 0, waiting: 0, problem: null };

/** Everything the team has that this desk has not stored; returns how many rows it stored. */
async function pullTeamData(core: Core): Promise<number> {
  const session = await teamSession(core);
  if (!session) return 0;
  let moved = await pullSnapshots(core, session);
  // The leader's changes after its snapshots (a change waits for its shipment's snapshot); this desk follows.
  moved += await pullChanges(core, session, false);
  core.write((tx) => tx.team.changes.holdOwnChanges());
  moved += await pullFieldEdits(core, session);
  moved += await pullWatchlists(core, session);
  moved += await pullCredits(core, session);
  moved += await pullCustomers(core, session);
  moved += await pullCustomerUpdates(core, session);
  moved += await pullAttentionMarks(core, session);
  return moved;
}

async function withDeadline<T>(work: Promise<T>, deadlineMs: number, what: string): Promise<{ value: T | null; problem: string | null }> {
  // Work that outlives the deadline may still fail later (the command closed the cache): not news.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
    timer.unref?.();
  });
  try {
    const outcome = await Promise.race([work, late]);
    if (outcome === 'late') return { value: null, problem: `The team database did not answer within ${Math.round(deadlineMs / 1000)} s; ${what}.` };
    return { value: outcome as T, problem: null };
  } catch (err) {
    return { value: null, problem: `${err instanceof Error ? err.message : String(err)} (${what})` };
  } finally {
    clearTimeout(timer);
  }
}

export function teamSharedData(core: Core): SharedData {
  return {
    inTeam: () => teamConfigured(core),
    pending: () => (teamConfigured(core) ? pendingTeamWrites(core) : 0),
    async pull(options = {}) {
      if (!teamConfigured(core)) return ALONE_RESULT;
      const { value, problem } = await withDeadline(pullTeamData(core), options.deadlineMs ?? DEFAULT_DEADLINE_MS, "this desk's cache is shown as it is");
      return { team: true, moved: value ?? 0, waiting: pendingTeamWrites(core), problem };
    },
    async push(options = {}) {
      if (!teamConfigured(core)) return ALONE_RESULT;
      const { value, problem } = await withDeadline(pushTeamOutbox(core), options.deadlineMs ?? DEFAULT_DEADLINE_MS, 'what this desk owes the team waits in its cache');
      return { team: true, moved: value?.pushed ?? 0, waiting: pendingTeamWrites(core), problem };
    },
  };
}
