/**
 * The validation preview: how many rows are accepted, rejected (with the reason), duplicates
 * and already tracked, and one list at a time to look through. A mistyped check digit is
 * fixed with one click on its suggestion; a repeated row that disagrees with an earlier one is
 * chosen between (DuplicateRows). Lists are capped by the core; the counts are complete.
 */
import { useState } from 'react';
import type { ImportPreview } from '../../shared/contract';
import { changeText } from './wizard-logic';
import { fieldLabel } from '../../shared/words';
import { formatCount, plural, typeLabel } from '../lib/format';
import { type AcceptedSuggestion, useImports } from '../state/imports';
import { ConflictNotice, DuplicateRows } from './DuplicateRows';

type ListId = 'accepted' | 'rejected' | 'duplicates' | 'alreadyTracked' | 'updated';

const LISTS: readonly { id: ListId; label: string }[] = [
  { id: 'accepted', label: 'To track' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'duplicates', label: 'Duplicates' },
  { id: 'alreadyTracked', label: 'Already tracked' },
  { id: 'updated', label: 'Columns to update' },
];

/** The list shown first: the rows that need a look (rejected, repeated rows that disagree), else what the start will do. */
function firstList(preview: ImportPreview): ListId {
  if (preview.counts.rejected > 0) return 'rejected';
  if ((preview.counts.conflicting ?? 0) > 0) return 'duplicates';
  if (preview.counts.accepted === 0 && preview.counts.updated > 0) return 'updated';
  return 'accepted';
}

function suggestionsOf(preview: ImportPreview): AcceptedSuggestion[] {
  return preview.rejected.flatMap((r) => (r.suggestion ? [{ row: r.row, from: r.value, to: r.suggestion }] : []));
}

function Rows({ preview, list }: { preview: ImportPreview; list: ListId }) {
  const corrected = useImports((s) => s.suggestions);
  const acceptSuggestions = useImports((s) => s.acceptSuggestions);
  const undoSuggestion = useImports((s) => s.undoSuggestion);
  const rowLabel = (row: number) => <span className="import-row-number">Row {row}</span>;

  switch (list) {
    case 'accepted':
      return preview.accepted.map((a) => {
        const fix = corrected.find((c) => c.row === a.row);
        return (
          <li key={a.row}>
            {rowLabel(a.row)}
            <span className="mono">{a.reference}</span>
            <span className="muted">
              {typeLabel(a.type)} · {a.carrierName ?? a.scac}
            </span>
            {fix && (
              <span className="import-fixed">
                corrected from <span className="mono">{fix.from}</span>
                <button type="button" className="link-button" onClick={() => undoSuggestion(a.row)} aria-label={`Undo the correction of row ${a.row}`}>
                  Undo
                </button>
              </span>
            )}
            {a.warning && <span className="import-warning">{a.warning}</span>}
          </li>
        );
      });
    case 'rejected':
      return preview.rejected.map((r) => (
        <li key={r.row}>
          {rowLabel(r.row)}
          <span className="mono">{r.value || '(empty)'}</span>
          <span className="import-reason">{r.reason}</span>
          {r.suggestion && (
            <button
              type="button"
              className="button small"
              onClick={() => acceptSuggestions([{ row: r.row, from: r.value, to: r.suggestion! }])}
              aria-label={`Use ${r.suggestion} for row ${r.row}`}
            >
              Use <span className="mono">{r.suggestion}</span>
            </button>
          )}
        </li>
      ));
    case 'duplicates':
      return <DuplicateRows preview={preview} />;
    case 'updated':
      return preview.updated.map((u) => (
        <li key={u.row}>
          {rowLabel(u.row)}
          <span className="mono">{u.reference}</span>
          {u.changes.map((c) => (
            <span key={c.field} className="import-change" aria-label={changeText(c)}>
              <span className="import-change-field">{fieldLabel(c.field)}</span>
              {c.from !== null ? <span className="import-change-from">{c.from}</span> : <span className="muted">(none)</span>}
              <span aria-hidden="true">→</span>
              <span>{c.to}</span>
            </span>
          ))}
        </li>
      ));
    case 'alreadyTracked':
      return preview.alreadyTracked.map((t) => (
        <li key={t.row}>
          {rowLabel(t.row)}
          <span className="mono">{t.value}</span>
          <span className="muted">already tracked; no credit spent</span>
        </li>
      ));
  }
}

export function PreviewStep() {
  const preview = useImports((s) => s.preview);
  const previewing = useImports((s) => s.previewing);
  const acceptSuggestions = useImports((s) => s.acceptSuggestions);
  const [chosen, setChosen] = useState<ListId | null>(null);
  if (!preview) return null;

  const list = chosen ?? firstList(preview);
  const shown = preview[list].length;
  const total = preview.counts[list];
  const suggestions = suggestionsOf(preview);

  return (
    <section className="card import-step" aria-labelledby="import-preview-title" aria-busy={previewing}>
      <h2 id="import-preview-title" className="section-title">
        Rows
        {previewing && <span className="spinner" aria-label="Checking the rows again" />}
      </h2>
      <div className="import-counts" role="group" aria-label="Which rows to show">
        {LISTS.map((l) => (
          <button
            key={l.id}
            type="button"
            className={`import-count import-count-${l.id}`}
            aria-pressed={list === l.id}
            onClick={() => setChosen(l.id)}
          >
            <strong>{formatCount(preview.counts[l.id])}</strong>
            <span>{l.label}</span>
          </button>
        ))}
      </div>
      {preview.counts.updated > 0 && (
        <p className="notice notice-info import-updates-note">
          {plural(preview.counts.updated, 'shipment')} already tracked {preview.counts.updated === 1 ? 'has' : 'have'} new values in this sheet; they are
          updated at no credit cost when you start. A blank cell leaves the value Quayside has.
        </p>
      )}
      <ConflictNotice preview={preview} onShow={list === 'duplicates' ? null : () => setChosen('duplicates')} />
      {suggestions.length > 1 && list === 'rejected' && (
        <div className="notice notice-info">
          <span>{formatCount(suggestions.length)} container numbers have a mistyped check digit.</span>
          <button type="button" className="button small" onClick={() => acceptSuggestions(suggestions)}>
            Use all {formatCount(suggestions.length)} suggestions
          </button>
        </div>
      )}
      {preview.warnings.map((w) => (
        <p key={w} className="import-warning">
          {w}
        </p>
      ))}
      {total === 0 ? (
        <p className="muted import-empty">No rows here.</p>
      ) : (
        <ul className="import-rows" aria-label={`${LISTS.find((l) => l.id === list)!.label} rows`} tabIndex={0}>
          <Rows preview={preview} list={list} />
        </ul>
      )}
      {shown < total && (
        <p className="muted small">
          The first {formatCount(shown)} of {formatCount(total)} are listed; all of them are counted.
        </p>
      )}
    </section>
  );
}
