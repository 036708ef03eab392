// @vitest-environment jsdom
/** Settings → Team and the status bar's team mark: join, the team's state, leave. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamView } from '../../shared/contract';
import { TeamStatus } from '../components/TeamStatus';
import { connectTeam, useTeam } from '../state/team';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { TeamSection } from './TeamSection';

const ADDRESS = 'postgres://quayside:harbour-Secret-7731@db.office.lan:5432/quayside';
const ALONE: TeamView = { connected: false, team: null, desk: null, leader: null, desks: [], lastPullAt: null, pending: 0, problem: null, hostDesk: 'ops-pc-04' };
const seen = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const JOINED: TeamView = {
  connected: true,
  team: 'postgres://quayside@db.office.lan:5432/quayside',
  desk: 'Anna',
  leader: 'Desk-2',
  desks: [
    { desk: 'Anna', lastSeenAt: seen(1), id: 'desk-anna' },
    { desk: 'Desk-2', lastSeenAt: seen(2), id: 'desk-2' },
    { desk: 'Night desk', lastSeenAt: seen(3 * 3600), id: 'desk-night' },
  ],
  lastPullAt: seen(120),
  pending: 2,
  problem: null,
  hostDesk: 'ops-pc-04',
};

let bridge: FakeBridge;
let current: TeamView;
let stop: () => void;

beforeEach(() => {
  current = ALONE;
  bridge = createFakeBridge({
    'team.status': () => current,
    'team.join': ({ address, desk }) => {
      if (!address.includes('harbour-Secret-7731')) {
        throw { code: 'service', message: 'The team database at postgres://quayside@db.office.lan:5432/quayside refused the user name or password; ask whoever set it up for the address again.' };
      }
      return (current = { ...JOINED, desk: desk ?? 'ops-pc-04', desks: [{ desk: desk ?? 'ops-pc-04', lastSeenAt: seen(0), id: 'desk-here' }], leader: null, pending: 0 });
    },
    'team.leave': () => (current = ALONE),
  });
  resetStores(bridge);
  stop = connectTeam();
});

afterEach(() => {
  stop();
  cleanup();
  resetStores();
});

const addressField = () => screen.getByLabelText('Team database address') as HTMLInputElement;

describe('Settings → Team', () => {
  it('refuses a wrong address with the engine\'s sentence, keeps no copy of it, then joins with the desk name typed', async () => {
    render(<TeamSection />);
    expect(addressField().type).toBe('password');
    const desk = (await screen.findByLabelText("This desk's name")) as HTMLInputElement;
    await waitFor(() => expect(desk.value).toBe('ops-pc-04'));

    fireEvent.change(addressField(), { target: { value: 'postgres://quayside:wrong@db.office.lan:5432/quayside' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test and join' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/refused the user name or password; ask whoever set it up/);
    expect(addressField().value).toBe('');
    expect(screen.getByRole('button', { name: 'Test and join' })).toBeInstanceOf(HTMLElement);

    fireEvent.change(addressField(), { target: { value: `  ${ADDRESS} ` } });
    fireEvent.change(desk, { target: { value: 'Anna' } });
    fireEvent.submit(addressField().closest('form')!);
    await screen.findByText(/Joined the team at postgres:\/\/quayside@db\.office\.lan:5432\/quayside as desk "Anna"/);
    expect(bridge.callsOf('team.join')).toEqual([
      { address: 'postgres://quayside:wrong@db.office.lan:5432/quayside', desk: 'ops-pc-04' },
      { address: ADDRESS, desk: 'Anna' },
    ]);
    // Once joined, the password is nowhere on the page.
    expect(document.body.innerHTML).not.toContain('harbour-Secret-7731');
    expect(screen.queryByLabelText('Team database address')).toBeNull();
  });

  it('shows the team: the leader, the desks online and away, the last pull, what waits; and follows team.changed', async () => {
    current = JOINED;
    await act(() => useTeam.getState().load());
    render(
      <>
        <TeamSection />
        <TeamStatus />
      </>,
    );
    expect(document.querySelector('.team-state')!.textContent).toBe('Connected to postgres://quayside@db.office.lan:5432/quayside as desk Anna.');
    expect(screen.getByText('Desk-2: it refreshes the shipments for every desk')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('2 changes the team has not had yet (field edits, list edits, attention marks)')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('2 min ago')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('2 of 3 desks on this API key')).toBeInstanceOf(HTMLElement);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Anna (this desk)just nowOnline', 'Desk-2just nowOnlineLeader', 'Night desk3 h agoAway']);
    expect(screen.getByRole('button', { name: /^Team: 2 desks online · leader Desk-2 · 2 changes waiting$/ })).toBeInstanceOf(HTMLElement);

    // The team database went away: said in the section and in the status bar.
    act(() =>
      bridge.emit('team.changed', {
        ...JOINED,
        connected: false,
        leader: null,
        desks: [],
        problem: 'The team database at postgres://quayside@db.office.lan:5432/quayside cannot be reached (connect ECONNREFUSED); check the address and that the server is running, or work on alone: this desk keeps its own cache.',
      }),
    );
    expect(screen.getAllByRole('alert')[0]!.textContent).toMatch(/cannot be reached.*this desk keeps its own cache\. 2 changes waiting to be pushed \(field edits, list edits, attention marks\) will go out when the team database is back\.$/);
    expect(screen.getByRole('button', { name: "Team offline — working from this desk's cache · 2 changes waiting" })).toBeInstanceOf(HTMLElement);
  });

  it('says the leading desk has nothing to pull, rather than "Not yet"', async () => {
    current = { ...JOINED, leader: 'Anna', lastPullAt: null };
    await act(() => useTeam.getState().load());
    render(<TeamSection />);
    expect(screen.getByText('Anna (this desk): it refreshes the shipments for every desk')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Not needed: this desk leads, the others pull from it')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Not yet')).toBeNull();
  });

  it('leaves only after the person confirms', async () => {
    current = JOINED;
    await act(() => useTeam.getState().load());
    render(<TeamSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the team…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the team?' });
    expect(dialog.textContent).toMatch(/Not yet pushed: 2 changes/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsOf('team.leave')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Leave the team…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave the team' }));
    await screen.findByRole('button', { name: 'Test and join' });
    expect(bridge.callsOf('team.leave')).toHaveLength(1);
  });

  it('shows nothing in the status bar for a desk in no team', async () => {
    const { container } = render(<TeamStatus />);
    await waitFor(() => expect(bridge.callsOf('team.status')).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
