/**
 * What needs attention: the list worst first (open reasons; acknowledged ones on request), the
 * header's count, acknowledging a reason ("customer told") and taking it back. `connectAttention`
 * follows the engine's 'attention.changed' (a refresh, an import, another window's action).
 */
import { create } from 'zustand';
import type { AttentionItem, AttentionPage, AttentionSettingsView, ReasonKind } from '../../shared/contract';
import { onBridgeReconnect } from '../api/bridge';
import { call, messageOf, onEvent } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { useShipments } from './shipments';
import { useUi } from './ui';

/** The view shows the worst this many; the summary says how many there are in all. */
const ATTENTION_SHOWN = 500;

/** What the list is narrowed to; kept while the app runs (the store outlives the view). */
export interface AttentionFilters {
  kind: ReasonKind | null;
  /** A customer's name; null: shipments without one; undefined: every customer. */
  customer: string | null | undefined;
  watchlistId: number | null;
}

const NO_FILTERS: AttentionFilters = { kind: null, customer: undefined, watchlistId: null };

export function isFiltered(f: AttentionFilters): boolean {
  return f.kind !== null || f.customer !== undefined || f.watchlistId !== null;
}

export interface AttentionState {
  items: readonly AttentionItem[];
  /** Shipments in the list (with acknowledged ones when shown). */
  total: number;
  /** Shipments with a reason no one acknowledged: the header's count; null until known. */
  needAttention: number | null;
  includeAcknowledged: boolean;
  filters: AttentionFilters;
  /** Shipments per reason and per customer before those filters (what each choice would show). */
  facets: AttentionPage['facets'] | null;
  /** Groups of similar cards the person opened in full, by reason kind. */
  expanded: ReadonlySet<string>;
  loaded: boolean;
  error: string | null;
  settings: AttentionSettingsView | null;

  load(): Promise<void>;
  loadCount(): Promise<void>;
  setIncludeAcknowledged(on: boolean): void;
  setFilters(patch: Partial<AttentionFilters>): void;
  toggleGroup(kind: string): void;
  acknowledge(shipmentId: number, kind: ReasonKind, comment: string): Promise<boolean>;
  undo(shipmentId: number, kind: ReasonKind): Promise<void>;
  /** Quiet: for a hint that can do without them (the table's free-time heading), no toast when they cannot be read. */
  loadSettings(options?: { quiet?: boolean }): Promise<void>;
  applySettings(settings: AttentionSettingsView): void;
}

const lists = newestOnly();

const INITIAL = {
  items: [],
  total: 0,
  needAttention: null,
  includeAcknowledged: false,
  filters: NO_FILTERS,
  facets: null,
  expanded: new Set<string>(),
  loaded: false,
  error: null,
  settings: null,
} satisfies Partial<AttentionState>;

export const useAttention = create<AttentionState>()((set, get) => ({
  ...INITIAL,

  async load() {
    try {
      const { filters, includeAcknowledged } = get();
      const page = await lists.run((signal) =>
        call(
          'attention.list',
          {
            includeAcknowledged,
            limit: ATTENTION_SHOWN,
            ...(filters.kind !== null ? { kinds: [filters.kind] } : {}),
            ...(filters.customer !== undefined ? { customer: filters.customer } : {}),
            ...(filters.watchlistId !== null ? { watchlistId: filters.watchlistId } : {}),
          },
          { signal },
        ),
      );
      // A watchlist's count is not the header's: the header keeps the whole desk's.
      const whole = filters.watchlistId === null ? { needAttention: page.needAttention } : {};
      set({ items: page.items, total: page.total, ...whole, facets: page.facets ?? null, loaded: true, error: null });
      if (filters.watchlistId !== null) void get().loadCount();
    } catch (error) {
      if (!isAbort(error)) set({ loaded: true, error: messageOf(error) });
    }
  },
  async loadCount() {
    try {
      const { needAttention } = await call('attention.count');
      set({ needAttention });
    } catch {
      // The count is a hint in the header; the view says what went wrong when opened.
    }
  },
  setIncludeAcknowledged(on) {
    set({ includeAcknowledged: on });
    void get().load();
  },
  setFilters(patch) {
    set({ filters: { ...get().filters, ...patch } });
    void get().load();
  },
  toggleGroup(kind) {
    const expanded = new Set(get().expanded);
    if (!expanded.delete(kind)) expanded.add(kind);
    set({ expanded });
  },
  async acknowledge(shipmentId, kind, comment) {
    try {
      await call('attention.acknowledge', { shipmentId, kind, comment: comment.trim() === '' ? null : comment.trim() });
      await get().load();
      return true;
    } catch (error) {
      useUi.getState().toast(`Not marked as handled: ${messageOf(error)}`);
      await get().load();
      return false;
    }
  },
  async undo(shipmentId, kind) {
    try {
      await call('attention.unacknowledge', { shipmentId, kind });
    } catch (error) {
      useUi.getState().toast(`Could not take it back: ${messageOf(error)}`);
    }
    await get().load();
  },
  async loadSettings(options) {
    try {
      set({ settings: await call('attention.settings') });
    } catch (error) {
      if (!options?.quiet) useUi.getState().toast(`Could not read the Attention settings: ${messageOf(error)}`);
    }
  },
  applySettings(settings) {
    set({ settings });
  },
}));

export function resetAttentionStore(): void {
  lists.cancel();
  useAttention.setState({ ...INITIAL, expanded: new Set<string>() });
}

/**
 * The header's first count waits for the table's first rows (or this long, whatever the table
 * does): the engine works the list out shipment by shipment, and at start the rows come first.
 */
const FIRST_COUNT_AFTER_MS = 1500;

/** Routes the engine's count to the header, and reloads the list while it has been shown. */
export function connectAttention(): () => void {
  const refresh = () => {
    const state = useAttention.getState();
    if (state.loaded && useUi.getState().view === 'attention') void state.load();
    else void state.loadCount();
  };
  const offs = [
    onEvent('attention.changed', ({ needAttention }) => {
      useAttention.setState({ needAttention });
      // The list follows while it is on screen; the view reads it afresh when it opens.
      if (useAttention.getState().loaded && useUi.getState().view === 'attention') void useAttention.getState().load();
    }),
    onBridgeReconnect(refresh),
  ];
  let counted = false;
  const firstCount = (): void => {
    if (counted) return;
    counted = true;
    clearTimeout(timer);
    stopWaiting();
    void useAttention.getState().loadCount();
  };
  const timer = setTimeout(firstCount, FIRST_COUNT_AFTER_MS);
  const stopWaiting = useShipments.subscribe((s) => s.total !== null && firstCount());
  if (useShipments.getState().total !== null) firstCount();
  return () => {
    clearTimeout(timer);
    stopWaiting();
    for (const off of offs) off();
  };
}
