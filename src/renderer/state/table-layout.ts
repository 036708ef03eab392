/**
 * The table's layout as a person leaves it, one per view (the shipments still moving, all of them,
 * each watchlist): which columns show and in what order, their widths, the sort keys and the
 * grouping with its folded groups. Kept by the engine (shipments.layout), so it is there after a
 * restart; read once per view and saved a moment after each change.
 */
import { create } from 'zustand';
import type { ShipmentOrderKey, TableLayout } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { useUi } from './ui';

/** The view a layout is kept for: 'moving', 'all' or 'watchlist:<id>'. */
export type LayoutKey = string;

export function layoutKeyOf(filters: { view: 'moving' | 'all'; watchlistId: number | null }): LayoutKey {
  return filters.watchlistId !== null ? `watchlist:${filters.watchlistId}` : filters.view;
}

/** The order a view starts with: what arrives next first among the moving, the latest ETA first among all. */
function defaultLayout(key: LayoutKey): TableLayout {
  const sort: ShipmentOrderKey[] = key === 'all' ? [{ column: 'eta', direction: 'desc' }] : [{ column: 'eta', direction: 'asc' }];
  return { order: [], hidden: key === 'moving' ? ['tracking'] : [], widths: {}, sort, groupBy: null, collapsed: [] };
}

const SAVE_AFTER_MS = 400;

export interface TableLayoutState {
  key: LayoutKey;
  layout: TableLayout;
  /** Layouts read or changed in this window, by view. */
  known: ReadonlyMap<LayoutKey, TableLayout>;
  /** The layout of a view now (kept or default), and whether it still has to be read. */
  layoutFor(key: LayoutKey): { layout: TableLayout; read: boolean };
  /** Shows the view's layout; reads it from the engine the first time (then `onRead` with what was kept). */
  follow(key: LayoutKey, onRead: (layout: TableLayout) => void): TableLayout;
  change(patch: Partial<TableLayout>): TableLayout;
  /** Back to the view's default columns, widths and order. */
  reset(): TableLayout;
}

const timers = new Map<LayoutKey, ReturnType<typeof setTimeout>>();

function save(key: LayoutKey, layout: TableLayout): void {
  const waiting = timers.get(key);
  if (waiting) clearTimeout(waiting);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      call('shipments.saveLayout', { view: key, layout }).catch((e: unknown) => useUi.getState().toast(`The table's layout was not kept: ${messageOf(e)}`));
    }, SAVE_AFTER_MS),
  );
}

export const useTableLayout = create<TableLayoutState>()((set, get) => ({
  key: 'moving',
  layout: defaultLayout('moving'),
  known: new Map(),

  layoutFor(key) {
    const known = get().known.get(key);
    return known ? { layout: known, read: true } : { layout: defaultLayout(key), read: false };
  },

  follow(key, onRead) {
    const { layout, read } = get().layoutFor(key);
    set({ key, layout });
    if (!read) {
      call('shipments.layout', key).then(
        (kept) => {
          const now = get().known.get(key);
          // A change made while it was read wins over what was kept.
          if (now) return;
          const chosen = kept ?? defaultLayout(key);
          set((s) => ({ known: new Map(s.known).set(key, chosen), ...(s.key === key ? { layout: chosen } : {}) }));
          if (kept && get().key === key) onRead(chosen);
        },
        () => set((s) => ({ known: new Map(s.known).set(key, s.known.get(key) ?? defaultLayout(key)) })),
      );
    }
    return layout;
  },

  change(patch) {
    const { key } = get();
    const layout = { ...get().layout, ...patch };
    set((s) => ({ layout, known: new Map(s.known).set(key, layout) }));
    save(key, layout);
    return layout;
  },

  reset() {
    const { key } = get();
    const layout = defaultLayout(key);
    set((s) => ({ layout, known: new Map(s.known).set(key, layout) }));
    save(key, layout);
    return layout;
  },
}));

export function resetTableLayoutStore(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  useTableLayout.setState({ key: 'moving', layout: defaultLayout('moving'), known: new Map() });
}

/** Sorting by a column as a header click does: it alone (Shift: added as the next key), the other way round when it already leads. */
export function nextSort(sort: readonly ShipmentOrderKey[], column: ShipmentOrderKey['column'], add: boolean, firstDirection: 'asc' | 'desc' = 'asc'): ShipmentOrderKey[] {
  const at = sort.findIndex((k) => k.column === column);
  const flipped = (k: ShipmentOrderKey): ShipmentOrderKey => ({ column: k.column, direction: k.direction === 'asc' ? 'desc' : 'asc' });
  if (add) {
    if (at >= 0) return sort.map((k, i) => (i === at ? flipped(k) : k));
    return [...sort, { column, direction: firstDirection }].slice(-3);
  }
  if (at === 0) return [flipped(sort[0]!)];
  return [{ column, direction: firstDirection }];
}
