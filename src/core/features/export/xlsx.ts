/**
 * An XLSX workbook of one sheet or several: each a bold, frozen header row, then the rows; text
 * as inline strings, numbers as numbers, and typed cells (`{value, format}`) as numbers shown in a
 * format: a date as an Excel date (a serial day), a share as a percentage (xlsx-styles.ts). The
 * sheets' XML is written a block of rows at a time with a turn of the event loop in between, and
 * compressed on the thread pool, so exporting 100,000 shipments leaves the app (its scheduler, its
 * window's calls) answering meanwhile.
 */
import { STYLES, shownWidth, styleOf, type NumberFormat } from './xlsx-styles.js';
import { zip } from './zip.js';


type XlsxCell = string | number | null;
/** A number shown in a format; a date is an Excel serial day: days since 1899-12-30, so 1970-01-01 is 25569. */
interface FormattedNumber {
  value: number;
  format: NumberFormat;
}
export type TypedCell = XlsxCell | FormattedNumber;

export interface WorkbookSheet {
  name: string;
  headers: readonly string[];
  rows: readonly (readonly TypedCell[])[];
}

/** About 5 ms of XML a turn (2,000 rows held the event loop 12-30 ms, more under load). */
const ROWS_PER_TURN = 500;
const MAX_WIDTH = 60;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function contentTypes(sheets: number, custom: boolean): string {
  const overrides = Array.from(
    { length: sheets },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('');
  return `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
${custom ? '<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>' : ''}</Types>`;
}

function rootRels(custom: boolean): string {
  const properties = custom ? `<Relationship Id="rId2" Type="${REL_NS}/custom-properties" Target="docProps/custom.xml"/>` : '';
  return `${HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>${properties}</Relationships>`;
}

/** Custom document properties (text): Excel and LibreOffice keep them when they save the file again. */
function customProperties(properties: Readonly<Record<string, string>>): string {
  const items = Object.entries(properties)
    .map(([name, value], i) => `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${i + 2}" name="${xmlText(name)}"><vt:lpwstr>${xmlText(value)}</vt:lpwstr></property>`)
    .join('');
  return `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" \
xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${items}</Properties>`;
}

/** Sheet i is rId(i+1); the styles come after the sheets. */
function workbookRels(sheets: number): string {
  const rels = Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  return `${HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels}<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

// Characters XML 1.0 cannot hold (control characters other than tab, line feed and carriage return; lone surrogates).
// eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A, B, … Z, AA, AB, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A sheet name Excel accepts: no []:*?/\, not blank, at most 31 characters. */
export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').replace(NOT_XML, '').trim().replace(/^'+|'+$/g, '').slice(0, 31).trim();
  return clean || 'Shipments';
}

function cell(ref: string, value: TypedCell, style: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'object') {
    return Number.isFinite(value.value) ? `<c r="${ref}" s="${styleOf(value.format)}"><v>${value.value}</v></c>` : '';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  }
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

function widthOf(value: TypedCell): number {
  if (value === null) return 0;
  if (typeof value === 'object') return shownWidth(value.format, value.value);
  return String(value).length;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The sheet's XML in pieces of a block of rows each (the pieces after the first two are the rows). */
async function sheetXml(headers: readonly string[], rows: readonly (readonly TypedCell[])[], prepare: (value: XlsxCell) => XlsxCell): Promise<Buffer[]> {
  const names = headers.map((_, i) => columnName(i));
  const widths = headers.map((h) => h.length);
  const blocks: Buffer[] = [];
  const header = `<row r="1">${headers.map((h, i) => cell(`${names[i]}1`, h, ' s="1"')).join('')}</row>`;
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await turn();
    const end = Math.min(rows.length, start + ROWS_PER_TURN);
    const parts: string[] = [];
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      const n = r + 2;
      let xml = `<row r="${n}">`;
      for (let c = 0; c < names.length; c++) {
        const given = row[c] ?? null;
        const value = given !== null && typeof given === 'object' ? given : prepare(given);
        xml += cell(`${names[c]}${n}`, value, '');
        if (value !== null) widths[c] = Math.max(widths[c]!, widthOf(value));
      }
      parts.push(`${xml}</row>`);
    }
    blocks.push(Buffer.from(parts.join(''), 'utf8'));
  }
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(MAX_WIDTH, w + 2)}" customWidth="1"/>`).join('');
  const pane = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  const head = `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">${pane}${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
  // The column widths are known once every row is written: the head goes in front of the rows.
  return [Buffer.from(`${head}${header}`, 'utf8'), ...blocks, Buffer.from('</sheetData></worksheet>', 'utf8')];
}

export interface XlsxOptions {
  /** Applied to every data cell as it is written (the export neutralises formulas here). */
  prepare?: (value: XlsxCell) => XlsxCell;
  modified?: Date;
  /** Custom document properties (name → text), such as the mark an import knows Quayside's exports by. */
  properties?: Readonly<Record<string, string>>;
}

/** One sheet: the export's workbook. */
export async function writeXlsx(headers: readonly string[], rows: readonly (readonly TypedCell[])[], name: string, options: XlsxOptions = {}): Promise<Buffer> {
  return writeWorkbook([{ name, headers, rows }], options);
}

/** Distinct sheet names Excel accepts (a repeated name gets " (2)"). */
function sheetNames(sheets: readonly WorkbookSheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((s) => {
    const base = sheetName(s.name);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A workbook of several sheets, in order (at least one). */
export async function writeWorkbook(sheets: readonly WorkbookSheet[], options: XlsxOptions = {}): Promise<Buffer> {
  if (sheets.length === 0) throw new RangeError('A workbook needs at least one sheet');
  const names = sheetNames(sheets);
  const entries = names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const workbook = `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${entries}</sheets></workbook>`;
  const parts = [];
  for (let i = 0; i < sheets.length; i++) {
    parts.push({ name: `xl/worksheets/sheet${i + 1}.xml`, data: await sheetXml(sheets[i]!.headers, sheets[i]!.rows, options.prepare ?? ((v) => v)) });
  }
  const custom = options.properties !== undefined && Object.keys(options.properties).length > 0;
  return zip(
    [
      { name: '[Content_Types].xml', data: Buffer.from(contentTypes(sheets.length, custom)) },
      { name: '_rels/.rels', data: Buffer.from(rootRels(custom)) },
      ...(custom ? [{ name: 'docProps/custom.xml', data: Buffer.from(customProperties(options.properties!)) }] : []),
      { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(workbookRels(sheets.length)) },
      { name: 'xl/styles.xml', data: Buffer.from(STYLES) },
      ...parts,
    ],
    options.modified,
  );
}
