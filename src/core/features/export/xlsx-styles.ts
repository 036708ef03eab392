/**
 * The workbook's styles: one cell style per number format a typed cell may ask for, so a date is
 * an Excel date (a serial day shown as `yyyy-mm-dd`), a share a percentage, a month "Nov 2026".
 * Style 0 is plain, 1 the bold header; the formats follow in the order of NUMBER_FORMATS.
 */
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * How a number cell is shown. `date`, `datetime` and `month` hold Excel serial days (days since
 * 1899-12-30, a time as the fraction of a day): a calendar value, with no time zone.
 */
export type NumberFormat = 'integer' | 'decimal' | 'percent' | 'date' | 'datetime' | 'month';

/** Excel's built-in number format ids where one fits, else a custom code (ids from 164). */
const NUMBER_FORMATS: readonly { format: NumberFormat; id: number; code?: string }[] = [
  { format: 'integer', id: 1 },
  { format: 'decimal', id: 164, code: '0.0' },
  { format: 'percent', id: 165, code: '0.0%' },
  { format: 'date', id: 166, code: 'yyyy-mm-dd' },
  { format: 'datetime', id: 167, code: 'yyyy-mm-dd hh:mm' },
  { format: 'month', id: 168, code: 'mmm yyyy' },
];

/** The `s` attribute of a cell in this format. */
export function styleOf(format: NumberFormat): number {
  return 2 + NUMBER_FORMATS.findIndex((f) => f.format === format);
}

/** The characters a value of this format takes when shown (for the column widths). */
export function shownWidth(format: NumberFormat, value: number): number {
  switch (format) {
    case 'date':
      return 10;
    case 'datetime':
      return 16;
    case 'month':
      return 8;
    case 'percent':
      return 7;
    case 'decimal':
      return value.toFixed(1).length;
    default:
      return String(Math.round(value)).length;
  }
}

const custom = NUMBER_FORMATS.filter((f) => f.code !== undefined);
const numFmts = `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${f.code}"/>`).join('')}</numFmts>`;
const formatXfs = NUMBER_FORMATS.map((f) => `<xf numFmtId="${f.id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');

export const STYLES = `${HEAD}<styleSheet xmlns="${NS}">${numFmts}\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="${2 + NUMBER_FORMATS.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatXfs}</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;
