/**
 * Sheets that hold no rows: chart sheets, Excel 5 dialog sheets, Excel 4.0 macro sheets (and any
 * other kind a writer invents). They are listed with the workbook's sheets but never read; these
 * are the sentences that say so.
 */
import { ImportError } from './errors.js';
import type { SheetKind } from './workbook-scan.js';

export type NotRowsKind = Exclude<SheetKind, 'worksheet'>;

const WHAT: Record<NotRowsKind, string> = {
  chart: 'a chart',
  dialog: 'an Excel 5 dialog',
  macro: 'Excel 4.0 macros',
  other: 'something other than a worksheet',
};

const SHEET_KIND: Record<NotRowsKind, string> = {
  chart: 'chart sheet',
  dialog: 'dialog sheet',
  macro: 'macro sheet',
  other: 'sheet that is not a worksheet',
};

const quoted = (name: string): string => `'${name}'`;

/** "Sheet 'Chart1' holds a chart, not rows" */
export function holdsNoRows(name: string, kind: NotRowsKind): string {
  return `Sheet ${quoted(name)} holds ${WHAT[kind]}, not rows`;
}

/** The sheet named with --sheet (or picked in the window) is not a worksheet. */
export function notAWorksheet(name: string, kind: NotRowsKind, worksheets: readonly string[]): ImportError {
  const others = worksheets.length === 1 ? `its worksheet ${quoted(worksheets[0]!)}` : `one of its worksheets (${worksheets.map(quoted).join(', ')})`;
  return new ImportError('not-a-worksheet', `${holdsNoRows(name, kind)}; choose ${others}.`);
}

/** A workbook whose every sheet is a chart, dialog or macro sheet. */
export function noWorksheet(sheets: readonly { name: string; kind: NotRowsKind }[]): ImportError {
  const list = sheets.map((s) => `${quoted(s.name)} (${SHEET_KIND[s.kind]})`).join(', ');
  const only = sheets.length === 1 ? `only a ${SHEET_KIND[sheets[0]!.kind]}, ${quoted(sheets[0]!.name)},` : `only ${list},`;
  return new ImportError('no-worksheet', `This workbook has no worksheet, ${only} so there are no rows to import; copy the references into a worksheet in Excel and save it again, or export them as CSV.`);
}
