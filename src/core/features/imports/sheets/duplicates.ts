/**
 * A reference listed more than once is tracked once, and its rows' columns are never cut silently:
 * the first row's entry gets every column any of its rows fills (a blank cell never erases), and
 * where two rows hold different values the later row's is kept unless the person chose another;
 * each duplicate says which of its fields differ, both values and the one kept. Pure and
 * idempotent: it works from each row's own fields, so a choice can be applied again and again.
 */
import { fieldLabel } from '../../../../shared/words.js';
import type { AcceptedReference, AlreadyTrackedReference, DuplicateChoice, DuplicateReference, ValidationReport } from './types.js';

const keyOf = (r: { type: string; reference: string }) => `${r.type}:${r.reference}`;

interface RowFields {
  row: number;
  fields: Readonly<Record<string, string>>;
}

type Kept = Map<string, { value: string; row: number; values: { row: number; value: string }[] }>;

/** Every field any row fills, in the order first seen, with the value kept and its row: the chosen row's, else the latest. */
function merge(rows: readonly RowFields[], chosen: ReadonlyMap<string, number> | undefined): Kept {
  const candidates = new Map<string, { value: string; row: number }[]>();
  for (const { row, fields } of [...rows].sort((a, b) => a.row - b.row)) {
    for (const [field, value] of Object.entries(fields)) {
      if (value === '') continue;
      const list = candidates.get(field) ?? [];
      list.push({ value, row });
      candidates.set(field, list);
    }
  }
  const kept: Kept = new Map();
  for (const [field, list] of candidates) {
    const wanted = chosen?.get(field);
    kept.set(field, { ...(list.find((c) => c.row === wanted) ?? list.at(-1)!), values: list });
  }
  return kept;
}

interface Group {
  holder: AcceptedReference | AlreadyTrackedReference;
  first: Readonly<Record<string, string>>;
  kept: Kept;
}

/** The report with each repeated reference's columns merged into its first entry and the differences said. */
export function resolveDuplicates(report: ValidationReport, choices: readonly DuplicateChoice[] = []): ValidationReport {
  if (report.duplicates.length === 0) return report;
  const rowsOf = new Map<string, DuplicateReference[]>();
  for (const d of report.duplicates) {
    const list = rowsOf.get(keyOf(d));
    if (list) list.push(d);
    else rowsOf.set(keyOf(d), [d]);
  }
  const chosen = new Map<string, Map<string, number>>();
  for (const c of choices) chosen.set(keyOf(c), (chosen.get(keyOf(c)) ?? new Map<string, number>()).set(c.field, c.row));

  const groups = new Map<string, Group>();
  for (const holder of [...report.accepted, ...report.alreadyTracked]) {
    const dups = rowsOf.get(keyOf(holder));
    if (!dups || groups.has(keyOf(holder))) continue;
    // The first row's own fields: kept on its duplicates, since the entry's become the merge.
    const first = dups[0]!.firstFields ?? holder.fields;
    const rows = [{ row: holder.row, fields: first }, ...dups.map((d) => ({ row: d.row, fields: d.fields ?? {} }))];
    groups.set(keyOf(holder), { holder, first, kept: merge(rows, chosen.get(keyOf(holder))) });
  }

  const duplicates = report.duplicates.map((d): DuplicateReference => {
    const group = groups.get(keyOf(d));
    if (!group) return d;
    const { first, kept } = group;
    const differences = Object.entries(d.fields ?? {})
      .filter(([field, value]) => value !== '' && kept.get(field)!.values.some((v) => v.value !== value))
      .map(([field, value]) => {
        const k = kept.get(field)!;
        return { field, firstValue: first[field] || null, value, values: k.values, kept: k.value, keptRow: k.row };
      });
    return { ...d, firstFields: first, differences };
  });
  const withMerged = <T extends AcceptedReference | AlreadyTrackedReference>(entry: T): T => {
    const group = groups.get(keyOf(entry));
    return group && group.holder === entry ? { ...entry, fields: Object.fromEntries([...group.kept].map(([field, k]) => [field, k.value])) } : entry;
  };
  return { ...report, duplicates, accepted: report.accepted.map(withMerged), alreadyTracked: report.alreadyTracked.map(withMerged) };
}

/** 'PO: row 4 "PO-4502", row 9 "PO-4520"; "PO-4520" kept (row 9)', for a report line or a message. */
export function differenceWords(d: DuplicateReference, label: (field: string) => string = (f) => f): string {
  return (d.differences ?? [])
    .map((x) => `${label(x.field)}: ${x.values.map((v) => `row ${v.row} "${v.value}"`).join(', ')}; "${x.kept}" kept (row ${x.keptRow})`)
    .join('; ');
}

/** A duplicate's line in the job's report: "same as row 4", and where the rows disagree, every value and the one kept. */
export function duplicateMessage(d: DuplicateReference): string {
  const differ = differenceWords(d, fieldLabel);
  return differ ? `same as row ${d.firstRow}; tracked once; ${differ}` : `same as row ${d.firstRow}`;
}

/** The duplicates holding a value another row of their reference says otherwise. */
export function conflictingDuplicates(report: Pick<ValidationReport, 'duplicates'>): DuplicateReference[] {
  return report.duplicates.filter((d) => (d.differences ?? []).length > 0);
}
