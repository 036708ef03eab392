/**
 * This desk as a member of its team, while the engine runs: it says it is alive every few seconds,
 * bids for the sync leadership (leader-lock.ts), and then either leads the sync of
 * GET /v2/shipments for the whole key (leader-sync.ts) or pulls the leader's snapshots into its
 * cache (snapshots.ts). When the leader's process dies, its connection and its lock go with it,
 * and the next desk to beat takes over; a new leader syncs at once. While the team database cannot
 * be reached there is no leader: each desk then refreshes its own cache, as a desk alone would,
 * once the cache is a sync interval old, so no desk's shipments go stale during a long outage.
 */
import type { Core } from '../core/context.js';
import { TeamDbError } from './db/errors.js';
import { syncIntervalMinutes } from '../core/features/sync/index.js';
import { syncShipments } from '../core/features/sync/index.js';
import { LeaderLock } from './leader-lock.js';
import { leadSyncRound } from './leader-sync.js';
import { pullSnapshots } from './snapshots.js';
import { pullChanges } from './changes.js';
import { pullCredits, pushCredits } from './credits.js';
import { shareCustomers } from './customers.js';
import { pullFieldEdits, pushFieldEdits, requestSyncRound } from './fields.js';
import { teamSession, type TeamSession } from './session.js';
import { OrphanedImports } from './team-import-takeover.js';
import { pullWatchlists, pushWatchlists } from './watchlists.js';
import { pullAttentionMarks, pushAttentionMarks } from './attention.js';

/** Real milliseconds between beats at time scale 1: a dead leader is replaced within about two. */
const BEAT_MS = 2_000;
/** After a failed round (the service unreachable), the leader tries again this much later. */
const ROUND_RETRY_MS = 60_000;
/** Rounds asked for by desks that tracked new shipments: at most one per this (an import stores many times). */
const REQUESTED_ROUND_GAP_MS = 10_000;

export interface TeamMemberView {
  connected: boolean;
  leader: boolean;
  lastError: string | null;
  /** Sync rounds this desk has led since it started. */
  roundsLed: number;
  /** Sync rounds this desk ran alone (the team database unreachable) since it started. */
  roundsAlone: number;
}

export class TeamMember {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lock: LeaderLock | null = null;
  private leading = false;
  private nextRoundAt = 0;
  private lastRoundAt = -Infinity;
  private closed = false;
  private ticking = false;
  /** A hint came while a beat was running: beat again right after it. */
  private again = false;
  /** A desk asked for a round (it tracked new shipments), or this desk pushed fields as the leader. */
  private roundWanted = false;
  private readonly beatMs: number;
  private state: Omit<TeamMemberView, 'roundsLed' | 'roundsAlone'> = { connected: false, leader: false, lastError: null };
  private roundsLed = 0;
  private roundsAlone = 0;
  /** When this desk's cache was last as fresh as the service (a round led or run alone, or the leader's snapshots pulled). */
  private freshAt = -Infinity;
  /** No round alone before this (one failed: the service unreachable too). */
  private aloneRetryAt = 0;
  /** Imports whose desk died, finished here. */
  private readonly orphans: OrphanedImports;

  /** What it stores is told on the core's events by the pulls and rounds themselves (snapshots.ts, changes.ts…). */
  constructor(
    private readonly core: Core,
    private readonly log?: (line: string) => void,
  ) {
    this.beatMs = Math.max(100, BEAT_MS / core.timeScale);
    this.orphans = new OrphanedImports(core, (line) => this.log?.(line));
  }

  view(): TeamMemberView {
    return { ...this.state, roundsLed: this.roundsLed, roundsAlone: this.roundsAlone };
  }

  start(): void {
    this.beat();
  }

