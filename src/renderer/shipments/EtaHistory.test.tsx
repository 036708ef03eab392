// @vitest-environment jsdom
/** A shipment's ETA history names the desk that recorded a move pulled from the team. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Shipment } from '../../shared/domain';
import { createFakeBridge } from '../test-support/fake-bridge';
import { shipmentOf } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { EtaHistorySection } from './DetailSections';

const shipmentWith = (changes: Shipment['changes']): Shipment => shipmentOf(1, { changes, outcome: 'OK', shipmentStatus: 'IN_TRANSIT' });

beforeEach(() => resetStores(createFakeBridge({})));
afterEach(() => {
  cleanup();
  resetStores();
});

describe('ETA history', () => {
  it("names the desk that recorded a team's move, and none for this desk's own", () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    render(
      <EtaHistorySection
        shipment={shipmentWith([
          { at, kind: 'eta_moved', from: '2026-11-22T08:00:00', to: '2026-11-25T08:00:00', desk: 'Harbour' },
          { at: '2026-11-20T08:00:00.000Z', kind: 'eta_moved', from: '2026-11-20T08:00:00', to: '2026-11-22T08:00:00' },
        ])}
      />,
    );
    const moves = screen.getAllByRole('listitem');
    expect(moves).toHaveLength(2);
    expect(moves[0]!.textContent).toMatch(/seen .* by Harbour$/);
    expect(moves[1]!.textContent).not.toMatch(/ by /);
  });
});
