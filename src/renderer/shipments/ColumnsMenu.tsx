/**
 * The table's columns to show, and their order, from a list: the table's own and the imported
 * columns (PO, promised date…), each with a box to show it and buttons to move it (the keyboard's
 * way of what dragging a heading does). Kept for the view, as every change of its layout is.
 */
import { useFacets } from '../state/facets';
import { changeLayout } from '../state/shipments';
import { useTableLayout } from '../state/table-layout';
import { Popover } from '../components/Popover';
import { type Column, allColumns, columnOrder } from './columns';

const NO_NAMES: readonly string[] = [];

function ColumnLine({ column, shown, first, last, onShow, onMove }: { column: Column; shown: boolean; first: boolean; last: boolean; onShow(on: boolean): void; onMove(step: -1 | 1): void }) {
  return (
    <li className="columns-line">
      <label className="check">
        <input type="checkbox" checked={shown} disabled={column.frozen} onChange={(e) => onShow(e.target.checked)} />
        {column.label}
      </label>
      {!column.frozen && shown && (
        <span className="columns-move">
          <button type="button" className="icon-button" aria-label={`Move ${column.label} left`} title="Move left" disabled={first} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="icon-button" aria-label={`Move ${column.label} right`} title="Move right" disabled={last} onClick={() => onMove(1)}>
            ↓
          </button>
        </span>
      )}
    </li>
  );
}

function ColumnsList() {
  const layout = useTableLayout((s) => s.layout);
  const fieldNames = useFacets((s) => s.facets?.fieldNames) ?? NO_NAMES;
  const ordered = columnOrder(layout, fieldNames);
  const hidden = new Set(layout.hidden);
  const placed = new Set(ordered.map((c) => c.id));
  const otherFields = allColumns(fieldNames).filter((c) => c.id.startsWith('field:') && !placed.has(c.id));
  const shownIds = ordered.filter((c) => c.frozen || !hidden.has(c.id)).map((c) => c.id);

  const show = (c: Column, on: boolean) => {
    const ids = ordered.map((o) => o.id);
    if (c.id.startsWith('field:')) {
      changeLayout(on ? { order: ids.includes(c.id) ? ids : [...ids, c.id], hidden: layout.hidden.filter((h) => h !== c.id) } : { order: ids.filter((o) => o !== c.id), hidden: layout.hidden.filter((h) => h !== c.id) });
      return;
    }
    changeLayout({ order: ids, hidden: on ? layout.hidden.filter((h) => h !== c.id) : [...new Set([...layout.hidden, c.id])] });
  };

  const move = (c: Column, step: -1 | 1) => {
    // Past the hidden ones, to the next column shown.
    const at = shownIds.indexOf(c.id);
    const target = shownIds[at + step];
    if (!target || target === 'reference') return;
    const ids = ordered.map((o) => o.id).filter((o) => o !== c.id);
    ids.splice(ids.indexOf(target) + (step > 0 ? 1 : 0), 0, c.id);
    changeLayout({ order: ids });
  };

  return (
    <>
      <p className="muted small">Tick the columns to show; drag a heading (or use the arrows) to move it, drag its edge to widen it.</p>
      <ul className="columns-list" aria-label="Columns of the table">
        {ordered.map((c) => (
          <ColumnLine
            key={c.id}
            column={c}
            shown={c.frozen === true || !hidden.has(c.id)}
            first={shownIds.indexOf(c.id) <= 1}
            last={shownIds.indexOf(c.id) === shownIds.length - 1}
            onShow={(on) => show(c, on)}
            onMove={(step) => move(c, step)}
          />
        ))}
      </ul>
      {otherFields.length > 0 && (
        <>
          <h3 className="columns-title">Imported columns</h3>
          <ul className="columns-list" aria-label="Imported columns">
            {otherFields.map((c) => (
              <ColumnLine key={c.id} column={c} shown={false} first last onShow={(on) => show(c, on)} onMove={() => undefined} />
            ))}
          </ul>
        </>
      )}
      <button type="button" className="button ghost small" onClick={() => changeLayout(useTableLayout.getState().reset())}>
        Back to the view's first columns and order
      </button>
    </>
  );
}

export function ColumnsMenu() {
  return (
    <Popover label="Columns" title="Columns of the table" panelClassName="columns-panel">
      <ColumnsList />
    </Popover>
  );
}
