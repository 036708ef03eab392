/**
 * The changes feed (what changed since the person last looked), overall or for one watchlist,
 * newest first and paged back; the unseen count for the navigation badge; the notification
 * choices. `connectFeed` routes the core's 'feed.new' and 'watchlists.changed' here.
 */
import { create } from 'zustand';
import type { Events } from '../../shared/contract';
import type { FeedItem, FeedKind, FeedPage, NotificationPrefs } from '../../shared/contract';
import { coalesce } from '../../shared/coalesce';
import { Disposables } from '../../shared/disposables';
import { onBridgeReconnect } from '../api/bridge';
import { call, messageOf, onEvent } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { mergeFeed, notifyMessage } from '../feed/feed-items';
import { useUi } from './ui';
import { useWatchlists } from './watchlists';

export const FEED_PAGE = 50;

/** What else the feed is narrowed to: a kind of change, a customer, a carrier (SCAC); null for all. */
interface FeedFilters {
  kind: FeedKind | null;
  customer: string | null;
  carrier: string | null;
}

const NO_FILTERS: FeedFilters = { kind: null, customer: null, carrier: null };

export interface FeedState {
  /** The watchlist the feed is narrowed to, or null for every shipment. */
  scope: number | null;
  filters: FeedFilters;
  items: readonly FeedItem[];
  /** Not yet seen in this scope (changes, and the shipments they are of), and the watermark: items above it are new. */
  unseen: number;
  unseenShipments: number;
  seenUpTo: number;
  /** Whether older changes may exist beyond the last page. */
  hasMore: boolean;
  /** True once the first page of this scope has come. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** Shipments with an unseen change, over every shipment: the navigation's badge; null until known. */
  unseenOverall: number | null;
  prefs: NotificationPrefs | null;

  setScope(scope: number | null): void;
  setFilters(patch: Partial<FeedFilters>): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** Newer changes came: the first page again, merged with the older pages already shown. */
  refresh(): Promise<void>;
  markAllSeen(): Promise<void>;
  loadPrefs(): Promise<void>;
  setNotify(kind: FeedKind, on: boolean): Promise<void>;
  applyNew(event: Events['feed.new']): void;
}

/** One page asked at a time (first, next, or the first again): a newer ask, or another scope, cancels the one on its way. */
const pages = newestOnly();

const INITIAL = {
  scope: null,
  filters: NO_FILTERS,
  unseenShipments: 0,
  items: [],
  unseen: 0,
  seenUpTo: 0,
  hasMore: false,
  loaded: false,
  loading: false,
  error: null,
  unseenOverall: null,
  prefs: null,
} satisfies Partial<FeedState>;

