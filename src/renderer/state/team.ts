/** The team as this desk sees it (Settings → Team, the status bar); the engine pushes every change. */
import { create } from 'zustand';
import type { TeamView } from '../../shared/contract';
import { call, messageOf, onEvent } from '../api/call';

/** A desk seen within this long of the most recently seen one counts as online (desks say they are alive every 2 s). */
const ONLINE_WITHIN_MS = 30_000;

export interface TeamState {
  view: TeamView | null;
  error: string | null;
  load(): Promise<void>;
  apply(view: TeamView): void;
  /** Tested by the engine before anything is saved; throws its sentence when refused. */
  join(address: string, desk: string): Promise<TeamView>;
  leave(): Promise<TeamView>;
}

export const useTeam = create<TeamState>()((set) => ({
  view: null,
  error: null,
  async load() {
    try {
      set({ view: await call('team.status'), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  apply(view) {
    set({ view, error: null });
  },
  async join(address, desk) {
    const view = await call('team.join', { address, desk });
    set({ view, error: null });
    return view;
  },
  async leave() {
    const view = await call('team.leave');
    set({ view, error: null });
    return view;
  },
}));

/**
 * The desks online: seen within ONLINE_WITHIN_MS of the newest sighting. Measured against the
 * team database's own clock (every lastSeenAt is its), so a desk whose clock is off by minutes
 * still counts its colleagues right.
 */
export function desksOnline(view: TeamView): { desk: string; lastSeenAt: string }[] {
  const newest = Math.max(...view.desks.map((d) => Date.parse(d.lastSeenAt)).filter(Number.isFinite));
  return view.desks.filter((d) => Date.parse(d.lastSeenAt) >= newest - ONLINE_WITHIN_MS);
}

export function connectTeam(): () => void {
  const off = onEvent('team.changed', (view) => useTeam.getState().apply(view));
  void useTeam.getState().load();
  return off;
}

export function resetTeamStore(): void {
  useTeam.setState({ view: null, error: null });
}
