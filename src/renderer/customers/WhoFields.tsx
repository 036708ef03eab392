/**
 * Whose shipments a customer's updates tell of, chosen rather than typed: the values the chosen
 * column holds (most shipments first, with their counts), or a watchlist with its shipments. A
 * value no shipment holds can still be kept (a customer whose first sheet is not imported yet), and
 * is said plainly, with the closest value the cache has offered in its place.
 */
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../shared/contract';
import { closestTo } from '../../shared/closest';
import { plural } from '../lib/format';
import type { RuleForm } from './rule-form';

export type CustomerChoices = ApiOutput<'customers.choices'>;

export interface WhoFieldsProps {
  form: RuleForm;
  update(patch: Partial<RuleForm>): void;
  columns: readonly string[];
  watchlists: readonly string[];
  /** The values of a column and the watchlists with their shipments; without it, the value is typed. */
  loadChoices?(column: string): Promise<CustomerChoices>;
  radioName: string;
  invalid?: boolean;
}

const OTHER = '\u0000other';
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function WhoFields({ form, update, columns, watchlists, loadChoices, radioName, invalid }: WhoFieldsProps) {
  const [choices, setChoices] = useState<CustomerChoices | null>(null);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    if (!loadChoices) return;
    let live = true;
    loadChoices(form.column).then(
      (answer) => live && setChoices(answer),
      () => live && setChoices(null),
    );
    return () => {
      live = false;
    };
  }, [form.column, loadChoices]);

  const columnChoices = columns.includes(form.column) ? columns : [form.column, ...columns];
  const values = choices?.values ?? [];
  const wanted = form.value.trim() || form.name.trim();
  const match = values.find((v) => same(v.value, wanted)) ?? null;
  const picked = match && !typing ? match.value : wanted !== '' || typing ? OTHER : '';
  const closest = match === null && wanted !== '' ? closestTo(wanted, values, (v) => v.value) : null;
  const counts = new Map((choices?.watchlists ?? []).map((w) => [w.name, w.shipments]));

  const choose = (value: string) => {
    if (value === OTHER) {
      setTyping(true);
      return;
    }
    setTyping(false);
    // The name follows the value until a person names the customer themselves.
    update(form.name.trim() === '' || same(form.name, form.value) ? { value, name: value } : { value });
  };

  return (
    <>
      <label className="radio">
        <input type="radio" name={radioName} checked={form.whoKind === 'column'} onChange={() => update({ whoKind: 'column' })} /> A value of an imported column
      </label>
      {form.whoKind === 'column' && (
        <>
          <div className="rule-row">
            <label className="field">
              <span className="field-label">Column</span>
              <select className="input select" value={form.column} onChange={(e) => update({ column: e.target.value })}>
                {columnChoices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            {values.length > 0 && (
              <label className="field grow">
                <span className="field-label">Value in the column</span>
                <select className="input select" value={picked} onChange={(e) => choose(e.target.value)}>
                  {picked === '' && <option value="">Choose a value…</option>}
                  {values.map((v) => (
                    <option key={v.value} value={v.value}>
                      {v.value} ({plural(v.shipments, 'shipment')})
                    </option>
                  ))}
                  <option value={OTHER}>Another value…</option>
                </select>
              </label>
            )}
            {(values.length === 0 || picked === OTHER) && (
              <label className="field grow">
                <span className="field-label">Value, as written in the column</span>
                <input className="input" value={form.value} placeholder={form.name || 'the customer name'} onChange={(e) => update({ value: e.target.value })} />
              </label>
            )}
          </div>
          {choices !== null && match === null && wanted !== '' && (
            <div className="notice notice-warning no-shipments" role="note">
              <span>
                No shipment has &quot;{wanted}&quot; in column {form.column} yet
                {closest ? <>; the closest value is &quot;{closest.value}&quot; ({plural(closest.shipments, 'shipment')}).</> : '.'}
              </span>
              {closest && (
                <button type="button" className="button small" onClick={() => choose(closest.value)}>
                  Use &quot;{closest.value}&quot;
                </button>
              )}
            </div>
          )}
        </>
      )}
      <label className="radio">
        <input type="radio" name={radioName} checked={form.whoKind === 'watchlist'} onChange={() => update({ whoKind: 'watchlist' })} /> A watchlist
      </label>
      {form.whoKind === 'watchlist' && (
        <label className="field">
          <span className="field-label">Watchlist</span>
          <select className="input select" value={form.watchlist} aria-invalid={invalid} onChange={(e) => update({ watchlist: e.target.value })}>
            <option value="">Choose a watchlist…</option>
            {watchlists.map((w) => (
              <option key={w} value={w}>
                {counts.has(w) ? `${w} (${plural(counts.get(w)!, 'shipment')})` : w}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
