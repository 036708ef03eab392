/**
 * Whether the engine works alone or as a member of a team, switched without a restart: joining
 * stands the background sync down and starts the TeamMember (the team's leader syncs for every
 * desk); leaving stops the member and starts the background sync again. Joins, leaves and status
 * reads go one at a time, so a status read never reopens a session on an address just forgotten.
 * While a member runs, the team's state is read every few seconds and the window told when it
 * changed (`team.changed`).
 */
import type { TeamView } from '../shared/contract/index.js';
import type { Core } from '../core/context.js';
import type { AloneSync } from '../core/ports.js';
import { TeamMember } from './member.js';
import { defaultDeskName, deskName, forgetTeamSession, teamConfigured } from './session.js';
import { joinTeam, leaveTeam, teamStatus } from './team.js';
import { teamImportJobs } from './team-import-takeover.js';

/** Real milliseconds between reads of the team's state at time scale 1 (desks beat every 2 s). */
const WATCH_MS = 5_000;

export class TeamMode {
  private member: TeamMember | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private watchTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = '';
  private lastJobs = '';
  private closed = false;
  private readonly watchMs: number;
  /** The desk's own refresh; set when the engine starts its background work (never in tests that drive every step). */
  private alone: AloneSync | null = null;

  /** Tells `team.status` and `team.jobs` on the core's events when they changed. */
  constructor(
    private readonly core: Core,
    private readonly log?: (line: string) => void,
  ) {
    this.watchMs = Math.max(500, WATCH_MS / core.timeScale);
  }

  /** Starts the member in a team, else the desk's own background refresh. */
  start(alone: AloneSync): void {
    this.alone = alone;
    this.applyMode();
  }

  status(): Promise<TeamView> {
    return this.oneAtATime(() => this.read());
  }

  /** Tested before anything is saved (joinTeam); then this engine works in the team at once. */
  join(address: string, desk?: string): Promise<TeamView> {
    return this.oneAtATime(async () => {
      await joinTeam(this.core, address, desk ?? deskName(this.core));
      // A session of an earlier team (or of a status read before) must not be used again.
      await this.stopMember();
      this.applyMode();
      return this.tell(await this.read());
    });
  }

  leave(): Promise<TeamView> {
    return this.oneAtATime(async () => {
      // The member first: its next beat would register this desk again after leaveTeam removed it.
      await this.stopMember();
      try {
        await leaveTeam(this.core);
      } finally {
        await forgetTeamSession(this.core);
        // Left, or not (the keychain refused): either way this desk syncs in the mode it is now in.
        this.applyMode();
      }
      return this.tell(await this.read());
    });
  }

  /** `work` once the join or leave under way (if any) is done. */
  settled<T>(work: () => Promise<T>): Promise<T> {
    return this.oneAtATime(work);
  }

  /** This desk stored something the team should have (an import's rows, a watchlist edit): push it now. */
  kick(): void {
    this.member?.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.watchTimer) clearTimeout(this.watchTimer);
    await this.queue.catch(() => undefined);
    await this.member?.close();
  }

  private async read(): Promise<TeamView> {
    const { problem, ...status } = await teamStatus(this.core);
    return { ...status, problem, hostDesk: defaultDeskName() };
  }

  private tell(view: TeamView): TeamView {
    const text = JSON.stringify(view);
    if (text !== this.lastSent && !this.closed) {
      this.lastSent = text;
      this.core.events.emit('team.status', view);
    }
    return view;
  }

  /** The team's jobs, told when they changed since last told (read at the pace of the team's state). */
  private async tellJobs(): Promise<void> {
    if (!this.member) return;
    const jobs = await teamImportJobs(this.core);
    const text = JSON.stringify(jobs);
    if (text !== this.lastJobs && !this.closed) {
      this.lastJobs = text;
      this.core.events.emit('team.jobs', jobs);
    }
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private applyMode(): void {
    const alone = this.alone;
    if (!alone || this.closed) return;
    if (!teamConfigured(this.core)) {
      alone.start();
      return;
    }
    if (this.member) return;
    alone.stop();
    this.member = new TeamMember(this.core, this.log);
    this.member.start();
    this.watch();
  }

  private async stopMember(): Promise<void> {
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.watchTimer = null;
    const member = this.member;
    this.member = null;
    await member?.close();
    await forgetTeamSession(this.core);
  }

  private watch(): void {
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.watchTimer = setTimeout(() => {
      this.watchTimer = null;
      if (this.closed || !this.member) return;
      void this.oneAtATime(() => this.read())
        .then((view) => this.tell(view))
        .then((view) => (view.connected ? this.oneAtATime(() => this.tellJobs()) : undefined))
        .catch(() => undefined)
        .finally(() => {
          if (!this.closed && this.member) this.watch();
        });
    }, this.watchMs);
    this.watchTimer.unref?.();
  }
}
