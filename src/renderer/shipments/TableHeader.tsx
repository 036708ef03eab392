import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { messageOf } from '../api/call';
import { COLUMNS } from './columns';

/** Column headers: the ones that map to a sort key are buttons; clicking the current one goes back to newest first. */
export function TableHeader() {
  const sort = useShipments((s) => s.sort);
  const setSort = useShipments((s) => s.setSort);
  const total = useShipments((s) => s.total) ?? 0;
  const selected = useShipments((s) => s.selection.size);
  const all = total > 0 && selected >= total;
  const some = selected > 0 && !all;

  const toggleAll = () => {
    const s = useShipments.getState();
    if (all) s.clearSelection();
    else void s.selectAll().catch((e: unknown) => useUi.getState().toast(messageOf(e)));
  };

  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="row row-head">
        {COLUMNS.map((c) => {
          if (c.id === 'select') {
            return (
              <div key={c.id} role="columnheader" className="cell c-select">
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
            );
          }
          if (!c.sort) {
            return (
              <div key={c.id} role="columnheader" className={`cell c-${c.id}`}>
                {c.label}
              </div>
            );
          }
          const current = sort === c.sort.key;
          const { key, direction } = c.sort;
          return (
            <div key={c.id} role="columnheader" className={`cell c-${c.id}`} aria-sort={current ? direction : 'none'}>
              <button
                type="button"
                className={`sort-button${current ? ' sorted' : ''}`}
                title={current ? 'Sorted; click for newest first' : `Sort by ${c.label.toLowerCase()}`}
                onClick={() => setSort(current ? 'recent' : key)}
              >
                {c.label}
                <span className="sort-mark" aria-hidden="true">
                  {current ? (direction === 'ascending' ? '▲' : '▼') : '↕'}
                </span>
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
