// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchlistView } from '../../shared/contract';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { pageOf } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ShipmentsWorkspace } from './ShipmentsWorkspace';

function watchlist(id: number, name: string, count: number): WatchlistView {
  return { id, name, kind: 'list', filter: null, count, attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} }, createdAt: '2026-11-20T08:00:00Z', lastViewedAt: null };
}

let bridge: FakeBridge;
let lists: WatchlistView[];

beforeEach(() => {
  lists = [watchlist(1, 'ACME Imports', 12), watchlist(2, 'Reefers to Rotterdam', 3)];
  bridge = createFakeBridge({
    'watchlists.list': () => lists,
    'shipments.list': (q) => pageOf(q, q.watchlistId === 2 ? 3 : 50),
    'shipments.facets': () => ({ carriers: [], pods: [], shipmentStatuses: [], fieldNames: [], total: 50 }),
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

/** The filters are behind the toolbar's Filters button. */
function openFilters(): void {
  fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
}

describe('watchlist filter and export in the workspace', () => {
  it('narrows the table to a watchlist, shows it as a chip, and the chip removes it', async () => {
    render(<ShipmentsWorkspace viewportHeight={400} />);
    openFilters();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Watchlist' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Reefers to Rotterdam (3)' })).toBeTruthy());
    expect(await screen.findByText('50 shipments')).toBeTruthy();

    fireEvent.change(select, { target: { value: '2' } });
    expect(useShipments.getState().filters.watchlistId).toBe(2);
    expect(await screen.findByText('3 shipments')).toBeTruthy();
    expect(bridge.callsOf('shipments.list').some((q) => (q as { watchlistId?: number }).watchlistId === 2)).toBe(true);
    expect(screen.getByText('Watchlist: Reefers to Rotterdam')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the watchlist filter Reefers to Rotterdam' }));
    expect(useShipments.getState().filters.watchlistId).toBeNull();
    expect(await screen.findByText('50 shipments')).toBeTruthy();
    expect(select.value).toBe('');
    expect(screen.queryByText(/Watchlist: /)).toBeNull();
  });

  it('reads the lists again when a watchlist changes, and drops one deleted while applied', async () => {
    render(<ShipmentsWorkspace viewportHeight={400} />);
    openFilters();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Watchlist' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: '1' } });
    expect(screen.getByText('Watchlist: ACME Imports')).toBeTruthy();

    lists = [watchlist(2, 'Reefers to Rotterdam', 3), watchlist(3, 'Late boxes', 7)];
    bridge.emit('watchlists.changed', { ids: null });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Late boxes (7)' })).toBeTruthy());
    await waitFor(() => expect(useShipments.getState().filters.watchlistId).toBeNull());
    expect(screen.queryByText(/Watchlist: /)).toBeNull();
  });

  it('says when there are no watchlists yet', async () => {
    lists = [];
    render(<ShipmentsWorkspace viewportHeight={400} />);
    openFilters();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Watchlist' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'None yet' })).toBeTruthy());
    expect(select.disabled).toBe(true);
  });

  it('Export… opens the export dialog', async () => {
    render(<ShipmentsWorkspace viewportHeight={400} />);
    await screen.findByText('50 shipments');
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    expect(useUi.getState().exportOpen).toBe(true);
  });
});
