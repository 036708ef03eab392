// @vitest-environment jsdom
/**
 * New likely arrivals reach the table by themselves: after a setting of the Performance view (the
 * minimum, the on-time window) the engine works every band out again and says only
 * 'performance.changed' with `likely`; the Likely arrival column and the open detail's band follow
 * without a reload.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ShipmentPerformanceView, ShipmentTableRow } from '../../shared/contract';
import { ShipmentDetailPanel } from '../shipments/ShipmentDetail';
import { ShipmentTable } from '../shipments/ShipmentTable';
import { createFakeBridge } from '../test-support/fake-bridge';
import { connectedWindow, detailOf, tableRow } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { useDetail } from './detail';
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
  expect(await screen.findByText('2026-12-14 – 12-18')).toBeTruthy();

  // The figures alone changed: the table keeps its rows.
  const asked = bridge.callsOf('shipments.list').length;
  act(() => bridge.emit('performance.changed', { likely: false }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(bridge.callsOf('shipments.list')).toHaveLength(asked);

  // A higher minimum: this lane has too few shipments, the band now stands on the carrier's.
  likely = band('2026-12-13', '2026-12-20', 40);
  act(() => bridge.emit('performance.changed', { likely: true }));
  expect(await screen.findByText('2026-12-13 – 12-20')).toBeTruthy();
  stop();
});

it("shows the open detail's new band once the engine says the likely arrivals changed", async () => {
  const view = (sentence: string): ShipmentPerformanceView => ({
    etas: [{ seenAt: '2026-11-20T08:00:00.000Z', eta: '2026-12-15T00:00:00' }],
    departure: '2026-11-18T10:00:00',
    arrival: null,
    likely: {
      kind: 'band',
      carrierEta: '2026-12-15T00:00:00',
      earliest: '2026-12-14T00:00:00',
      likely: '2026-12-15T00:00:00',
      latest: '2026-12-18T00:00:00',
      earliestDay: '2026-12-14',
      likelyDay: '2026-12-15',
      latestDay: '2026-12-18',
      basis: {
        shipments: 37,
        level: 'carrier-lane',
        leadDays: 25,
        carrier: { scac: 'MAEU', name: 'Maersk' },
        lane: { key: 'Rotterdam-Felixstowe', portOfLoading: { key: 'Rotterdam', name: 'Rotterdam' }, portOfDischarge: { key: 'Felixstowe', name: 'Felixstowe' } },
      },
      sentence,
    },
  });
  let sentence = 'likely 2026-12-14 – 2026-12-18, most likely 2026-12-15';
  const bridge = createFakeBridge({
    ...connectedWindow(1),
    'shipments.list': (q) => ({ total: 1, offset: q.offset, rows: [tableRow(0)] }),
    'shipments.get': (id) => detailOf(id),
    'performance.shipment': () => view(sentence),
  });
  resetStores(bridge);
  const stop = connectStores();
  render(<ShipmentDetailPanel />);
  act(() => useDetail.getState().open(1));
  // Said as a forecast, never as the carrier's date.
  expect((await screen.findByText(/^Likely 2026-12-14 – 12-18, most likely 2026-12-15\./)).textContent).toContain("A forecast from past voyages, not the carrier's date.");

  // The figures alone changed: the detail is not read again.
  const asked = bridge.callsOf('performance.shipment').length;
  act(() => bridge.emit('performance.changed', { likely: false }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(bridge.callsOf('performance.shipment')).toHaveLength(asked);

  sentence = 'likely 2026-12-16 – 2026-12-21, most likely 2026-12-17';
  act(() => bridge.emit('performance.changed', { likely: true }));
  expect((await screen.findByText(/^Likely 2026-12-16 – 12-21, most likely 2026-12-17\./)).textContent).toContain("A forecast from past voyages, not the carrier's date.");
  stop();
});
