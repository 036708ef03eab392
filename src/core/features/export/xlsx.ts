/**
 * An XLSX workbook of one sheet: a bold, frozen header row, then the rows; text as inline
 * strings, numbers as numbers. The sheet's XML is written a block of rows at a time with a
 * turn of the event loop in between, and compressed on the thread pool, so exporting 100,000
 * shipments leaves the app (its scheduler, its window's calls) answering meanwhile.
 */
import { zip } from './zip.js';

export type XlsxCell = string | number | null;

/** About 5 ms of XML a turn (2,000 rows held the event loop 12-30 ms, more under load). */
const ROWS_PER_TURN = 500;
const MAX_WIDTH = 60;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

// Style 0: plain; style 1: bold (the header).
const STYLES = `${HEAD}<styleSheet xmlns="${NS}">\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

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

function cell(ref: string, value: XlsxCell, style: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  }
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The sheet's XML in pieces of a block of rows each (the pieces after the first two are the rows). */
async function sheetXml(headers: readonly string[], rows: readonly (readonly XlsxCell[])[], prepare: (value: XlsxCell) => XlsxCell): Promise<Buffer[]> {
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
        const value = prepare(row[c] ?? null);
        xml += cell(`${names[c]}${n}`, value, '');
        if (value !== null) widths[c] = Math.max(widths[c]!, String(value).length);
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
}

export async function writeXlsx(headers: readonly string[], rows: readonly (readonly XlsxCell[])[], name: string, options: XlsxOptions = {}): Promise<Buffer> {
  const workbook = `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zip(
    [
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
      { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
      { name: 'xl/styles.xml', data: Buffer.from(STYLES) },
      { name: 'xl/worksheets/sheet1.xml', data: await sheetXml(headers, rows, options.prepare ?? ((v) => v)) },
    ],
    options.modified,
  );
}
