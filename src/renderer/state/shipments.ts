/**
 * The shipments table: the query (filters, and the layout's order, grouping and imported columns),
 * a block cache of rows fetched 200 at a time, the total, the groups, the active row and the
 * selection. The blocks of one generation are asked together; a new generation (another query, or
 * rows known to have changed since: `shipments.changed`) cancels what the older one still waits
 * for, so a late answer can never overwrite a newer one.
 */
import { create } from 'zustand';
import type { ShipmentGroupBy, ShipmentListQuery, ShipmentOrderKey, ShipmentTableRow, TableLayout } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { type GroupView, type Lines, tableLines } from '../shipments/grid-groups';
import { EMPTY_FILTERS, type ShipmentFilters, clearedFilters, filterInput } from './query';
import { layoutKeyOf, useTableLayout } from './table-layout';

export const BLOCK_SIZE = 200;
/** Blocks kept per query (10,000 rows); the farthest from the newest are dropped. */
const MAX_BLOCKS = 50;

/** What of the layout shapes the query: the order, the grouping, the imported columns shown. */
export interface QueryShape {
  order: readonly ShipmentOrderKey[];
  groupBy: ShipmentGroupBy | null;
  fieldColumns: readonly string[];
  /** Groups folded, by key ('' for the group without a value). */
  folded: ReadonlySet<string>;
}

/** The shape a layout gives: its sort, its grouping, the imported columns it shows. */
function shapeOf(layout: TableLayout): QueryShape {
  const hidden = new Set(layout.hidden);
  const fieldColumns = layout.order.filter((id) => id.startsWith('field:') && !hidden.has(id)).map((id) => id.slice('field:'.length));
  return { order: layout.sort, groupBy: layout.groupBy, fieldColumns, folded: new Set(layout.collapsed) };
}

export interface ShipmentsState extends QueryShape {
  filters: ShipmentFilters;
  /** The groups of a grouped table, in the list's order; null when not grouped (or not read yet). */
  groups: readonly GroupView[] | null;
  /** Bumped on every query change and on every invalidation. */
  generation: number;
  /** Bumped only when the query (filters, sort) changes. */
  queryVersion: number;
  /** Matches of the current query; null until the first answer. */
  total: number | null;
  blocks: ReadonlyMap<number, readonly ShipmentTableRow[]>;
  /** Rows of an older generation shown while the current ones load, so the table does not flash. */
  staleBlocks: ReadonlyMap<number, readonly ShipmentTableRow[]>;
  /** The query (`queryVersion`) the stale rows belong to: another one's are all dropped with the first new block. */
  staleQuery: number;
  loading: boolean;
  loadError: string | null;
  selection: ReadonlySet<number>;
  anchorIndex: number | null;
  activeIndex: number | null;

  setFilters(patch: Partial<ShipmentFilters>): void;
  clearFilters(): void;
  /** The layout changed (a sort, a grouping, a column): the query follows. */
  setShape(shape: QueryShape): void;
  /** The table's lines: group headings and the rows shown. */
  lines(): Lines;
  /** Reads the layout kept for the view shown (at the window's start), and follows it. */
  followLayout(): void;
  /** Fetches the blocks covering rows first..last that are neither cached nor on their way. */
  ensureRange(first: number, last: number): void;
  /** Rows changed at the service or locally: refetch what is shown, keep showing the old rows meanwhile. */
  invalidate(): void;
  patchRow(id: number, patch: Partial<ShipmentTableRow>): void;

  setActive(index: number | null): void;
  moveActive(to: number, extend?: boolean): Promise<void>;
  clickRow(index: number, id: number, mods: { toggle: boolean; range: boolean }): Promise<void>;
  toggleSelected(id: number, index: number): void;
  selectAll(): Promise<void>;
  clearSelection(): void;
  removeFromSelection(ids: readonly number[]): void;
}

const inFlight = new Set<string>();
/** The asks of the current generation: a new generation cancels them together. */
const rowAsks = newestOnly();

export function rowAt(s: Pick<ShipmentsState, 'blocks' | 'staleBlocks'>, index: number): ShipmentTableRow | undefined {
  const block = Math.floor(index / BLOCK_SIZE);
  const offset = index % BLOCK_SIZE;
  return s.blocks.get(block)?.[offset] ?? s.staleBlocks.get(block)?.[offset];
}

/** The query's order and grouping as the contract takes them. */
export function orderInput(s: Pick<ShipmentsState, 'order' | 'groupBy'>): Pick<ShipmentListQuery, 'order' | 'groupBy'> {
  return { ...(s.order.length > 0 ? { order: [...s.order] } : {}), ...(s.groupBy ? { groupBy: s.groupBy } : {}) };
}

function listQuery(s: ShipmentsState, block: number): ShipmentListQuery {
  const fields = s.fieldColumns.length > 0 ? { fieldColumns: [...s.fieldColumns] } : {};
  return { ...filterInput(s.filters), ...orderInput(s), ...fields, offset: block * BLOCK_SIZE, limit: BLOCK_SIZE };
}

