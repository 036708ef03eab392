/**
 * Full-text search over the cache. Every keystroke asks the core at once (no debounce): a new
 * query cancels what the older one still waits for (state/shipments.ts), the engine does not run
 * a call cancelled before it started, and a search answers in a few milliseconds at 100,000
 * shipments (the table orders of the core's shipments cache), so the newest answer wins.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useShipments } from '../state/shipments';
import { focusById } from '../state/ui';
import { GRID_ID } from './table-keys';

export const SEARCH_ID = 'shipment-search';

export function SearchBox() {
  const applied = useShipments((s) => s.filters.search);
  const setFilters = useShipments((s) => s.setFilters);
  const [text, setText] = useState(applied);

  // Filters cleared elsewhere ("Clear filters") empty the box too.
  useEffect(() => {
    setText(applied);
  }, [applied]);

  const change = (value: string) => {
    setText(value);
    setFilters({ search: value });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter') {
      e.preventDefault();
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
