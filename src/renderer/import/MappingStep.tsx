/** Pick the sheet of a workbook, and confirm or fix what each column is used for. */
import { type FormEvent, useState } from 'react';
import { useImports } from '../state/imports';
import { DefaultCarrier } from './DefaultCarrier';
import './import-preview-extra.css';
import { ROLE_CHOICES, choiceOf, choicesFor, mappingProblem, withColumnChoice } from './wizard-logic';

/** When no header was recognised, the person names the column by its header text as written. */
function ManualMapping() {
  const mapping = useImports((s) => s.mapping);
  const setMapping = useImports((s) => s.setMapping);
  const [header, setHeader] = useState('');
  const [role, setRole] = useState('container');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (header.trim()) setMapping({ ...mapping, [header.trim()]: role });
  };
  return (
    <form className="import-manual" onSubmit={submit} aria-label="Name a column by hand">
      <label className="field grow">
        <span className="field-label">Header text as written in the file</span>
        <input className="input" value={header} onChange={(e) => setHeader(e.target.value)} placeholder="e.g. Equipment ID" />
      </label>
      <label className="field">
        <span className="field-label">Used as</span>
        <select className="select input" value={role} onChange={(e) => setRole(e.target.value)}>
          {ROLE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button" disabled={!header.trim()}>
        Apply
      </button>
    </form>
  );
}

function SheetPicker({ sheets, current }: { sheets: readonly string[]; current: string | null }) {
  const chooseSheet = useImports((s) => s.chooseSheet);
  return (
    <fieldset className="import-sheets">
      <legend>Sheet</legend>
      {sheets.map((sheet) => (
        <label key={sheet} className={`import-sheet${sheet === current ? ' current' : ''}`}>
          <input type="radio" name="import-sheet" value={sheet} checked={sheet === current} onChange={() => chooseSheet(sheet)} />
          {sheet}
        </label>
      ))}
    </fieldset>
  );
}

export function MappingStep() {
  const file = useImports((s) => s.file);
  const preview = useImports((s) => s.preview);
  const sheet = useImports((s) => s.sheet);
  const mapping = useImports((s) => s.mapping);
  const detected = useImports((s) => s.detected);
  const setMapping = useImports((s) => s.setMapping);
  const error = useImports((s) => s.error);
  const previewing = useImports((s) => s.previewing);
  if (!file) return null;

  const sheets = preview?.sheets.length ? preview.sheets : file.sheets;
  const columns = preview?.mapping ?? [];
  const headerless = preview !== null && preview.headerRow === 0;
  const problem = preview ? mappingProblem(columns) : null;

  return (
    <section className="card import-step" aria-labelledby="import-mapping-title">
      <h2 id="import-mapping-title" className="section-title">
        Columns
      </h2>
      {sheets.length > 1 && <SheetPicker sheets={sheets} current={sheet ?? preview?.sheet ?? null} />}
      {preview && (
        <p className="muted small">
          {headerless
            ? 'This file has no header row: the first column is read as container numbers.'
            : `Header found on row ${preview.headerRow}${preview.sheet ? ` of “${preview.sheet}”` : ''}; ${preview.rows} rows below it. Change what a column is used for if it was read wrongly.`}
        </p>
      )}
      {columns.length > 0 && (
        <div className="import-mapping-scroll">
          <table className="import-mapping">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Header in the file</th>
                <th scope="col">First values</th>
                <th scope="col">Used as</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((column) => {
                const before = detected.find((d) => d.column === column.column);
                return (
                  <tr key={column.column} className={column.source === 'override' ? 'changed' : column.quaysideColumn ? 'import-quayside-column' : undefined}>
                    <td className="mono">{column.column}</td>
                    <td>{column.header}</td>
                    <td className="import-samples">
                      {column.samples.length > 0 ? (
                        column.samples.map((value) => (
                          <span key={value} className="import-sample" title={value}>
                            {value}
                          </span>
                        ))
                      ) : (
                        <span className="muted">(empty)</span>
                      )}
                    </td>
                    <td>
                      <select
                        className="select input"
                        aria-label={`Use column ${column.column} (${column.header}) as`}
                        value={choiceOf(column)}
                        disabled={headerless}
                        onChange={(e) => setMapping(withColumnChoice(mapping, column.header, e.target.value, before))}
                      >
                        {choicesFor(column, before).map((c) => (
                          <option key={c.value} value={c.value}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                      {column.source === 'override' && <span className="import-changed-mark">changed</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {!preview && error && !previewing && (
        <>
          <p className="inline-error" role="alert">
            {error}
          </p>
          <ManualMapping />
        </>
      )}
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
      {columns.some((c) => c.quaysideColumn) && (
        <p className="notice notice-info import-quayside-note" role="note">
          This file was written by Quayside. Its own columns (status, ETA, vessel, free time…) are not stored, so they never become the customer&apos;s;
          the customer&apos;s columns in it are kept as usual.
        </p>
      )}
      {preview && <DefaultCarrier />}
      {Object.keys(mapping).length > 0 && (
        <button type="button" className="link-button import-reset-mapping" onClick={() => setMapping({})}>
          Use the columns as detected
        </button>
      )}
    </section>
  );
}
