// @vitest-environment jsdom
/** The team's imports on the Import page: who started a sheet, who runs it now, its progress; live by team.jobs. */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamImportJobView, TeamView } from '../../shared/contract';
import { connectTeam, useTeam } from '../state/team';
import { connectTeamJobs } from '../state/team-jobs';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { TeamJobList } from './TeamJobList';

const JOINED: TeamView = {
  connected: true, team: 'postgres://quayside@db.office.lan:5432/quayside', desk: 'Anna', leader: 'Desk-2',
  desks: [{ desk: 'Anna', lastSeenAt: new Date().toISOString(), id: 'desk-anna' }], lastPullAt: null, pending: 0, problem: null, hostDesk: 'ops-pc-04',
};
const RUNNING: TeamImportJobView = {
  jobKey: 'job-1', desk: 'Desk-2', originJobId: 3, file: 'acme week 48.csv', state: 'running', references: 40, done: 10, sent: 20, found: 9, notFound: 1, failed: 0,
  runningOn: 'Desk-2', createdAt: new Date(Date.now() - 120_000).toISOString(), finishedAt: null, finishedBy: null,
};

let bridge: FakeBridge;
let view: TeamView;
let stops: (() => void)[] = [];

beforeEach(() => {
  view = JOINED;
  bridge = createFakeBridge({ 'team.status': () => view, 'team.jobs': () => [RUNNING] });
  resetStores(bridge);
  stops = [connectTeam(), connectTeamJobs()];
});
afterEach(() => {
  for (const stop of stops) stop();
  cleanup();
  resetStores();
});

describe('Team imports', () => {
  it("shows another desk's sheet with its desk, progress and state, and follows team.jobs (a takeover, the end)", async () => {
    render(<TeamJobList />);
    const job = await screen.findByRole('listitem', { name: 'acme week 48.csv, started by Desk-2' });
    expect(job.textContent).toContain('Started by Desk-2');
    expect(job.textContent).toContain('Running on Desk-2');
    expect(job.textContent).toContain('10 of 40 references done · 20 sent · 9 tracked · 1 not found');
    const bar = within(job).getByRole('progressbar', { name: 'Progress of acme week 48.csv (started by Desk-2)' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('list').tabIndex).toBe(0);

    act(() => bridge.emit('team.jobs', [{ ...RUNNING, runningOn: 'Anna', done: 30, sent: 40, found: 28 }]));
    expect(job.textContent).toContain('Running on Anna (this desk) (taken over)');
    act(() => bridge.emit('team.jobs', [{ ...RUNNING, state: 'done', runningOn: null, done: 40, sent: 40, found: 38, notFound: 2, finishedBy: 'Anna', finishedAt: new Date().toISOString() }]));
    expect(job.textContent).toContain('Finished by Anna (this desk) (taken over)');
    expect(job.textContent).toContain('Finished');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('is not there for a desk in no team', async () => {
    view = { ...JOINED, connected: false, team: null, desk: null };
    await act(() => useTeam.getState().load());
    render(<TeamJobList />);
    expect(screen.queryByRole('region', { name: 'Team imports' })).toBeNull();
  });
});
