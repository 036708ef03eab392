/**
 * The table's column headings, as in a spreadsheet: a click sorts by the column (again: the other
 * way round), Shift+click sorts ties by it next; the edge of a heading is dragged to widen it (a
 * double-click fits it to its values; ← → on the focused edge too); a heading is dragged onto
 * another to move the column there. The sort keys are numbered when there is more than one.
 */
import { type DragEvent, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { messageOf } from '../api/call';
import { useAttention } from '../state/attention';
import { changeLayout, useShipments } from '../state/shipments';
import { nextSort, useTableLayout } from '../state/table-layout';
import { openSettingsAt, useUi } from '../state/ui';
import type { Column } from './columns';

const DRAG_TYPE = 'application/x-quayside-column';

export interface TableHeaderProps {
  columns: readonly Column[];
  widths: readonly number[];
  /** A width while its edge is dragged (not kept until let go). */
  onLiveWidth(id: string, width: number | null): void;
  /** The width the column's values need (measured on the rows shown). */
  fitWidth(id: string): number | null;
}

/** Whether any free days are set: without them the Free time column says how to set them. */
function useNoFreeDays(): boolean {
  return useAttention((s) => {
    const free = s.settings?.freeDays;
    return free !== undefined && Object.keys(free.carriers).length === 0 && Object.keys(free.customers).length === 0;
  });
}

export function TableHeader({ columns, widths, onLiveWidth, fitWidth }: TableHeaderProps) {
  const sort = useTableLayout((s) => s.layout.sort);
  const total = useShipments((s) => s.total) ?? 0;
  const selected = useShipments((s) => s.selection.size);
  const noFreeDays = useNoFreeDays();
  const [dropAt, setDropAt] = useState<{ id: string; side: 'before' | 'after' } | null>(null);
  const resizing = useRef(false);
  const all = total > 0 && selected >= total;
  const some = selected > 0 && !all;

  const toggleAll = () => {
    const s = useShipments.getState();
    if (all) s.clearSelection();
    else void s.selectAll().catch((e: unknown) => useUi.getState().toast(messageOf(e)));
  };

  const sortBy = (c: Column, add: boolean) => changeLayout({ sort: nextSort(useTableLayout.getState().layout.sort, c.sort, add, c.firstDirection) });

  const setWidth = (id: string, width: number) => {
    const layout = useTableLayout.getState().layout;
    changeLayout({ widths: { ...layout.widths, [id]: Math.round(width) } });
  };

  const move = (id: string, target: string, side: 'before' | 'after') => {
    if (id === target) return;
    const ids = columns.map((c) => c.id);
    const hiddenOrder = useTableLayout.getState().layout.order.filter((o) => !ids.includes(o));
    const without = ids.filter((o) => o !== id);
    const at = without.indexOf(target) + (side === 'after' ? 1 : 0);
    without.splice(Math.max(1, at), 0, id);
    changeLayout({ order: [...without, ...hiddenOrder] });
  };

  const startResize = (e: PointerEvent<HTMLSpanElement>, c: Column, start: number) => {
    e.preventDefault();
    e.stopPropagation();
    resizing.current = true;
    const x0 = e.clientX;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    let width = start;
    const onMove = (ev: globalThis.PointerEvent) => {
      width = Math.max(c.min, start + ev.clientX - x0);
      onLiveWidth(c.id, width);
    };
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
      resizing.current = false;
      onLiveWidth(c.id, null);
      if (Math.abs(width - start) >= 1) setWidth(c.id, width);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };

  const resizeKey = (e: KeyboardEvent<HTMLSpanElement>, c: Column, width: number) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    setWidth(c.id, Math.max(c.min, width + (e.key === 'ArrowRight' ? 16 : -16)));
  };

  const dragOver = (e: DragEvent<HTMLDivElement>, c: Column) => {
    if (!e.dataTransfer.types.includes(DRAG_TYPE) || c.frozen) return;
    e.preventDefault();
    const box = e.currentTarget.getBoundingClientRect();
    setDropAt({ id: c.id, side: e.clientX < box.left + box.width / 2 ? 'before' : 'after' });
  };

  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="row row-head">
        <div role="columnheader" className="cell c-select">
          <input
            type="checkbox"
            aria-label="Select all matching shipments"
            checked={all}
            ref={(el) => {
              if (el) el.indeterminate = some;
            }}
            onChange={toggleAll}
          />
        </div>
        {columns.map((c, i) => {
          const rank = sort.findIndex((k) => k.column === c.sort);
          const key = rank >= 0 ? sort[rank]! : null;
          const word = c.label.toLowerCase();
          const drop = dropAt?.id === c.id ? ` drop-${dropAt.side}` : '';
          return (
            <div
              key={c.id}
              role="columnheader"
              className={`cell head-cell c-${c.id.startsWith('field:') ? 'field' : c.id}${drop}`}
              aria-sort={rank === 0 ? (key!.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              data-column={c.id}
              draggable={!c.frozen}
              onDragStart={(e) => {
                if (resizing.current || c.frozen) return e.preventDefault();
                e.dataTransfer.setData(DRAG_TYPE, c.id);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => dragOver(e, c)}
              onDragLeave={() => setDropAt((d) => (d?.id === c.id ? null : d))}
              onDrop={(e) => {
                const id = e.dataTransfer.getData(DRAG_TYPE);
                const side = dropAt?.side ?? 'before';
                setDropAt(null);
                if (id) {
                  e.preventDefault();
                  move(id, c.id, side);
                }
              }}
              onDragEnd={() => setDropAt(null)}
            >
              <button
                type="button"
                className={`sort-button${key ? ' sorted' : ''}`}
                title={
                  key
                    ? `Sorted by ${word}, ${key.direction === 'asc' ? 'A to Z / earliest first' : 'Z to A / latest first'}; click for the other way, Shift+click to sort ties by another column`
                    : `Sort by ${word} (Shift+click: sort ties by ${word})`
                }
                onClick={(e) => sortBy(c, e.shiftKey)}
              >
                <span className="head-label">{c.label}</span>
                <span className="sort-mark" aria-hidden="true">
                  {key ? (key.direction === 'asc' ? '▲' : '▼') : '↕'}
                  {key && sort.length > 1 && <span className="sort-rank">{rank + 1}</span>}
                </span>
              </button>
              {c.id === 'clock' && noFreeDays && (
                <button type="button" className="link-button head-hint" title="Free days are set per carrier or customer in Settings" onClick={() => openSettingsAt('settings-free-days')}>
                  Set free days
                </button>
              )}
              <span
                className="col-resize"
                role="separator"
                aria-orientation="vertical"
                aria-label={`Width of ${word}: drag, or ← →; double-click fits it`}
                aria-valuenow={Math.round(widths[i] ?? c.width)}
                tabIndex={0}
                onPointerDown={(e) => startResize(e, c, widths[i] ?? c.width)}
                onKeyDown={(e) => resizeKey(e, c, widths[i] ?? c.width)}
                onDoubleClick={(e) => {
                  e.stopPropagation();
                  const fit = fitWidth(c.id);
                  if (fit !== null) setWidth(c.id, Math.max(c.min, fit));
                }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
