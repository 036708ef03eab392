/**
 * Full-text search over the cache. The box shows each keystroke at once; the table's query follows
 * once the typing pauses for SEARCH_SETTLE_MS, so keys typed faster than that (a fast burst, a
 * held key) ask the core once, for the last text. While the table still waits for rows it asked
 * (keys slower than the core's answers), the newest text follows their answer instead of piling
 * asks up behind it (at most ANSWER_WAIT_MS). Enter, the down arrow and Escape apply at once. The
 * table asks a new query's first rows without waiting (ShipmentTable.tsx).
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useShipments } from '../state/shipments';
import { focusById } from '../state/ui';
import { GRID_ID } from './table-keys';

export const SEARCH_ID = 'shipment-search';
const SEARCH_SETTLE_MS = 15;
const ANSWER_WAIT_MS = 250;

export function SearchBox() {
  const applied = useShipments((s) => s.filters.search);
  const setFilters = useShipments((s) => s.setFilters);
  const loading = useShipments((s) => s.loading);
  const [text, setText] = useState(applied);
  /** The text this box last gave the query, and the one waiting for the typing to pause. */
  const sent = useRef(applied);
  const waiting = useRef<{ value: string; timer: ReturnType<typeof setTimeout>; since: number; due: boolean } | null>(null);

  const apply = (value: string) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    sent.current = value;
    setFilters({ search: value });
  };

  // Filters cleared elsewhere ("Clear filters") empty the box too; what the box gave itself is in it already.
  useEffect(() => {
    if (applied === sent.current) return;
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    sent.current = applied;
    setText(applied);
  }, [applied]);

  // Text still waiting when the view closes is searched all the same.
  useEffect(
    () => () => {
      const left = waiting.current;
      if (!left) return;
      clearTimeout(left.timer);
      useShipments.getState().setFilters({ search: left.value });
    },
    [],
  );

  /** The typing paused: the text goes to the query, after the rows the table waits for (up to ANSWER_WAIT_MS after the first key). */
  const settled = () => {
    const w = waiting.current;
    if (!w) return;
    const left = w.since + ANSWER_WAIT_MS - performance.now();
    if (!useShipments.getState().loading || left <= 0) return apply(w.value);
    w.due = true;
    w.timer = setTimeout(() => waiting.current && apply(waiting.current.value), left);
  };

  const change = (value: string) => {
    setText(value);
    if (waiting.current) clearTimeout(waiting.current.timer);
    const since = waiting.current?.since ?? performance.now();
    waiting.current = { value, since, due: false, timer: setTimeout(settled, SEARCH_SETTLE_MS) };
  };

  // The rows the table waited for came: the text that waited for them goes now.
  useEffect(() => {
    if (!loading && waiting.current?.due) apply(waiting.current.value);
  }, [loading]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter') {
      e.preventDefault();
      if (waiting.current) apply(waiting.current.value);
      const s = useShipments.getState();
      if (s.activeIndex === null && (s.total ?? 0) > 0) s.setActive(0);
      focusById(GRID_ID);
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      e.stopPropagation();
      setText('');
      apply('');
    }
  };

  return (
    <div className="search">
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={SEARCH_ID}
        className="input search-input"
        type="search"
        aria-label="Search shipments"
        placeholder="Search references, containers, vessels, ports, notes, customers…"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
    </div>
  );
}
