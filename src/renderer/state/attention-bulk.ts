/**
 * Several cards of the Attention view chosen at once (checkboxes, shift-click for a range, "select
 * all shown") and "Customer told…" for all of them with one comment, in one engine call; the last
 * batch can be taken back as one (attention.undoMany).
 */
import { create } from 'zustand';
import { HANDLE_MANY_MAX, type HandledBatch, type ReasonKind } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { useAttention } from './attention';
import { useUi } from './ui';

interface LastBatch {
  batchId: string;
  reasons: number;
  shipments: number;
  skipped: HandledBatch['skipped'];
}

export interface AttentionBulkState {
  selected: ReadonlySet<number>;
  /** The card a shift-click's range starts from. */
  anchor: number | null;
  busy: boolean;
  last: LastBatch | null;

  /** `order`: the ids of the cards as shown, for a shift-click's range. */
  toggle(id: number, range: boolean, order: readonly number[]): void;
  setMany(ids: readonly number[], on: boolean): void;
  clear(): void;
  /** Marks the chosen cards' open reasons (only `kind` when given); true when done. */
  tell(comment: string, kind: ReasonKind | null): Promise<boolean>;
  undo(): Promise<void>;
  dismiss(): void;
}

const INITIAL = { selected: new Set<number>(), anchor: null, busy: false, last: null } satisfies Partial<AttentionBulkState>;

export const useAttentionBulk = create<AttentionBulkState>()((set, get) => ({
  ...INITIAL,

  toggle(id, range, order) {
    const selected = new Set(get().selected);
    const anchor = get().anchor;
    const from = anchor === null ? -1 : order.indexOf(anchor);
    const to = order.indexOf(id);
    if (range && from >= 0 && to >= 0) {
      // The range takes the state the anchor has, as file managers do.
      const on = selected.has(anchor!);
      for (const other of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
        if (on) selected.add(other);
        else selected.delete(other);
      }
    } else if (!selected.delete(id)) selected.add(id);
    set({ selected, anchor: id });
  },
  setMany(ids, on) {
    const selected = new Set(get().selected);
    for (const id of ids) {
      if (on) selected.add(id);
      else selected.delete(id);
    }
    set({ selected });
  },
  clear() {
    set({ selected: new Set<number>(), anchor: null });
  },
  async tell(comment, kind) {
    const ids = [...get().selected];
    if (ids.length === 0) return false;
    if (ids.length > HANDLE_MANY_MAX) {
      useUi.getState().toast(`At most ${HANDLE_MANY_MAX} shipments at once; ${ids.length} are chosen.`);
      return false;
    }
    set({ busy: true });
    try {
      const text = comment.trim();
      const batch = await call('attention.acknowledgeMany', { shipmentIds: ids, comment: text === '' ? null : text, ...(kind !== null ? { kinds: [kind] } : {}) });
      const shipments = new Set(batch.marked.map((m) => m.shipmentId)).size;
      set({ busy: false, selected: new Set<number>(), anchor: null, last: { batchId: batch.batchId, reasons: batch.marked.length, shipments, skipped: batch.skipped } });
      await useAttention.getState().load();
      return true;
    } catch (error) {
      set({ busy: false });
      useUi.getState().toast(`Not marked as handled: ${messageOf(error)}`);
      await useAttention.getState().load();
      return false;
    }
  },
  async undo() {
    const last = get().last;
    if (last === null) return;
    try {
      await call('attention.undoMany', { batchId: last.batchId });
      set({ last: null });
    } catch (error) {
      useUi.getState().toast(`Could not take it back: ${messageOf(error)}`);
    }
    await useAttention.getState().load();
  },
  dismiss() {
    set({ last: null });
  },
}));

export function resetAttentionBulkStore(): void {
  useAttentionBulk.setState({ ...INITIAL, selected: new Set<number>() });
}