export const useFeed = create<FeedState>()((set, get) => {
  /** Asks for a page of the current scope; the answer is dropped when the scope changed meanwhile. */
  const fetchPage = async (beforeId: number | undefined, apply: (page: FeedPage) => void): Promise<void> => {
    const { scope, filters } = get();
    set({ loading: true });
    try {
      const input = {
        ...(scope === null ? {} : { watchlistId: scope }),
        ...(filters.kind ? { kinds: [filters.kind] } : {}),
        ...(filters.customer ? { customer: filters.customer } : {}),
        ...(filters.carrier ? { carrier: filters.carrier } : {}),
        ...(beforeId ? { beforeId } : {}),
        limit: FEED_PAGE,
      };
      const page = await pages.run((signal) => call('feed.list', input, { signal }));
      apply(page);
      const whole = scope === null && filters.kind === null && filters.customer === null && filters.carrier === null;
      const shipments = page.unseenShipments ?? page.unseen;
      set({ unseen: page.unseen, unseenShipments: shipments, seenUpTo: page.seenUpTo, loaded: true, loading: false, error: null, ...(whole ? { unseenOverall: shipments } : {}) });
    } catch (error) {
      if (!isAbort(error)) set({ loading: false, error: messageOf(error) });
    }
  };

  return {
    ...INITIAL,

    setScope(scope) {
      if (scope === get().scope) return;
      pages.cancel();
      set({ scope, items: [], loaded: false, hasMore: false, error: null, unseen: 0, unseenShipments: 0 });
      void get().load();
    },
    setFilters(patch) {
      const filters = { ...get().filters, ...patch };
      if (JSON.stringify(filters) === JSON.stringify(get().filters)) return;
      pages.cancel();
      set({ filters, items: [], loaded: false, hasMore: false, error: null, unseen: 0, unseenShipments: 0 });
      void get().load();
    },
    load: () => fetchPage(undefined, (page) => set({ items: page.items, hasMore: page.items.length === FEED_PAGE })),
    async loadMore() {
      const oldest = get().items[get().items.length - 1];
      if (!oldest || get().loading) return;
      await fetchPage(oldest.id, (page) => set({ items: mergeFeed(get().items, page.items), hasMore: page.items.length === FEED_PAGE }));
    },
    refresh: () =>
      fetchPage(undefined, (page) => {
        const shown = get().items;
        const newestShown = shown[0]?.id ?? 0;
        const oldestNew = page.items[page.items.length - 1]?.id ?? 0;
        // More new changes than a page: what was shown is no longer next to them, start again.
        const joins = page.items.length < FEED_PAGE || oldestNew <= newestShown;
        set(joins ? { items: mergeFeed(shown, page.items) } : { items: page.items, hasMore: true });
      }),
    async markAllSeen() {
      const newest = get().items[0];
      if (!newest) return;
      const { scope } = get();
      const page = await call('feed.markSeen', { ...(scope === null ? {} : { watchlistId: scope }), upToId: newest.id });
      if (get().scope !== scope) return;
      const shipments = page.unseenShipments ?? page.unseen;
      set({ unseen: page.unseen, unseenShipments: shipments, seenUpTo: page.seenUpTo, ...(scope === null ? { unseenOverall: shipments } : {}) });
      // Narrowed by a kind, a customer or a carrier, the unseen count is of those: read it again.
      if (scope === null && get().filters !== NO_FILTERS) void get().refresh();
    },
    async loadPrefs() {
      try {
        set({ prefs: await call('feed.notifications') });
      } catch (error) {
        useUi.getState().toast(`The notification choices could not be read: ${messageOf(error)}`);
      }
    },
    async setNotify(kind, on) {
      const before = get().prefs;
      if (before) set({ prefs: { ...before, [kind]: on } });
      try {
        set({ prefs: await call('feed.updateNotifications', { [kind]: on }) });
      } catch (error) {
        set({ prefs: before });
        useUi.getState().toast(`The notification choice was not saved: ${messageOf(error)}`);
      }
    },
    applyNew(event) {
      set({ unseenOverall: event.unseenShipments ?? event.unseen });
      const message = notifyMessage(event.notify);
      if (message) useUi.getState().toast(message, 'info');
      if (get().loaded) void get().refresh();
    },
  };
});

/** Subscribes the feed and watchlists to the core's pushes and reads their first state; returns the unsubscribe. */
export function connectFeed(): () => void {
  // A sync reports many lists at once; the counts are read again at most every half second.
  const reloadListsSoon = coalesce(() => void useWatchlists.getState().load(), 500);
  const parts = new Disposables();
  parts.add(reloadListsSoon.cancel);
  parts.add(
    onEvent('feed.new', (event) => useFeed.getState().applyNew(event)),
    onEvent('watchlists.changed', reloadListsSoon),
    // A list's "needs attention" is the Attention view's: a reason handled or back changes its count.
    onEvent('attention.changed', reloadListsSoon),
    // Pushes were missed while the connection was down.
    onBridgeReconnect(() => {
      reloadListsSoon();
      if (useFeed.getState().loaded) void useFeed.getState().refresh();
    }),
  );
  void useWatchlists.getState().load();
  // The badge needs the overall unseen count before the Changes view is ever opened.
  void call('feed.list', { limit: 1 })
    .then((page) => {
      if (useFeed.getState().unseenOverall === null) useFeed.setState({ unseenOverall: page.unseenShipments ?? page.unseen });
    })
    .catch(() => undefined);
  return () => parts.dispose();
}

export function resetFeedStore(): void {
  pages.cancel();
  useFeed.setState({ ...INITIAL, filters: NO_FILTERS, items: [] });
}
