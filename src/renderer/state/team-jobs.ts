/**
 * The team's import jobs, every desk's (the Import page, in a team): loaded when the page opens
 * and kept current by the engine's `team.jobs` event, which it sends at the pace of the team's
 * state while this desk is connected.
 */
import { create } from 'zustand';
import type { TeamImportJobView } from '../../shared/contract';
import { call, messageOf, onEvent } from '../api/call';

export interface TeamJobsState {
  jobs: TeamImportJobView[];
  /** Why the last read failed (the team database unreachable); the last jobs read stay shown. */
  error: string | null;
  load(): Promise<void>;
  apply(jobs: TeamImportJobView[]): void;
}

export const useTeamJobs = create<TeamJobsState>()((set) => ({
  jobs: [],
  error: null,
  async load() {
    try {
      set({ jobs: await call('team.jobs'), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  apply(jobs) {
    set({ jobs, error: null });
  },
}));

export function connectTeamJobs(): () => void {
  return onEvent('team.jobs', (jobs) => useTeamJobs.getState().apply(jobs));
}

export function resetTeamJobsStore(): void {
  useTeamJobs.setState({ jobs: [], error: null });
}
