// @vitest-environment jsdom
/** In a team, the detail says which desk's import gave a shipment its columns (issue 16). */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamView } from '../../shared/contract';
import { useTeam } from '../state/team';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { FieldsOrigin } from './FieldsOrigin';

const IN_TEAM: TeamView = {
  connected: true,
  team: 'postgres://quayside@db.office.lan:5432/quayside',
  desk: 'Anna',
  leader: 'Anna',
  desks: [],
  lastPullAt: null,
  pending: 0,
  problem: null,
  hostDesk: 'ops-pc-04',
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({
    'team.fieldsOrigin': ({ shipmentId }) =>
      shipmentId === 7
        ? { desk: 'South desk', changedAt: new Date(Date.now() - 5 * 60_000).toISOString(), earlier: [{ desk: 'Anna', changedAt: '2026-11-20T08:00:00.000Z' }] }
        : null,
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

describe('who imported the columns', () => {
  it('names the desk whose import gave the columns, and the one before it', async () => {
    useTeam.setState({ view: IN_TEAM });
    render(
      <dl>
        <FieldsOrigin shipmentId={7} fieldsKey="{}" />
      </dl>,
    );
    const term = await screen.findByText('Columns imported by');
    expect(term.nextElementSibling!.textContent).toBe('South desk (5 min ago; before that Anna)');
    expect(term.nextElementSibling!.getAttribute('title')).toMatch(/^Replaced sets, newest first:\nAnna, 2026-11-20/);
  });

  it('says nothing and asks nothing on a desk in no team', async () => {
    useTeam.setState({ view: { ...IN_TEAM, connected: false, team: null, desk: null, leader: null } });
    const { container } = render(
      <dl>
        <FieldsOrigin shipmentId={7} fieldsKey="{}" />
      </dl>,
    );
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(bridge.callsOf('team.fieldsOrigin')).toEqual([]);
  });
});
