/**
 * The shipments table: the query, a block cache of rows fetched 200 at a time, the total, the
 * active row and the selection. The blocks of one generation are asked together; a new generation
 * (another query, or rows known to have changed since: `shipments.changed`) cancels what the older
 * one still waits for, so a late answer can never overwrite a newer one.
 */
import { create } from 'zustand';
import type { ShipmentListQuery, ShipmentSortKey, ShipmentTableRow } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { DEFAULT_SORT, EMPTY_FILTERS, type ShipmentFilters, filterInput } from './query';

export const BLOCK_SIZE = 200;
/** Blocks kept per query (10,000 rows); the farthest from the newest are dropped. */
const MAX_BLOCKS = 50;

export interface ShipmentsState {
  filters: ShipmentFilters;
  sort: ShipmentSortKey;
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
  setSort(sort: ShipmentSortKey): void;
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

function listQuery(s: ShipmentsState, block: number): ShipmentListQuery {
  return { ...filterInput(s.filters), sort: s.sort, offset: block * BLOCK_SIZE, limit: BLOCK_SIZE };
}

/** Keeps the blocks nearest to `around`, at most MAX_BLOCKS. */
function trimmed(blocks: Map<number, readonly ShipmentTableRow[]>, around: number): Map<number, readonly ShipmentTableRow[]> {
  if (blocks.size <= MAX_BLOCKS) return blocks;
  const keep = [...blocks.keys()].sort((a, b) => Math.abs(a - around) - Math.abs(b - around)).slice(0, MAX_BLOCKS);
  return new Map(keep.map((k) => [k, blocks.get(k) ?? []]));
}

const INITIAL = {
  filters: EMPTY_FILTERS,
  sort: DEFAULT_SORT,
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
    });
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
    const all = await call('shipments.ids', { ...filterInput(s.filters), sort: s.sort });
    if (get().generation !== generation) return null;
    return all.slice(lo, hi + 1);
  };

  return {
    ...INITIAL,

    setFilters(patch) {
      const filters = { ...get().filters, ...patch };
      if (JSON.stringify(filters) === JSON.stringify(get().filters)) return;
      newQuery({ filters });
    },
    clearFilters() {
      newQuery({ filters: EMPTY_FILTERS });
    },
    setSort(sort) {
      if (sort === get().sort) return;
      newQuery({ sort });
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
      const ids = await call('shipments.ids', { ...filterInput(s.filters), sort: s.sort });
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

export function resetShipmentsStore(): void {
  inFlight.clear();
  rowAsks.cancel();
  useShipments.setState({ ...INITIAL, blocks: new Map(), staleBlocks: new Map(), selection: new Set() });
}
