// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentFilterInput } from '../../shared/contract';
import type { MapRoute, MapView as MapViewData } from '../../shared/contract';
import { resetMapStore } from '../state/map';
import { useShipments } from '../state/shipments';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { MapView } from './MapView';
import { RELOAD_EVERY_MS } from './use-map-data';

let bridge: FakeBridge;

const VIEW: MapViewData = {
  shipments: [
    { id: 1, reference: 'MSCU1234565', lat: 31.2, lng: 121.5, shipmentStatus: 'IN_TRANSIT', eta: '2026-12-04T14:00:00', podName: 'Rotterdam' },
    { id: 2, reference: 'HLCU7654321', lat: 51.9, lng: 4.1, shipmentStatus: null, eta: null, podName: null },
  ],
  ports: [{ name: 'Rotterdam', country: 'Netherlands', lat: 51.9, lng: 4.1, due: 2 }],
  withoutPosition: 3,
};

const ROUTE: MapRoute = {
  shipmentId: 1,
  segments: [
    [
      [121.5, 31.2],
      [4.1, 51.9],
    ],
  ],
  current: { lat: 31.2, lng: 121.5 },
  places: [
    { role: 'pol', name: 'Shanghai', lat: 31.2, lng: 121.5, date: null },
    { role: 'pod', name: 'Rotterdam', lat: 51.9, lng: 4.1, date: null },
  ],
};

beforeEach(() => {
  bridge = createFakeBridge({
    'map.view': (filter: ShipmentFilterInput) => (filter.carrier === 'HLCU' ? { ...VIEW, shipments: [VIEW.shipments[1]!], ports: [] } : VIEW),
    'map.route': (id) => (id === 1 ? ROUTE : null),
    'shipments.facets': () => ({ carriers: [], pods: [], shipmentStatuses: [], fieldNames: [], total: 5 }),
    'watchlists.list': () => [],
    'shipments.get': () => {
      throw { code: 'not-found', message: 'That shipment is no longer in the cache.' };
    },
  });
  resetStores(bridge);
  resetMapStore();
});

afterEach(() => {
  cleanup();
  resetStores();
  resetMapStore();
});

const summary = () => screen.getByRole('complementary', { name: 'What the map shows' });

describe('MapView', () => {
  it('lists what the map shows: counts, ports due, shipments', async () => {
    render(<MapView />);
    await waitFor(() => expect(summary().textContent).toContain('2 shipments with a position'));
    expect(summary().textContent).toContain('3 without a known position');
    expect(summary().textContent).toContain('1 port with shipments due');
    expect(within(summary()).getByText('Rotterdam, Netherlands')).toBeTruthy();
    expect(within(summary()).getByRole('button', { name: /MSCU1234565/ }).textContent).toContain('In transit · Rotterdam · ETA 2026-12-04');
    // The shipment without status, POD or ETA shows nothing made up.
    expect(within(summary()).getByRole('button', { name: /HLCU7654321/ }).textContent).toBe('HLCU7654321');
    // The table's view: the shipments still moving.
    expect(bridge.callsOf('map.view')).toEqual([{ moving: true }]);
  });

  it('says so when the map cannot be drawn here, and keeps the list', async () => {
    render(<MapView />);
    // jsdom has no WebGL: the canvas cannot be made.
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toBe(
      'The map cannot be drawn on this computer: it needs WebGL 2 graphics, which are turned off or not supported here. The list beside it shows the same shipments and ports.',
    );
    expect(summary().textContent).toContain('2 shipments with a position');
  }, 20_000);

  it('follows the table filters', async () => {
    render(<MapView />);
    await waitFor(() => expect(summary().textContent).toContain('2 shipments with a position'));
    act(() => useShipments.getState().setFilters({ carrier: 'HLCU' }));
    await waitFor(() => expect(summary().textContent).toContain('1 shipment with a position'));
    expect(bridge.callsOf('map.view').at(-1)).toEqual({ carrier: 'HLCU', moving: true });
    expect(summary().textContent).toContain('0 ports with shipments due');
  });

  it('reloads when shipments change (notes aside), at most once a second', async () => {
    render(<MapView />);
    await waitFor(() => expect(bridge.callsOf('map.view')).toHaveLength(1));
    act(() => {
      bridge.emit('shipments.changed', { ids: [1], reason: 'note' });
      bridge.emit('shipments.changed', { ids: [1], reason: 'sync' });
      bridge.emit('shipments.changed', { ids: null, reason: 'import' });
    });
    await new Promise((r) => setTimeout(r, RELOAD_EVERY_MS + 200));
    expect(bridge.callsOf('map.view')).toHaveLength(2);
  });

  it('opens a shipment from the list and describes its route', async () => {
    render(<MapView />);
    const button = await within(summary()).findByRole('button', { name: /MSCU1234565/ });
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(summary().textContent).toContain('Route of the open shipment from Shanghai to Rotterdam.'));
    expect(bridge.callsOf('map.route')).toEqual([1]);
    // The detail panel opens beside the map (here with the core's readable error).
    expect(await screen.findByText('That shipment is no longer in the cache.')).toBeTruthy();
  });

  it('says when no route is known', async () => {
    render(<MapView />);
    fireEvent.click(await within(summary()).findByRole('button', { name: /HLCU7654321/ }));
    await waitFor(() => expect(summary().textContent).toContain('No route is known for the open shipment yet.'));
  });
});
