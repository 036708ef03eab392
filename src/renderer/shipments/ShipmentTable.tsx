/**
 * The shipments grid, virtualized by hand: fixed row height, only the visible rows plus an
 * overscan in the DOM, a body as tall as every row for the scrollbar, ARIA grid semantics with
 * the real row count and each row's index.
 */
import { type MouseEvent, type UIEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatCount, statusAndWhen } from '../lib/format';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { noteStateOf, useNotes } from '../state/notes';
import { BLOCK_SIZE, rowAt, useShipments } from '../state/shipments';
import { focusById, useUi } from '../state/ui';
import { COLUMNS, HEADER_HEIGHT, OVERSCAN, ROW_HEIGHT } from './columns';
import { ShipmentRow, rowDomId } from './ShipmentRow';
import { GRID_ID, runTableKey, setTablePageSize } from './table-keys';
import { TableHeader } from './TableHeader';

export interface ShipmentTableProps {
  /** Used when the element reports no height (jsdom has no layout). */
  viewportHeight?: number;
}

const FALLBACK_HEIGHT = 600;
const FETCH_SETTLE_MS = 30;

export function ShipmentTable({ viewportHeight }: ShipmentTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(viewportHeight ?? FALLBACK_HEIGHT);
  const [first, setFirst] = useState(0);

  const total = useShipments((s) => s.total);
  const blocks = useShipments((s) => s.blocks);
  const staleBlocks = useShipments((s) => s.staleBlocks);
  const selection = useShipments((s) => s.selection);
  const activeIndex = useShipments((s) => s.activeIndex);
  const generation = useShipments((s) => s.generation);
  const queryVersion = useShipments((s) => s.queryVersion);
  const ensureRange = useShipments((s) => s.ensureRange);
  const known = useNotes((s) => s.known);
  const editingNoteId = useUi((s) => s.editingNoteId);
  const now = useClock((s) => s.now);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = (): void => {
      const h = el.clientHeight;
      setHeight(h > 0 ? h : (viewportHeight ?? FALLBACK_HEIGHT));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewportHeight]);

  const bodyHeight = Math.max(ROW_HEIGHT, height - HEADER_HEIGHT);
  const visibleCount = Math.ceil(bodyHeight / ROW_HEIGHT);
  const count = total ?? 0;
  const from = Math.max(0, Math.min(first, count - 1) - OVERSCAN);
  const to = Math.min(count - 1, first + visibleCount + OVERSCAN);

  useEffect(() => setTablePageSize(visibleCount - 1), [visibleCount]);

  // Rows are asked for once scrolling settles for a moment (dragging the scrollbar across
  // 100,000 rows asks only where it stops), half a block ahead so steady scrolling rarely
  // meets an unloaded row.
  useEffect(() => {
    const ask = (): void => {
      if (total === null || total === 0) ensureRange(0, visibleCount + OVERSCAN);
      else if (to >= from) ensureRange(from - BLOCK_SIZE / 2, to + BLOCK_SIZE / 2);
    };
    // The window's first rows are asked at once: there is no scrolling to wait for, and they are
    // what the person waits for (before the header's counts and the filters' values).
    if (total === null) return ask();
    const timer = setTimeout(ask, FETCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [ensureRange, from, to, generation, total, visibleCount]);

  // A new query starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setFirst(0);
  }, [queryVersion]);

  // The active row is always in view.
  useEffect(() => {
    const el = scroller.current;
    if (activeIndex === null || !el) return;
    const top = activeIndex * ROW_HEIGHT;
    const scrollTop = el.scrollTop;
    let next = scrollTop;
    if (top < scrollTop) next = top;
    else if (top + ROW_HEIGHT > scrollTop + bodyHeight) next = top + ROW_HEIGHT - bodyHeight;
    if (next !== scrollTop) {
      el.scrollTop = next;
      setFirst(Math.floor(next / ROW_HEIGHT));
    }
  }, [activeIndex, bodyHeight]);

  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    setFirst(Math.floor(e.currentTarget.scrollTop / ROW_HEIGHT));
  }, []);

  const rowFromEvent = (e: MouseEvent): { index: number; id: number } | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!el?.dataset.id || !el.dataset.index) return null;
    return { index: Number(el.dataset.index), id: Number(el.dataset.id) };
  };

  const onClick = (e: MouseEvent) => {
    const hit = rowFromEvent(e);
    if (!hit) return;
    const mods = { toggle: e.ctrlKey || e.metaKey, range: e.shiftKey };
    void useShipments.getState().clickRow(hit.index, hit.id, mods);
    // With the detail open, it follows the row clicked.
    if (!mods.toggle && !mods.range && useDetail.getState().openId !== null) useDetail.getState().open(hit.id);
  };

  const onDoubleClick = (e: MouseEvent) => {
    const hit = rowFromEvent(e);
    if (hit) useDetail.getState().open(hit.id);
  };

  const onToggle = useCallback((id: number, index: number) => useShipments.getState().toggleSelected(id, index), []);
  const onEditNote = useCallback((id: number, index: number) => {
    useShipments.getState().setActive(index);
    useUi.getState().editNote(id);
  }, []);
  const onNoteDone = useCallback((_id: number, _saved: boolean) => {
    useUi.getState().editNote(null);
    focusById(GRID_ID);
  }, []);

  const rows = [];
  for (let i = from; i <= to; i++) {
    const row = rowAt({ blocks, staleBlocks }, i);
    const note = row ? noteStateOf(known, row.id, row.notePending) : { pending: false, failed: null };
    rows.push(
      <ShipmentRow
        key={i}
        row={row}
        index={i}
        selected={row ? selection.has(row.id) : false}
        active={i === activeIndex}
        editing={row ? row.id === editingNoteId : false}
        notePending={note.pending}
        noteFailed={note.failed}
        now={now}
        onToggle={onToggle}
        onEditNote={onEditNote}
        onNoteDone={onNoteDone}
      />,
    );
  }

  const activeRow = activeIndex === null ? undefined : rowAt({ blocks, staleBlocks }, activeIndex);
  const activeRendered = activeRow !== undefined && activeIndex !== null && activeIndex >= from && activeIndex <= to;

  return (
    <>
      <div
        ref={scroller}
        id={GRID_ID}
        className="grid"
        role="grid"
        aria-label="Shipments"
        aria-rowcount={count + 1}
        aria-colcount={COLUMNS.length}
        aria-multiselectable="true"
        aria-busy={total === null}
        aria-activedescendant={activeRendered ? rowDomId(activeIndex) : undefined}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={(e) => {
          if (e.target === e.currentTarget) runTableKey(e);
        }}
      >
        <TableHeader />
        <div role="rowgroup" className="grid-body" style={{ height: count * ROW_HEIGHT }} onClick={onClick} onDoubleClick={onDoubleClick}>
          {rows}
        </div>
      </div>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {activeRow && activeIndex !== null
          ? `Row ${formatCount(activeIndex + 1)} of ${formatCount(count)}: ${activeRow.reference}, ${statusAndWhen(activeRow)}${selection.has(activeRow.id) ? ', selected' : ''}`
          : ''}
      </div>
    </>
  );
}
