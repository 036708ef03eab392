/**
 * Column widths that fit their values: once the first rows of a view are drawn, each column the
 * person has not widened is measured (its heading and the values shown, as they read unclipped)
 * and drawn that wide, within bounds; a double-click on a heading's edge fits it the same way.
 */
import { type RefObject, useCallback, useEffect, useState } from 'react';
import type { ShipmentTableRow, TableLayout } from '../../shared/contract';
import type { Column } from './columns';

/** Padding of a cell (8 px each side) and a little air. */
const PADDING = 20;
const AUTO_MAX = 280;
const FIT_MAX = 640;

/** The width of an element's content as it would read unclipped. */
function contentWidth(el: Element): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  // A DOM without layout (the component tests') has no boxes to measure.
  return typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect().width : 0;
}

/** What a column's heading and its drawn values need, or null where nothing can be measured (no layout engine). */
function measure(grid: HTMLElement, index: number): number | null {
  let widest = 0;
  const head = grid.querySelector('.row-head')?.children[index + 1];
  if (head) {
    const parts = [...head.querySelectorAll('.sort-button, .head-hint')];
    widest = parts.reduce((sum, p) => sum + p.getBoundingClientRect().width, 0) + (parts.length - 1) * 6;
  }
  for (const row of grid.querySelectorAll('.grid-body .row[data-id]')) {
    const cell = row.children[index + 1];
    if (cell) widest = Math.max(widest, contentWidth(cell));
  }
  return widest > 0 ? Math.ceil(widest + PADDING) : null;
}

export function useFittedWidths(
  grid: RefObject<HTMLElement | null>,
  columns: readonly Column[],
  layout: TableLayout,
  /** Another view measures afresh (a sort or a filter does not: the columns would jump). */
  key: string,
  blocks: ReadonlyMap<number, readonly ShipmentTableRow[]>,
): { measured: Readonly<Record<string, number>>; fitWidth(id: string): number | null } {
  const [state, setState] = useState<{ key: string; measured: Record<string, number> }>({ key, measured: {} });
  const measured = state.key === key ? state.measured : {};

  useEffect(() => {
    const el = grid.current;
    if (!el || blocks.size === 0) return;
    const wanted = columns.map((c, i) => ({ c, i })).filter(({ c }) => layout.widths[c.id] === undefined && measured[c.id] === undefined);
    if (wanted.length === 0) return;
    const frame = requestAnimationFrame(() => {
      const next: Record<string, number> = {};
      for (const { c, i } of wanted) {
        const w = measure(el, i);
        if (w !== null) next[c.id] = Math.max(c.min, Math.min(AUTO_MAX, w));
      }
      if (Object.keys(next).length > 0) setState((s) => ({ key, measured: { ...(s.key === key ? s.measured : {}), ...next } }));
    });
    return () => cancelAnimationFrame(frame);
  }, [grid, columns, layout.widths, measured, key, blocks]);

  const fitWidth = useCallback(
    (id: string) => {
      const el = grid.current;
      const at = columns.findIndex((c) => c.id === id);
      if (!el || at < 0) return null;
      const w = measure(el, at);
      return w === null ? null : Math.min(FIT_MAX, w);
    },
    [grid, columns],
  );

  return { measured, fitWidth };
}
