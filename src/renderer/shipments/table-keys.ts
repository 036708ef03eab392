/**
 * The table's keyboard: move the active row, open it, edit its note, remove, select. Used by the
 * grid and by the window when nothing has focus, so the keys work without clicking first.
 */
import { useDetail } from '../state/detail';
import { rowAt, useShipments } from '../state/shipments';
import { focusById, useUi } from '../state/ui';
import { NOT_TRACKED_NOTE } from '../lib/format';

export const GRID_ID = 'shipments-grid';

let pageSize = 20;

/** The grid tells how many rows fit, for PageUp/PageDown. */
export function setTablePageSize(rows: number): void {
  pageSize = Math.max(1, rows);
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}

/** Opens the detail of the active row; returns false when there is none loaded. */
function openActiveDetail(focus: boolean): boolean {
  const s = useShipments.getState();
  if (s.activeIndex === null) return false;
  const row = rowAt(s, s.activeIndex);
  if (!row) return false;
  useDetail.getState().open(row.id);
  if (focus) focusById('detail-heading');
  return true;
}

/** The ids Delete acts on: the selection, else the active row. */
export function removalTargets(): number[] {
  const s = useShipments.getState();
  if (s.selection.size > 0) return [...s.selection];
  if (s.activeIndex === null) return [];
  const row = rowAt(s, s.activeIndex);
  return row ? [row.id] : [];
}

/** Handles a key for the table; true when it did something (the caller's default is prevented). */
export function runTableKey(e: KeyLike): boolean {
  const s = useShipments.getState();
  const active = s.activeIndex;
  const ctrl = e.ctrlKey || e.metaKey;
  // The rows shown: a folded group's rows are passed over.
  const lines = s.lines();
  const move = (to: number | null): boolean => {
    if (to !== null) void s.moveActive(to, e.shiftKey);
    return true;
  };
  let handled = false;
  switch (e.key) {
    case 'ArrowDown':
      handled = move(active === null ? lines.firstRow() : lines.moveRow(active, 1));
      break;
    case 'ArrowUp':
      handled = move(active === null ? lines.firstRow() : lines.moveRow(active, -1));
      break;
    case 'PageDown':
      handled = move(lines.moveRow(active, pageSize));
      break;
    case 'PageUp':
      handled = move(lines.moveRow(active, -pageSize));
      break;
    case 'Home':
      handled = move(lines.firstRow());
      break;
    case 'End':
      handled = move(lines.lastRow());
      break;
    case 'Enter':
      handled = openActiveDetail(true);
      break;
    case ' ': {
      if (active === null) break;
      const row = rowAt(s, active);
      if (row) s.toggleSelected(row.id, active);
      handled = true;
      break;
    }
    case 'n':
    case 'N': {
      if (ctrl || e.altKey || active === null) break;
      const row = rowAt(s, active);
      if (row?.trackingId) useUi.getState().editNote(row.id);
      else if (row) useUi.getState().toast(`${row.reference}: ${NOT_TRACKED_NOTE}`, 'info');
      handled = row !== undefined;
      break;
    }
    case 'Delete':
    case 'Backspace': {
      const ids = removalTargets();
      if (ids.length) useUi.getState().openRemove(ids);
      handled = true;
      break;
    }
    case 'a':
    case 'A':
      if (!ctrl) break;
      void s.selectAll().catch((err: unknown) => useUi.getState().toast(err instanceof Error ? err.message : String(err)));
      handled = true;
      break;
  }
  if (handled) e.preventDefault();
  return handled;
}

export const TABLE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', 'Enter', ' ', 'n', 'N', 'Delete', 'Backspace']);
