/** Working with a report after the fact: accept a suggested correction in one click. */
import type { TrackingType } from '../../../../shared/domain.js';
import type { ValidationReport } from './types.js';

export interface ApplySuggestionOptions {
  isActive?: (type: TrackingType, reference: string) => boolean;
  /** When a row has several rejected references (`referencesPerRow: 'all'`), the column header. */
  column?: string;
}

/**
 * Accepts the suggested number of a rejected row: the row moves to `accepted` (or to
 * `duplicates` / `alreadyTracked` when the corrected number is there already). Returns a new
 * report; the given one is not changed. Without a suggestion for that row, returns it as is.
 */
export function applySuggestion(report: ValidationReport, row: number, options: ApplySuggestionOptions = {}): ValidationReport {
  const at = report.rejected.findIndex((r) => r.row === row && r.fix !== undefined && (options.column === undefined || r.column === options.column));
  if (at === -1) return report;
  const fix = report.rejected[at]!.fix!;
  const rejected = report.rejected.filter((_, i) => i !== at);
  const same = (r: { type: TrackingType; reference: string }): boolean => r.type === fix.type && r.reference === fix.reference;
  const earlier = report.accepted.find(same) ?? report.alreadyTracked.find(same);
  if (earlier) {
    // Its columns are compared with and merged into the earlier row's (duplicates.ts: resolveDuplicates).
    const firstFields = report.duplicates.find(same)?.firstFields ?? earlier.fields;
    const duplicate = { row, value: fix.value, reference: fix.reference, type: fix.type, firstRow: earlier.row, fields: fix.fields, firstFields };
    return { ...report, rejected, duplicates: [...report.duplicates, duplicate].sort((a, b) => a.row - b.row) };
  }
  if (options.isActive?.(fix.type, fix.reference)) {
    const tracked = { row, value: fix.value, reference: fix.reference, type: fix.type, fields: fix.fields };
    return { ...report, rejected, alreadyTracked: [...report.alreadyTracked, tracked].sort((a, b) => a.row - b.row) };
  }
  const accepted = [...report.accepted, fix].sort((a, b) => a.row - b.row);
  return { ...report, rejected, accepted, creditsEstimated: accepted.length };
}

/** Accepts every suggestion of the report. */
export function applyAllSuggestions(report: ValidationReport, options: Omit<ApplySuggestionOptions, 'column'> = {}): ValidationReport {
  let result = report;
  for (const r of report.rejected) {
    if (r.fix) result = applySuggestion(result, r.row, { ...options, ...(r.column !== undefined ? { column: r.column } : {}) });
  }
  return result;
}