  private beat(): void {
    if (this.closed) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.closed) return;
      if (this.again) {
        this.again = false;
        this.beat();
        return;
      }
      this.timer = setTimeout(() => this.beat(), this.beatMs);
    });
  }

  private async tick(): Promise<void> {
    try {
      const session = await teamSession(this.core);
      if (!session) return;
      this.lock ??= new LeaderLock(session, (kind) => {
        if (kind === 'sync') this.roundWanted = true;
        this.beat();
      });
      const leader = await this.lock.beat();
      this.state = { connected: true, leader, lastError: null };
      await this.orphans.adopt(session);
      // Fields of this desk's imports (waiting since the last push, offline too) go out first;
      // their shipments reach the other desks with the leader's next round, asked for now.
      if ((await pushFieldEdits(this.core, session)) > 0) {
        if (leader) this.roundWanted = true;
        else await requestSyncRound(session);
      }
      // This desk's watchlist edits and attention marks (made offline too) go out; the team's come in after the shipments they name.
      await pushWatchlists(this.core, session);
      await pushAttentionMarks(this.core, session);
      await this.shareCredits(session);
      // Customers changed here go out; the team's customers and updates (sent, by which desk) come in.
      await shareCustomers(this.core, session);
      if (!leader) {
        this.leading = false;
        await pullSnapshots(this.core, session);
        // The leader's changes after its snapshots: a change waits for its shipment's snapshot.
        await pullChanges(this.core, session, false);
        this.core.write((tx) => tx.team.changes.holdOwnChanges());
        await pullFieldEdits(this.core, session);
        this.freshAt = Date.now();
        await pullWatchlists(this.core, session);
        await pullAttentionMarks(this.core, session);
        return;
      }
      // Before a round (it may take a while): another desk's watchlist edit shows here at once.
      await pullWatchlists(this.core, session);
      // Taking over: what the leader before published and this desk had not pulled yet is stored
      // first, so this desk's round does not record the same changes again.
      if (!this.leading) await pullSnapshots(this.core, session);
      await pullChanges(this.core, session, this.leading);
      await this.leadIfDue(session);
      await pullFieldEdits(this.core, session);
      await pullAttentionMarks(this.core, session);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.state = { connected: false, leader: this.lock?.isLeader ?? false, lastError: message };
      this.log?.(`Team: ${message}`);
      if (err instanceof TeamDbError && err.kind === 'unreachable') await this.syncAloneIfDue();
    }
  }

  /**
   * Cut off from the team: no leader publishes, so this desk refreshes its own cache at the sync
   * interval (GET /v2/shipments costs no credits; the rate budget falls back to the desk's own).
   */
  private async syncAloneIfDue(): Promise<void> {
    const now = Date.now();
    const minutes = syncIntervalMinutes(this.core);
    if (minutes <= 0 || now < this.aloneRetryAt || now < this.freshAt + (minutes * 60_000) / this.core.timeScale) return;
    try {
      await syncShipments(this.core);
      this.freshAt = Date.now();
      this.roundsAlone++;
      this.log?.('Team: refreshed the shipments on this desk alone while the team database cannot be reached.');
    } catch (err) {
      this.aloneRetryAt = Date.now() + ROUND_RETRY_MS / this.core.timeScale;
      this.log?.(`Team: this desk's own refresh failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Balance readings: this desk's go out, the others' come in. */
  private async shareCredits(session: TeamSession): Promise<void> {
    await pushCredits(this.core, session);
    await pullCredits(this.core, session);
  }

  /** Something changed on this desk (an import stored rows): push it now rather than at the next beat. */
  kick(): void {
    this.beat();
  }

  private async leadIfDue(session: TeamSession): Promise<void> {
    const now = Date.now();
    const minutes = syncIntervalMinutes(this.core);
    // A desk that just took over syncs at once: the leader before it may have died mid-round.
    const requested = this.roundWanted && now >= this.lastRoundAt + REQUESTED_ROUND_GAP_MS / this.core.timeScale;
    if (this.leading && !requested && (now < this.nextRoundAt || minutes <= 0)) return;
    this.leading = true;
    this.roundWanted = false;
    this.lastRoundAt = now;
    this.nextRoundAt = now + (Math.max(minutes, 0) * 60_000) / this.core.timeScale;
    try {
      await leadSyncRound(this.core, session);
      this.freshAt = Date.now();
      this.roundsLed++;
    } catch (err) {
      this.nextRoundAt = Date.now() + ROUND_RETRY_MS / this.core.timeScale;
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.orphans.close();
    await this.lock?.drop();
    const session = await teamSession(this.core).catch(() => null);
    await session?.db.close();
  }
}
