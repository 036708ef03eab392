// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchlistCreateInput, WatchlistView } from '../../shared/contract';
import { NavBar } from '../components/NavBar';
import { resetFeedStore } from '../state/feed';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { resetWatchlistsStore } from '../state/watchlists';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { WatchlistsView } from './WatchlistsView';

const list = (id: number, name: string, patch: Partial<WatchlistView> = {}): WatchlistView => ({
  id,
  name,
  kind: 'list',
  filter: null,
  count: 12,
  attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} },
  createdAt: '2026-11-20T10:00:00Z',
  lastViewedAt: null,
  ...patch,
});

let bridge: FakeBridge;
let lists: WatchlistView[];

beforeEach(() => {
  lists = [
    list(1, 'ACME', { attention: { etaMoved: 2, stuck: 1, notFound: 0, total: 3 }, needAttention: { total: 3, byKind: { eta_slipped: 2, stuck: 1 } } }),
    list(2, 'Due in Rotterdam', { kind: 'filter', filter: { pod: 'Rotterdam', etaFrom: '2026-12-01', etaTo: '2026-12-07' }, count: 40 }),
    list(3, 'Globex', { attention: { etaMoved: 0, stuck: 0, notFound: 4, total: 4 }, needAttention: { total: 4, byKind: { not_found: 4 } } }),
  ];
  bridge = createFakeBridge({
    'watchlists.list': () => lists,
    'watchlists.create': (input: WatchlistCreateInput) => {
      const made = list(9, input.name, { count: input.kind === 'list' ? input.shipmentIds.length : 0 });
      lists = [...lists, made];
      return made;
    },
    'watchlists.markViewed': (id) => ({ ...lists.find((w) => w.id === id)!, attention: { etaMoved: 0, stuck: 1, notFound: 0, total: 1 }, lastViewedAt: new Date().toISOString() }),
    'watchlists.delete': (id) => {
      lists = lists.filter((w) => w.id !== id);
    },
    'watchlists.rename': ({ watchlistId, name }) => {
      if (name === 'Globex') throw { code: 'invalid-input', message: 'There is already a watchlist named "Globex"; choose another name.' };
      return { ...lists.find((w) => w.id === watchlistId)!, name };
    },
  });
  resetStores(bridge);
  resetWatchlistsStore();
  resetFeedStore();
});

afterEach(() => {
  cleanup();
  resetWatchlistsStore();
  resetFeedStore();
  resetStores();
});

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('the Watchlists view', () => {
  it('shows each list\'s count and what needs attention, and the total on the navigation', async () => {
    render(
      <>
        <NavBar />
        <WatchlistsView />
      </>,
    );
    await screen.findByText('ACME');
    const acme = within(rowOf('ACME'));
    expect(acme.getByText('3 need attention')).toBeTruthy();
    expect(acme.getByText('ETA slipped 2')).toBeTruthy();
    expect(acme.getByText('Stuck 1')).toBeTruthy();
    expect(acme.queryByText(/Not found at the carrier/)).toBeNull();
    expect(within(rowOf('Globex')).getByText('Not found at the carrier 4')).toBeTruthy();
    const saved = within(rowOf('Due in Rotterdam'));
    expect(saved.getByText('Nothing to look at')).toBeTruthy();
    expect(saved.getByText('Saved filter: POD Rotterdam · ETA 2026-12-01 to 2026-12-07')).toBeTruthy();
    // A saved filter's shipments follow the filter: none removed by hand.
    expect(saved.queryByRole('button', { name: /Remove shipments/ })).toBeNull();
    // Its conditions are changed (with its name) in the filter dialog.
    expect(saved.queryByRole('button', { name: /^Rename/ })).toBeNull();
    fireEvent.click(saved.getByRole('button', { name: 'Edit the filter Due in Rotterdam' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the saved filter "Due in Rotterdam"' });
    expect((within(dialog).getByLabelText('ETA to') as HTMLInputElement).value).toBe('2026-12-07');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('3 watchlists, 7 need attention')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watchlists, 7 need attention' })).toBeTruthy();
  });

  it('makes a list from the table\'s selection', async () => {
    useShipments.setState({ selection: new Set([5, 8, 13]) });
    render(<WatchlistsView />);
    await screen.findByText('ACME');
    fireEvent.click(screen.getByRole('button', { name: 'New list from selection (3)' }));
    const dialog = screen.getByRole('dialog', { name: 'New list from the selection' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make list' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Give the list a name/);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Initech ' } });
    fireEvent.submit(within(dialog).getByLabelText('Name').closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsOf('watchlists.create')).toEqual([{ name: 'Initech', kind: 'list', shipmentIds: [5, 8, 13] }]);
    expect(within(rowOf('Initech')).getByText('3')).toBeTruthy();
  });

  it('opens a list in the table (only its shipments) and marks it viewed', async () => {
    useShipments.getState().setFilters({ search: 'rotterdam', carrier: 'MSCU' });
    render(<WatchlistsView />);
    await screen.findByText('ACME');
    fireEvent.click(screen.getByRole('button', { name: 'Open ACME in the table' }));
    expect(useUi.getState().view).toBe('shipments');
    expect(useShipments.getState().filters).toMatchObject({ watchlistId: 1, search: '', carrier: '' });
    await waitFor(() => expect(bridge.callsOf('watchlists.markViewed')).toEqual([1]));
  });

  it('renames with the core\'s refusal shown, and deletes only after confirming', async () => {
    render(<WatchlistsView />);
    await screen.findByText('ACME');
    fireEvent.click(screen.getByRole('button', { name: 'Rename ACME' }));
    let dialog = screen.getByRole('dialog', { name: 'Rename "ACME"' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Globex' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is already a watchlist named "Globex"; choose another name.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Globex' }));
    dialog = screen.getByRole('dialog', { name: 'Delete "Globex"?' });
    expect(dialog.textContent).toMatch(/stay tracked/);
    expect(bridge.callsOf('watchlists.delete')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete watchlist' }));
    await waitFor(() => expect(screen.queryByText('Globex')).toBeNull());
    expect(bridge.callsOf('watchlists.delete')).toEqual([3]);
  });
});