const sameShape = (a: QueryShape, b: QueryShape): boolean =>
  JSON.stringify([a.order, a.groupBy, a.fieldColumns]) === JSON.stringify([b.order, b.groupBy, b.fieldColumns]);

/** Keeps the blocks nearest to `around`, at most MAX_BLOCKS. */
function trimmed(blocks: Map<number, readonly ShipmentTableRow[]>, around: number): Map<number, readonly ShipmentTableRow[]> {
  if (blocks.size <= MAX_BLOCKS) return blocks;
  const keep = [...blocks.keys()].sort((a, b) => Math.abs(a - around) - Math.abs(b - around)).slice(0, MAX_BLOCKS);
  return new Map(keep.map((k) => [k, blocks.get(k) ?? []]));
}

const INITIAL = {
  filters: EMPTY_FILTERS,
  ...shapeOf(useTableLayout.getState().layout),
  groups: null,
  generation: 0,
  queryVersion: 0,
  total: null,
  blocks: new Map(),
  staleBlocks: new Map(),
  staleQuery: 0,
  loading: false,
  loadError: null,
  selection: new Set<number>(),
  anchorIndex: null,
  activeIndex: null,
} satisfies Partial<ShipmentsState>;

export const useShipments = create<ShipmentsState>()((set, get) => {
  /** A new query: old rows stay visible until the first answer, the selection is cleared (it would hide rows). */
  const newQuery = (patch: Partial<ShipmentsState>): void => {
    const s = get();
    rowAsks.cancel();
    set({
      ...patch,
      generation: s.generation + 1,
      queryVersion: s.queryVersion + 1,
      staleBlocks: s.blocks.size ? s.blocks : s.staleBlocks,
      staleQuery: s.blocks.size ? s.queryVersion : s.staleQuery,
      blocks: new Map(),
      loadError: null,
      selection: new Set(),
      anchorIndex: null,
      activeIndex: null,
      // Another grouping: the old groups would place the rows wrongly until the new ones come.
      ...('groupBy' in patch && patch.groupBy !== s.groupBy ? { groups: null } : {}),
    });
    void fetchGroups();
  };

  /** The groups of the current query (grouped only); a later generation's answer replaces it. */
  const fetchGroups = async (): Promise<void> => {
    const s = get();
    if (!s.groupBy) return;
    const generation = s.generation;
    try {
      const groups = await call('shipments.groups', { ...filterInput(s.filters), groupBy: s.groupBy });
      if (get().generation === generation) set({ groups });
    } catch (error) {
      if (!isAbort(error) && get().generation === generation) set({ loadError: messageOf(error) });
    }
  };

  /** The filters and the layout of the view they make (each view keeps its own). */
  const withLayout = (filters: ShipmentFilters): Partial<ShipmentsState> => {
    const layouts = useTableLayout.getState();
    const key = layoutKeyOf(filters);
    if (key === layouts.key) return { filters };
    const layout = layouts.follow(key, (kept) => get().setShape(shapeOf(kept)));
    return { filters, ...shapeOf(layout) };
  };

  const fetchBlock = async (block: number): Promise<void> => {
    const s = get();
    const generation = s.generation;
    const key = `${generation}:${block}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    set({ loading: true });
    try {
      const query = listQuery(s, block);
      const page = await rowAsks.join((signal) => call('shipments.list', query, { signal }));
      const now = get();
      const blocks = new Map(now.blocks);
      blocks.set(block, page.rows);
      // Another query's rows go at once; this query's older rows only where the new block covers them.
      const staleBlocks = new Map(now.staleQuery === now.queryVersion ? now.staleBlocks : []);
      staleBlocks.delete(block);
      set({ blocks: trimmed(blocks, block), staleBlocks, staleQuery: now.queryVersion, total: page.total, loadError: null });
    } catch (error) {
      if (!isAbort(error)) set({ loadError: messageOf(error) });
    } finally {
      inFlight.delete(key);
      if (![...inFlight].some((k) => k.startsWith(`${get().generation}:`))) set({ loading: false });
    }
  };

  /** The ids of rows from..to (inclusive, table order): from the cache, else asked of the core. */
  const idsBetween = async (from: number, to: number): Promise<number[] | null> => {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    const s = get();
    const ids: number[] = [];
    for (let i = lo; i <= hi; i++) {
      const row = s.blocks.get(Math.floor(i / BLOCK_SIZE))?.[i % BLOCK_SIZE];
      if (!row) break;
      ids.push(row.id);
    }
    if (ids.length === hi - lo + 1) return ids;
    const generation = s.generation;
    const all = await call('shipments.ids', { ...filterInput(s.filters), ...orderInput(s) });
    if (get().generation !== generation) return null;
    return all.slice(lo, hi + 1);
  };

  return {
    ...INITIAL,

    setFilters(patch) {
      const filters = { ...get().filters, ...patch };
      if (JSON.stringify(filters) === JSON.stringify(get().filters)) return;
      newQuery(withLayout(filters));
    },
    clearFilters() {
      newQuery(withLayout(clearedFilters(get().filters)));
    },
    setShape(shape) {
      const s = get();
      if (sameShape(s, shape)) {
        // Folding a group changes what is shown, not what is asked.
        set({ folded: shape.folded });
        return;
      }
      const onlyColumns = JSON.stringify([s.order, s.groupBy]) === JSON.stringify([shape.order, shape.groupBy]);
      if (onlyColumns) {
        // Another imported column shown: the same rows again with it, in place.
        set({ ...shape });
        get().invalidate();
        return;
      }
      newQuery({ ...shape });
    },
    followLayout() {
      const layouts = useTableLayout.getState();
      const key = layoutKeyOf(get().filters);
      if (layouts.layoutFor(key).read) return;
      layouts.follow(key, (kept) => get().setShape(shapeOf(kept)));
    },
    lines() {
      const s = get();
      return tableLines(s.total ?? 0, s.groupBy ? s.groups : null, s.folded);
    },

    ensureRange(first, last) {
      const s = get();
      // An empty answer is asked again after a change (invalidate, new query): block 0 at least.
      const lastIndex = s.total === null || s.total === 0 ? last : Math.min(last, s.total - 1);
      const from = Math.floor(Math.max(0, first) / BLOCK_SIZE);
      const to = Math.floor(Math.max(0, lastIndex) / BLOCK_SIZE);
      for (let b = from; b <= to; b++) {
        if (!s.blocks.has(b)) void fetchBlock(b);
      }
    },

    invalidate() {
      const s = get();
      rowAsks.cancel();
      const stale = new Map(s.staleBlocks);
      for (const [k, rows] of s.blocks) stale.set(k, rows);
      // Blocks shown mean the first block of this query came, which dropped another query's stale rows: `staleQuery` holds.
      set({ generation: s.generation + 1, blocks: new Map(), staleBlocks: stale });
      void fetchGroups();
    },

    patchRow(id, patch) {
      const patchIn = (blocks: ReadonlyMap<number, readonly ShipmentTableRow[]>) => {
        let changed = false;
        const next = new Map(blocks);
        for (const [k, rows] of blocks) {
          const i = rows.findIndex((r) => r.id === id);
          if (i < 0) continue;
          const copy = rows.slice();
          copy[i] = { ...rows[i]!, ...patch };
          next.set(k, copy);
          changed = true;
        }
        return changed ? next : blocks;
      };
      const s = get();
      set({ blocks: patchIn(s.blocks), staleBlocks: patchIn(s.staleBlocks) });
    },

    setActive(index) {
      set({ activeIndex: index });
    },

    async moveActive(to, extend = false) {
      const total = get().total ?? 0;
      if (total === 0) return;
      const index = Math.max(0, Math.min(total - 1, to));
      const anchor = get().anchorIndex ?? get().activeIndex ?? index;
      set({ activeIndex: index, ...(extend ? {} : { anchorIndex: index }) });
      if (!extend) return;
      const ids = await idsBetween(anchor, index);
      if (ids) set({ selection: new Set(ids), anchorIndex: anchor });
    },

    async clickRow(index, id, mods) {
      const s = get();
      if (mods.range && s.anchorIndex !== null) {
        const anchor = s.anchorIndex;
        set({ activeIndex: index });
        const ids = await idsBetween(anchor, index);
        if (!ids) return;
        const selection = mods.toggle ? new Set([...get().selection, ...ids]) : new Set(ids);
        set({ selection });
        return;
      }
      if (mods.toggle) {
        const selection = new Set(s.selection);
        if (selection.has(id)) selection.delete(id);
        else selection.add(id);
        set({ selection, anchorIndex: index, activeIndex: index });
        return;
      }
      // A plain click makes the row the active one; the ticked rows stay as they were (a tick is the checkbox's, Space's or Ctrl+click's).
      set({ anchorIndex: index, activeIndex: index });
    },

    toggleSelected(id, index) {
      const selection = new Set(get().selection);
      if (selection.has(id)) selection.delete(id);
      else selection.add(id);
      set({ selection, anchorIndex: index });
    },

    async selectAll() {
      const s = get();
      const ids = await call('shipments.ids', { ...filterInput(s.filters), ...orderInput(s) });
      if (get().queryVersion !== s.queryVersion) return;
      set({ selection: new Set(ids) });
    },

    clearSelection() {
      set({ selection: new Set(), anchorIndex: null });
    },

    removeFromSelection(ids) {
      const selection = new Set(get().selection);
      for (const id of ids) selection.delete(id);
      set({ selection });
    },
  };
});

/** A change of the table's layout (a sort, a width, a column, a grouping): kept for the view, and the query follows. */
export function changeLayout(patch: Partial<TableLayout>): void {
  const layout = useTableLayout.getState().change(patch);
  useShipments.getState().setShape(shapeOf(layout));
}

/**
 * The first block of the view the window opens on, asked before the window is first drawn: the
 * answer travels while the page is built, and the table, asking the same block, finds it on its way.
 */
export function askFirstRows(): void {
  useShipments.getState().ensureRange(0, 0);
}

export function resetShipmentsStore(): void {
  inFlight.clear();
  rowAsks.cancel();
  useShipments.setState({ ...INITIAL, ...shapeOf(useTableLayout.getState().layout), blocks: new Map(), staleBlocks: new Map(), selection: new Set() });
}
