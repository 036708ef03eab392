// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedItem, FeedQuery, NotificationPrefs, WatchlistView } from '../../shared/contract';
import { useDetail } from '../state/detail';
import { FEED_PAGE, connectFeed, resetFeedStore, useFeed } from '../state/feed';
import { useUi } from '../state/ui';
import { resetWatchlistsStore } from '../state/watchlists';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { feedItem } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ChangesView } from './ChangesView';

const item = (id: number, patch: Partial<FeedItem> = {}): FeedItem =>
  feedItem(id, { at: new Date(Date.now() - 60_000).toISOString(), shipmentId: 1000 + id, ...patch });

const LIST: WatchlistView = {
  id: 7,
  name: 'ACME',
  kind: 'list',
  filter: null,
  count: 2,
  attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} },
  createdAt: '2026-11-20T10:00:00Z',
  lastViewedAt: null,
};

let bridge: FakeBridge;
/** 120 changes, ids 1..120; seen up to 115. */
let all: FeedItem[];
let seenUpTo: number;
let prefs: NotificationPrefs;

function page(q: FeedQuery) {
  const scoped = q.watchlistId === 7 ? all.filter((i) => i.shipmentId % 2 === 0) : all;
  const older = scoped.filter((i) => q.beforeId === undefined || i.id < q.beforeId).sort((a, b) => b.id - a.id);
  const unseen = scoped.filter((i) => i.id > seenUpTo);
  return { items: older.slice(0, q.limit), unseen: unseen.length, unseenShipments: new Set(unseen.map((i) => i.shipmentId)).size, seenUpTo };
}

beforeEach(() => {
  all = Array.from({ length: 120 }, (_, i) => item(i + 1));
  seenUpTo = 115;
  prefs = { eta_moved: true, event_added: false, status_changed: true, delivered: true, not_found: true, archived: false, removed: true };
  bridge = createFakeBridge({
    'feed.list': page,
    'feed.markSeen': ({ upToId }) => {
      seenUpTo = upToId;
      return page({ limit: 50 });
    },
    'feed.notifications': () => prefs,
    'feed.updateNotifications': (patch) => (prefs = { ...prefs, ...patch }),
    'watchlists.list': () => [LIST],
    'shipments.fieldValues': () => [{ value: 'ACME', count: 2 }],
    'shipments.facets': () => ({ carriers: [{ scac: 'MAEU', name: 'Maersk', count: 2 }], pods: [], shipmentStatuses: [], fieldNames: ['customer'], total: 2 }),
  });
  resetStores(bridge);
  resetFeedStore();
  resetWatchlistsStore();
});

afterEach(() => {
  cleanup();
  resetFeedStore();
  resetWatchlistsStore();
  resetStores();
});

