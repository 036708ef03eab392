// @vitest-environment jsdom
/**
 * New likely arrivals reach the table by themselves: after a setting of the Performance view (the
 * minimum, the on-time window) the engine works every band out again and says only
 * 'performance.changed' with `likely`; the Likely arrival column follows without a reload.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ShipmentTableRow } from '../../shared/contract';
import { ShipmentTable } from '../shipments/ShipmentTable';
import { createFakeBridge } from '../test-support/fake-bridge';
import { connectedWindow, tableRow } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { connectStores } from './wire-events';

afterEach(() => {
  cleanup();
  resetStores();
});

const band = (earliest: string, latest: string, pastShipments: number): ShipmentTableRow['likelyArrival'] => ({
  earliest: `${earliest}T00:00:00`,
  likely: `${earliest}T00:00:00`,
  latest: `${latest}T00:00:00`,
  pastShipments,
  level: 'carrier-lane',
});

it('shows the new likely arrival in the table once the engine says the likely arrivals changed', async () => {
  let likely = band('2026-12-14', '2026-12-18', 12);
  const bridge = createFakeBridge({
    ...connectedWindow(1),
    'shipments.list': (q) => ({ total: 1, offset: q.offset, rows: [tableRow(0, { likelyArrival: likely })] }),
  });
  resetStores(bridge);
  const stop = connectStores();
  render(<ShipmentTable viewportHeight={600} />);
  expect(await screen.findByText('14–18 Dec')).toBeTruthy();

  // The figures alone changed: the table keeps its rows.
  const asked = bridge.callsOf('shipments.list').length;
  act(() => bridge.emit('performance.changed', { likely: false }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(bridge.callsOf('shipments.list')).toHaveLength(asked);

  // A higher minimum: this lane has too few shipments, the band now stands on the carrier's.
  likely = band('2026-12-13', '2026-12-20', 40);
  act(() => bridge.emit('performance.changed', { likely: true }));
  expect(await screen.findByText('13–20 Dec')).toBeTruthy();
  stop();
});
