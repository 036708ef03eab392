/** The columns of an export as checkboxes in file order, with select all and none. */
import type { ExportColumnView } from '../../shared/contract';
import { isImportedColumn, useExport } from '../state/export';

export interface ColumnChooserProps {
  columns: readonly ExportColumnView[];
  chosen: readonly string[];
  disabled?: boolean;
}

export function ColumnChooser({ columns, chosen, disabled }: ColumnChooserProps) {
  const picked = new Set(chosen);
  const { toggle, chooseAll, chooseNone } = useExport.getState();
  return (
    <fieldset className="export-group export-columns">
      <legend className="export-legend">Columns</legend>
      <div className="export-columns-bar">
        <span className="muted small" aria-live="polite">
          {chosen.length} of {columns.length} chosen; the file has them in this order
        </span>
        <span className="spacer" />
        <button type="button" className="button small" onClick={chooseAll} disabled={disabled || chosen.length === columns.length}>
          Select all
        </button>
        <button type="button" className="button small" onClick={chooseNone} disabled={disabled || chosen.length === 0}>
          Select none
        </button>
      </div>
      <ul className="export-column-list">
        {columns.map((c) => (
          <li key={c.id}>
            <label className="export-column">
              <input type="checkbox" checked={picked.has(c.id)} onChange={() => toggle(c.id)} disabled={disabled} />
              <span className="export-column-name">{c.header}</span>
              {isImportedColumn(c.id) && (
                <>
                  {' '}
                  <span className="badge">imported</span>
                </>
              )}
            </label>
          </li>
        ))}
      </ul>
      {chosen.length === 0 && (
        <p className="inline-error" role="alert">
          Choose at least one column to export.
        </p>
      )}
    </fieldset>
  );
}
