/**
 * Full-text search over the cache. The box answers every keystroke at once; the query follows
 * 120 ms after the last one, so typing a word asks the core once, not once per letter.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useShipments } from '../state/shipments';
import { focusById } from '../state/ui';
import { GRID_ID } from './table-keys';

export const SEARCH_ID = 'shipment-search';
export const SEARCH_DEBOUNCE_MS = 120;

export function SearchBox() {
  const applied = useShipments((s) => s.filters.search);
  const setFilters = useShipments((s) => s.setFilters);
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Filters cleared elsewhere ("Clear filters") empty the box too.
  useEffect(() => {
    if (timer.current === null) setText(applied);
  }, [applied]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setFilters({ search: value });
    }, SEARCH_DEBOUNCE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter') {
      e.preventDefault();
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        setFilters({ search: text });
      }
      const s = useShipments.getState();
      if (s.activeIndex === null && (s.total ?? 0) > 0) s.setActive(0);
      focusById(GRID_ID);
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      e.stopPropagation();
      change('');
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
