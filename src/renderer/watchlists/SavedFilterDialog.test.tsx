// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentFacets } from '../../shared/contract';
import type { WatchlistCreateInput, WatchlistView } from '../../shared/contract';
import { useShipments } from '../state/shipments';
import { resetWatchlistsStore, useWatchlists } from '../state/watchlists';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { SavedFilterDialog } from './SavedFilterDialog';

const FACETS: ShipmentFacets = {
  carriers: [{ scac: 'MSCU', name: 'MSC', count: 40 }],
  pods: [{ name: 'Rotterdam', country: 'NL', count: 12 }],
  shipmentStatuses: [{ value: 'IN_TRANSIT', count: 30 }, { value: 'STUCK', count: 2 }],
  fieldNames: ['customer'],
  total: 50,
};

const SAVED: WatchlistView = {
  id: 9,
  name: 'Rotterdam, ACME',
  kind: 'filter',
  // No field of the dialog shows "outcome" or a second imported column: they are kept as they are.
  filter: { pod: 'Rotterdam', etaFrom: '2026-12-01', fields: { customer: 'ACME', po: 'PO-7' }, outcome: 'OK' },
  count: 12,
  attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} },
  createdAt: '2026-11-20T10:00:00Z',
  lastViewedAt: null,
};

let bridge: FakeBridge;
let closed: number;

beforeEach(() => {
  closed = 0;
  bridge = createFakeBridge({
    'shipments.facets': () => FACETS,
    'watchlists.updateFilter': ({ watchlistId, name, filter }) => ({ ...SAVED, id: watchlistId, name, filter, count: 3 }),
    'watchlists.create': (input: WatchlistCreateInput) => ({
      id: 4,
      name: input.name,
      kind: input.kind,
      filter: input.kind === 'filter' ? input.filter : null,
      count: 12,
      attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} },
      createdAt: '2026-11-23T10:00:00Z',
      lastViewedAt: null,
    }),
  });
  resetStores(bridge);
  resetWatchlistsStore();
});

afterEach(() => {
  cleanup();
  resetWatchlistsStore();
  resetStores();
});

describe('a saved filter as a watchlist', () => {
  it('starts from the table\'s filters, offers the facet values, and says what to fix', async () => {
    useShipments.getState().setFilters({ pod: 'Rotterdam', search: 'ignored', watchlistId: 3 });
    render(<SavedFilterDialog onClose={() => closed++} />);
    const dialog = screen.getByRole('dialog', { name: 'Save a filter as a watchlist' });
    await within(dialog).findByRole('option', { name: 'Rotterdam, NL · 12' });
    expect((within(dialog).getByLabelText('POD') as HTMLSelectElement).value).toBe('Rotterdam');
    expect(within(dialog).getByRole('option', { name: 'Stuck · 2' })).toBeInstanceOf(HTMLOptionElement);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rotterdam, first week' } });
    fireEvent.change(within(dialog).getByLabelText('ETA from'), { target: { value: '2026-12-07' } });
    fireEvent.change(within(dialog).getByLabelText('ETA to'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save filter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The ETA window ends before it starts; swap the two dates.');

    fireEvent.change(within(dialog).getByLabelText('ETA to'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByLabelText('Imported column'), { target: { value: 'customer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save filter' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Type the value "customer" must hold/);
    fireEvent.change(within(dialog).getByLabelText('customer is'), { target: { value: 'ACME' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save filter' }));

    await waitFor(() => expect(closed).toBe(1));
    expect(bridge.callsOf('watchlists.create')).toEqual([
      { name: 'Rotterdam, first week', kind: 'filter', filter: { pod: 'Rotterdam', etaFrom: '2026-12-07', etaTo: '2026-12-10', fields: { customer: 'ACME' } } },
    ]);
    expect(useWatchlists.getState().lists?.map((w) => w.name)).toEqual(['Rotterdam, first week']);
  });

  it('an existing one opens with its name and conditions, not the table\'s, and is saved in place', async () => {
    useShipments.getState().setFilters({ carrier: 'MSCU' });
    useWatchlists.setState({ lists: [SAVED] });
    render(<SavedFilterDialog editing={SAVED} onClose={() => closed++} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit the saved filter "Rotterdam, ACME"' });
    await within(dialog).findByRole('option', { name: 'Rotterdam, NL · 12' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Rotterdam, ACME');
    expect((within(dialog).getByLabelText('Carrier') as HTMLSelectElement).value).toBe('');
    expect((within(dialog).getByLabelText('POD') as HTMLSelectElement).value).toBe('Rotterdam');
    expect((within(dialog).getByLabelText('ETA from') as HTMLInputElement).value).toBe('2026-12-01');
    expect((within(dialog).getByLabelText('customer is') as HTMLInputElement).value).toBe('ACME');

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rotterdam, ACME, stuck' } });
    fireEvent.change(within(dialog).getByLabelText('ETA from'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Shipment status'), { target: { value: 'STUCK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(closed).toBe(1));
    expect(bridge.callsOf('watchlists.create')).toEqual([]);
    expect(bridge.callsOf('watchlists.updateFilter')).toEqual([
      { watchlistId: 9, name: 'Rotterdam, ACME, stuck', filter: { outcome: 'OK', pod: 'Rotterdam', shipmentStatus: 'STUCK', fields: { po: 'PO-7', customer: 'ACME' } } },
    ]);
    expect(useWatchlists.getState().lists).toMatchObject([{ id: 9, name: 'Rotterdam, ACME, stuck', count: 3 }]);
  });
});
