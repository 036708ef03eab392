/**
 * The shipments grid, virtualized by hand: fixed line height, only the visible lines plus an
 * overscan in the DOM, a body as tall as every line for the scrollbar, ARIA grid semantics with
 * the real line count and each line's index. Grouped, a heading line opens each group (a click
 * folds it). The columns are the view's layout (columns.ts): its order, its widths, else widths
 * that fit the values of the first rows shown.
 */
import { type MouseEvent, type UIEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatCount, plural, statusAndWhen } from '../lib/format';
import { useAttention } from '../state/attention';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { useFacets } from '../state/facets';
import { noteStateOf, useNotes } from '../state/notes';
import { BLOCK_SIZE, changeLayout, rowAt, useShipments } from '../state/shipments';
import { useTableLayout } from '../state/table-layout';
import { focusById, useUi } from '../state/ui';
import { HEADER_HEIGHT, OVERSCAN, ROW_HEIGHT, SELECT_WIDTH, columnWidths, shownColumns } from './columns';
import { groupKey, tableLines } from './grid-groups';
import { ShipmentRow, rowDomId } from './ShipmentRow';
import { GRID_ID, runTableKey, setTablePageSize } from './table-keys';
import { TableHeader } from './TableHeader';
import { useFittedWidths } from './use-fitted-widths';

export interface ShipmentTableProps {
  /** Used when the element reports no height (jsdom has no layout). */
  viewportHeight?: number;
}

const FALLBACK_HEIGHT = 600;
/** The columns that stay in view beside the detail, with the reference. */
const KEY_COLUMNS = new Set(['reference', 'shipment-status', 'pod', 'eta']);
const FETCH_SETTLE_MS = 30;

function GroupLine({ line, label, count, folded, onToggle }: { line: number; label: string; count: number; folded: boolean; onToggle(): void }) {
  return (
    <div role="row" aria-rowindex={line + 2} aria-expanded={!folded} className="row row-group" style={{ transform: `translateY(${line * ROW_HEIGHT}px)` }}>
      <div role="gridcell" className="cell group-cell">
        <button type="button" className="group-toggle" aria-expanded={!folded} onClick={onToggle} title={folded ? 'Show the shipments of this group' : 'Fold this group'}>
          <span className="group-mark" aria-hidden="true">
            {folded ? '▸' : '▾'}
          </span>
          <span className="group-label">{label}</span>
          <span className="group-count">{plural(count, 'shipment')}</span>
        </button>
      </div>
    </div>
  );
}

