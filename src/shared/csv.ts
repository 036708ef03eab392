/**
 * The one CSV rule, for every CSV Quayside writes (the export, the import report).
 *
 * A field is quoted when it holds a list separator a spreadsheet may use (`,`, `;` in German,
 * French, Spanish and Dutch offices, tab), a quote or a line break. Quoting alone does not protect
 * a reader that splits on another separator: opened with `;`, `MSKU1234565,"ACME;=1+1;"` still gives
 * `=1+1` a cell of its own, where it runs (LibreOffice Calc). So a formula's first character (`=`,
 * `+`, `-`, `@`) gets an apostrophe wherever a cell could start: at the start, and after a separator
 * or a line break inside it (past any quotes); so does a leading tab or CR. Read back with the
 * writer's separator, a value is as stored but for those apostrophes. XLSX needs none of this.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_AT_CELL_START = /(^|[,;\t\r\n]"*)([=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** Text a spreadsheet could read as a formula under any separator, neutralised; numbers stay numbers. */
export function neutraliseFormula<T extends CsvValue>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const inside = value.replace(FORMULA_AT_CELL_START, "$1'$2");
  return /^[\t\r]/.test(inside) ? `'${inside}` : inside;
}

/** One field, neutralised and quoted where needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, comma-separated, ending in CRLF (RFC 4180). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
