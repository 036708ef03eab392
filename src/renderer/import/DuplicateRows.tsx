/**
 * The preview's duplicates: a reference listed more than once is tracked once. Where its rows hold
 * different values for a column, every row's value is shown and the person chooses which one the
 * shipment keeps; the later row's is kept unless they do, and the list says so.
 */
import type { DuplicateDifferenceView, ImportPreview } from '../../shared/contract';
import { fieldLabel } from '../../shared/words';
import { type DuplicateChoice, useImports } from '../state/imports';
import './import-preview-extra.css';

type Duplicate = ImportPreview['duplicates'][number];

interface Conflict {
  key: string;
  reference: string;
  type: DuplicateChoice['type'];
  firstRow: number;
  rows: number[];
  /** Per field, every row's value and the one kept (the same on each duplicate of the reference). */
  fields: Map<string, DuplicateDifferenceView>;
}

/** The repeated references whose rows disagree, each once, in the order listed. */
function conflictsOf(duplicates: readonly Duplicate[]): Conflict[] {
  const byKey = new Map<string, Conflict>();
  for (const d of duplicates) {
    if (!d.differences?.length || !d.reference || !d.type) continue;
    const key = `${d.type}:${d.reference}`;
    const conflict: Conflict = byKey.get(key) ?? { key, reference: d.reference, type: d.type, firstRow: d.firstRow, rows: [], fields: new Map() };
    conflict.rows.push(d.row);
    for (const x of d.differences) if (!conflict.fields.has(x.field)) conflict.fields.set(x.field, x);
    byKey.set(key, conflict);
  }
  return [...byKey.values()];
}

function ConflictRow({ conflict }: { conflict: Conflict }) {
  const choose = useImports((s) => s.chooseDuplicateValue);
  const rows = [conflict.firstRow, ...conflict.rows].join(', ');
  return (
    <li className="import-conflict" data-testid="import-conflict">
      <div className="import-conflict-head">
        <span className="import-row-number">Rows {rows}</span>
        <span className="mono">{conflict.reference}</span>
        <span className="muted">tracked once; the rows disagree</span>
      </div>
      {[...conflict.fields].map(([field, difference]) => {
        const later = difference.values.at(-1)!.row;
        const name = `keep-${conflict.key}-${field}`;
        return (
          <fieldset key={field} className="import-conflict-field">
            <legend>{fieldLabel(field)}: keep the value of</legend>
            {difference.values.map((v) => (
              <label key={v.row} className={v.row === difference.keptRow ? 'import-conflict-kept' : undefined}>
                <input
                  type="radio"
                  name={name}
                  checked={v.row === difference.keptRow}
                  onChange={() => choose({ type: conflict.type, reference: conflict.reference, field, row: v.row })}
                />
                <span className="import-row-number">Row {v.row}</span>
                <span className="import-conflict-value">{v.value}</span>
                {v.row === later && <span className="muted small">(the later row)</span>}
              </label>
            ))}
          </fieldset>
        );
      })}
    </li>
  );
}

export function DuplicateRows({ preview }: { preview: ImportPreview }) {
  const conflicts = conflictsOf(preview.duplicates);
  const conflicting = new Set(conflicts.flatMap((c) => c.rows));
  const plain = preview.duplicates.filter((d) => !conflicting.has(d.row));
  return (
    <>
      {conflicts.map((c) => (
        <ConflictRow key={c.key} conflict={c} />
      ))}
      {plain.map((d) => (
        <li key={d.row}>
          <span className="import-row-number">Row {d.row}</span>
          <span className="mono">{d.value}</span>
          <span className="muted">same as row {d.firstRow}; tracked once</span>
        </li>
      ))}
    </>
  );
}

/** Above the lists while repeated rows disagree: what is kept by default, and the way to choose (`onShow`: null while they are shown). */
export function ConflictNotice({ preview, onShow }: { preview: ImportPreview; onShow: (() => void) | null }) {
  const chosen = useImports((s) => s.duplicateChoices.length);
  const clear = useImports((s) => s.clearDuplicateChoices);
  const n = preview.counts.conflicting ?? 0;
  if (n === 0) return null;
  return (
    <div className="notice notice-info import-conflict-note" role="note">
      <span>
        {n === 1 ? '1 repeated row holds' : `${n.toLocaleString('en-US')} repeated rows hold`} other values than an earlier row of the same reference. The later
        row&apos;s value is kept unless you choose another; the other values are said in the report.
      </span>
      {onShow && (
        <button type="button" className="button small" onClick={onShow}>
          Choose the values
        </button>
      )}
      {chosen > 0 && (
        <button type="button" className="link-button" onClick={clear}>
          Keep the later rows
        </button>
      )}
    </div>
  );
}