export function ShipmentTable({ viewportHeight }: ShipmentTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(viewportHeight ?? FALLBACK_HEIGHT);
  const [tableWidth, setTableWidth] = useState(0);
  const [first, setFirst] = useState(0);
  const [live, setLive] = useState<{ id: string; width: number } | null>(null);

  const total = useShipments((s) => s.total);
  const blocks = useShipments((s) => s.blocks);
  const staleBlocks = useShipments((s) => s.staleBlocks);
  const selection = useShipments((s) => s.selection);
  const activeIndex = useShipments((s) => s.activeIndex);
  const generation = useShipments((s) => s.generation);
  const queryVersion = useShipments((s) => s.queryVersion);
  const ensureRange = useShipments((s) => s.ensureRange);
  const groupBy = useShipments((s) => s.groupBy);
  const groups = useShipments((s) => s.groups);
  const folded = useShipments((s) => s.folded);
  const layout = useTableLayout((s) => s.layout);
  const layoutKey = useTableLayout((s) => s.key);
  const fieldNames = useFacets((s) => s.facets?.fieldNames);
  const known = useNotes((s) => s.known);
  const editingNoteId = useUi((s) => s.editingNoteId);
  const now = useClock((s) => s.now);

  // The Free time column says how to set free days when none are: it needs the Attention settings.
  useEffect(() => {
    if (useAttention.getState().settings === null) void useAttention.getState().loadSettings({ quiet: true });
  }, []);

  const columns = useMemo(() => shownColumns(layout, fieldNames ?? []), [layout, fieldNames]);
  const { measured, fitWidth } = useFittedWidths(scroller, columns, layout, layoutKey, blocks);
  const detailOpen = useDetail((s) => s.openId !== null);
  const widths = useMemo(() => {
    // Beside the detail, the key columns are drawn only as wide as they need when the room is short.
    const natural = columnWidths(columns, layout, measured);
    const keys = columns.map((c, i) => (KEY_COLUMNS.has(c.id) ? natural[i]! : 0)).reduce((a, b) => a + b, SELECT_WIDTH);
    const w = detailOpen && tableWidth > 0 && keys > tableWidth ? columnWidths(columns, layout, measured, true) : natural;
    if (live) {
      const at = columns.findIndex((c) => c.id === live.id);
      if (at >= 0) w[at] = live.width;
    }
    return w;
  }, [columns, layout, measured, live, detailOpen, tableWidth]);
  // The last column takes what is left of a wide window.
  const template = `${SELECT_WIDTH}px ${widths.map((w, i) => (i === widths.length - 1 ? `minmax(${w}px, 1fr)` : `${w}px`)).join(' ')}`;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = (): void => {
      const h = el.clientHeight;
      setHeight(h > 0 ? h : (viewportHeight ?? FALLBACK_HEIGHT));
      setTableWidth(el.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewportHeight]);

  const count = total ?? 0;
  const lines = useMemo(() => tableLines(count, groupBy ? groups : null, folded), [count, groupBy, groups, folded]);
  const bodyHeight = Math.max(ROW_HEIGHT, height - HEADER_HEIGHT);
  const visibleCount = Math.ceil(bodyHeight / ROW_HEIGHT);
  const from = Math.max(0, Math.min(first, lines.count - 1) - OVERSCAN);
  const to = Math.min(lines.count - 1, first + visibleCount + OVERSCAN);

  // The rows of the list the visible lines show (a folded group shows none).
  const shown = useMemo(() => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = -1;
    for (let l = from; l <= to; l++) {
      const at = lines.at(l);
      if (at.kind === 'row') {
        lo = Math.min(lo, at.row);
        hi = Math.max(hi, at.row);
      }
    }
    return { lo, hi };
  }, [from, to, lines]);

  useEffect(() => setTablePageSize(visibleCount - 1), [visibleCount]);

  // Rows are asked for once scrolling settles for a moment (dragging the scrollbar across
  // 100,000 rows asks only where it stops), half a block ahead so steady scrolling rarely
  // meets an unloaded row.
  const askedQuery = useRef(-1);
  useEffect(() => {
    const ask = (): void => {
      if (total === null || total === 0) ensureRange(0, visibleCount + OVERSCAN);
      else if (shown.hi >= shown.lo) ensureRange(shown.lo - BLOCK_SIZE / 2, shown.hi + BLOCK_SIZE / 2);
    };
    // The window's first rows, and a new query's (it starts at the top), are asked at once: there
    // is no scrolling to wait for, and they are what the person waits for.
    if (askedQuery.current !== queryVersion) {
      askedQuery.current = queryVersion;
      return ensureRange(0, visibleCount + OVERSCAN);
    }
    if (total === null) return ask();
    const timer = setTimeout(ask, FETCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [ensureRange, shown, generation, total, visibleCount, queryVersion]);

  // A new query starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setFirst(0);
  }, [queryVersion]);

  // The active row is always in view.
  useEffect(() => {
    const el = scroller.current;
    const line = activeIndex === null ? null : lines.lineOfRow(activeIndex);
    if (line === null || !el) return;
    const top = line * ROW_HEIGHT;
    const scrollTop = el.scrollTop;
    let next = scrollTop;
    if (top < scrollTop) next = top;
    else if (top + ROW_HEIGHT > scrollTop + bodyHeight) next = top + ROW_HEIGHT - bodyHeight;
    if (next !== scrollTop) {
      el.scrollTop = next;
      setFirst(Math.floor(next / ROW_HEIGHT));
    }
  }, [activeIndex, bodyHeight, lines]);

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
  const onLiveWidth = useCallback((id: string, width: number | null) => setLive(width === null ? null : { id, width }), []);

  const toggleGroup = (key: string) => {
    const collapsed = new Set(useTableLayout.getState().layout.collapsed);
    if (collapsed.has(key)) collapsed.delete(key);
    else collapsed.add(key);
    changeLayout({ collapsed: [...collapsed] });
  };

  const drawn = [];
  for (let l = from; l <= to; l++) {
    const at = lines.at(l);
    if (at.kind === 'group') {
      const g = groups![at.group]!;
      const key = groupKey(g.key);
      drawn.push(<GroupLine key={`g${key}`} line={l} label={g.label} count={g.count} folded={folded.has(key)} onToggle={() => toggleGroup(key)} />);
      continue;
    }
    const i = at.row;
    const row = rowAt({ blocks, staleBlocks }, i);
    const note = row ? noteStateOf(known, row.id, row.notePending) : { pending: false, failed: null };
    drawn.push(
      <ShipmentRow
        key={i}
        row={row}
        index={i}
        line={l}
        columns={columns}
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
  const activeLine = activeIndex === null ? null : lines.lineOfRow(activeIndex);
  const activeRendered = activeRow !== undefined && activeLine !== null && activeLine >= from && activeLine <= to;

  return (
    <>
      <div
        ref={scroller}
        id={GRID_ID}
        className="grid"
        role="grid"
        aria-label="Shipments"
        aria-rowcount={lines.count + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable="true"
        aria-busy={total === null}
        aria-activedescendant={activeRendered ? rowDomId(activeIndex!) : undefined}
        tabIndex={0}
        style={{ '--grid-columns': template } as React.CSSProperties}
        onScroll={onScroll}
        onKeyDown={(e) => {
          if (e.target === e.currentTarget) runTableKey(e);
        }}
      >
        <TableHeader columns={columns} widths={widths} onLiveWidth={onLiveWidth} fitWidth={fitWidth} />
        <div role="rowgroup" className="grid-body" style={{ height: lines.count * ROW_HEIGHT }} onClick={onClick} onDoubleClick={onDoubleClick}>
          {drawn}
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