describe('the Changes view', () => {
  it('shows the newest page first, marks the unseen ones new, and pages back with "Show older changes"', async () => {
    render(<ChangesView />);
    const rows = await screen.findAllByRole('button', { name: /^MSCU\d+: ETA moved 3 days later/ });
    expect(rows).toHaveLength(FEED_PAGE);
    expect(rows[0]!.getAttribute('aria-label')).toMatch(/^MSCU0000120: .*\(1 new\)\. Open MSCU0000120$/);
    expect(document.querySelectorAll('.feed-item.is-new')).toHaveLength(5);
    expect(screen.getByText('5 shipments with unseen changes (5 changes)')).toBeTruthy();
    expect(within(rows[0]!.closest('li')!).getByText('+3 d')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(document.querySelectorAll('.feed-item')).toHaveLength(100));
    expect(bridge.callsOf('feed.list').at(-1)).toEqual({ beforeId: 71, limit: FEED_PAGE });
    fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(document.querySelectorAll('.feed-item')).toHaveLength(120));
    // The last page was short: nothing older.
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('narrows to a watchlist, marks all seen up to the newest change, and opens a change\'s shipment', async () => {
    connectFeed();
    render(<ChangesView />);
    await screen.findAllByRole('button', { name: /^MSCU/ });
    await screen.findByRole('option', { name: 'Watchlist: ACME (2)' });
    fireEvent.change(screen.getByLabelText('Show changes of'), { target: { value: '7' } });
    await waitFor(() => expect(bridge.callsOf('feed.list').at(-1)).toEqual({ watchlistId: 7, limit: FEED_PAGE }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^MSCU/ })[0]!.getAttribute('aria-label')).toMatch(/^MSCU0000120/));

    fireEvent.click(screen.getByRole('button', { name: 'Mark all seen' }));
    await screen.findByText('All seen');
    expect(bridge.callsOf('feed.markSeen')).toEqual([{ watchlistId: 7, upToId: 120 }]);
    expect(document.querySelectorAll('.feed-item.is-new')).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('button', { name: /^MSCU0000118/ })[0]!);
    expect(useUi.getState().view).toBe('shipments');
    expect(useDetail.getState().openId).toBe(1118);
  });

  it('on new changes: the badge count, a note in the window for the kinds switched on, the list refreshed', async () => {
    const off = connectFeed();
    render(<ChangesView />);
    await screen.findAllByRole('button', { name: /^MSCU/ });
    all.push(item(121, { kind: 'delivered', from: 'IN_TRANSIT', to: 'DELIVERED', etaMoveDays: null }));
    act(() => bridge.emit('feed.new', { items: [all[120]!], notify: [all[120]!], unseen: 6 }));
    expect(useFeed.getState().unseenOverall).toBe(6);
    expect(useUi.getState().toasts.map((t) => t.message)).toEqual(['MSCU0000121: Delivered']);
    await screen.findByRole('button', { name: /^MSCU0000121: delivered, In transit to Delivered \(1 new\)/ });
    // Not asked to notify: no note, the list still refreshes.
    act(() => bridge.emit('feed.new', { items: [item(122)], notify: [], unseen: 7 }));
    expect(useUi.getState().toasts).toHaveLength(1);
    off();
  });

  it("puts a day's changes of one shipment together, newest event first, in words with the code in a tooltip; narrows by customer, carrier and kind", async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    all = [
      item(1, { shipmentId: 50, reference: 'MSKU1234565', kind: 'event_added', from: null, to: 'CGI Gate in, Hamburg, 2026-11-20T08:00:00', etaMoveDays: null, at, customer: 'ACME', carrier: { scac: 'MAEU', name: 'Maersk' } }),
      item(2, { shipmentId: 60, reference: 'MSCU7654321', at }),
      item(3, { shipmentId: 50, reference: 'MSKU1234565', kind: 'event_added', from: null, to: 'VDL Vessel departure, Hamburg, 2026-11-21T10:00:00', etaMoveDays: null, at, customer: 'ACME', carrier: { scac: 'MAEU', name: 'Maersk' } }),
    ];
    seenUpTo = 0;
    render(<ChangesView />);
    const boxes = await screen.findAllByTestId('feed-shipment');
    expect(boxes).toHaveLength(2);
    expect(within(boxes[0]!).getByRole('button', { name: /^MSKU1234565/ }).textContent).toBe('MSKU1234565MaerskACME2 changes');
    const lines = within(boxes[0]!).getAllByRole('listitem');
    // The departure happened after the gate-in: it comes first, in words; the code is in the tooltip.
    expect(lines.map((l) => l.querySelector('.feed-detail')!.textContent)).toEqual(['Vessel departure, Hamburg, 2026-11-21 10:00', 'Gate in, Hamburg, 2026-11-20 08:00']);
    expect(lines.map((l) => l.getAttribute('title'))).toEqual(['As the service says it: VDL', 'As the service says it: CGI']);
    expect(screen.getByText('2 shipments with unseen changes (3 changes)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Kind of change'), { target: { value: 'event_added' } });
    await waitFor(() => expect(bridge.callsOf('feed.list').at(-1)).toEqual({ kinds: ['event_added'], limit: FEED_PAGE }));
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'MAEU' } });
    await waitFor(() => expect(bridge.callsOf('feed.list').at(-1)).toEqual({ kinds: ['event_added'], carrier: 'MAEU', limit: FEED_PAGE }));
    await waitFor(() => expect(within(screen.getByLabelText('Customer')).getByRole('option', { name: 'ACME' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'ACME' } });
    await waitFor(() => expect(bridge.callsOf('feed.list').at(-1)).toEqual({ kinds: ['event_added'], carrier: 'MAEU', customer: 'ACME', limit: FEED_PAGE }));
  });

  it('switches a notification kind off through the core', async () => {
    render(<ChangesView />);
    const eta = await screen.findByRole('checkbox', { name: 'An ETA moves' });
    await waitFor(() => expect((eta as HTMLInputElement).checked).toBe(true));
    fireEvent.click(eta);
    await waitFor(() => expect(bridge.callsOf('feed.updateNotifications')).toEqual([{ eta_moved: false }]));
    expect((eta as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/^Notifications \(\d of \d kinds on\)$/).textContent).toBe('Notifications (4 of 7 kinds on)');
  });
});
