/**
 * Before read-excel-file sees a workbook: every part is unpacked once with a cap (declared sizes
 * can lie), the parts must sit one after the other as the directory says (a streaming reader must
 * meet no part we did not check), and each sheet's XML is searched for the grid it makes a reader
 * fill in: the `<dimension ref>` it claims and the farthest `<row r>` and `<c r>` it holds.
 * read-excel-file adds every row up to the last and pads every row to the last column, so one
 * cell at XFD1048576 is 17 billion cells; such a sheet is refused before it is parsed.
 */
import { createInflateRaw } from 'node:zlib';
import {
  LIMITS, MAX_FILE_ROWS, megabytes, sheetBeyondExcel, sheetClaimsTooMuch, sheetTooManyRows, sizeText, unreadableWorkbook, workbookClaimsTooMuch, workbookTooLarge, zipBomb,
} from './limits.js';
import { readWorkbookDirectory, type ZipEntry } from './zip-directory.js';

const LOCAL = 0x04034b50;
const LOCAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A tag longer than this is not XML a spreadsheet writer makes. */
const MAX_TAG = 1 << 20;
const TAG = /<(?:[\w.-]+:)?(c|row|dimension)(\s[^>]*)?>/g;
const R_ATTRIBUTE = /\sr\s*=\s*["']([^"']*)["']/;
const REF_ATTRIBUTE = /\sref\s*=\s*["']([^"']*)["']/;
const CELL = /^([A-Za-z]+)(\d+)$/;

/** What a sheet's XML claims. */
interface SheetClaim {
  lastRow: number;
  lastColumn: number;
  /** The farthest cell as written, for the message. */
  farthest: string;
  dimension: { rows: number; columns: number; ref: string } | null;
  beyondExcel: string | null;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Row and column of `B12`; null when it is not a cell address. Long addresses are past Excel's grid. */
function cellAddress(ref: string): { row: number; column: number } | null {
  const match = CELL.exec(ref);
  if (!match) return null;
  if (match[1]!.length > 3 || match[2]!.length > 7) return { row: Infinity, column: Infinity };
  return { row: Number(match[2]), column: columnNumber(match[1]!) };
}

class ClaimScanner {
  readonly claim: SheetClaim = { lastRow: 0, lastColumn: 0, farthest: '', dimension: null, beyondExcel: null };
  private carry = '';

  /** XML arrives in pieces; a tag cut at the end of one piece is kept for the next. */
  push(chunk: Buffer): void {
    // Tags and their attributes are ASCII: latin1 keeps offsets equal to bytes and never fails.
    let text = this.carry + chunk.toString('latin1');
    const open = text.lastIndexOf('<');
    if (open !== -1 && text.indexOf('>', open) === -1) {
      this.carry = text.slice(open);
      text = text.slice(0, open);
      if (this.carry.length > MAX_TAG) throw unreadableWorkbook();
    } else {
      this.carry = '';
    }
    this.scan(text);
  }

  private scan(text: string): void {
    const claim = this.claim;
    TAG.lastIndex = 0;
    for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
      const attributes = match[2] ?? '';
      if (match[1] === 'dimension') {
        const ref = REF_ATTRIBUTE.exec(attributes)?.[1];
        const end = ref ? cellAddress(ref.split(':').pop()!) : null;
        if (ref && end) claim.dimension = { rows: end.row, columns: end.column, ref };
        continue;
      }
      const r = R_ATTRIBUTE.exec(attributes)?.[1];
      if (r === undefined) continue;
      if (match[1] === 'row') {
        const row = /^\d{1,8}$/.test(r) ? Number(r) : Infinity;
        if (row > LIMITS.sheetRows) claim.beyondExcel ??= `row ${r}`;
        continue;
      }
      const cell = cellAddress(r);
      if (!cell) continue;
      if (cell.row > LIMITS.sheetRows || cell.column > LIMITS.sheetColumns) claim.beyondExcel ??= r;
      if (cell.row <= claim.lastRow && cell.column <= claim.lastColumn) continue;
      claim.lastRow = Math.max(claim.lastRow, cell.row);
      claim.lastColumn = Math.max(claim.lastColumn, cell.column);
      // The corner of the grid, when one cell is there; else the message names column and row.
      claim.farthest = cell.row === claim.lastRow && cell.column === claim.lastColumn ? r : '';
    }
  }
}

/**
 * Unpacks `packed` through zlib, counting: stops as soon as more than `limit` bytes came out.
 * Returns the bytes that came out (limit + something when stopped).
 */
function unpack(packed: Uint8Array, limit: number, onChunk: ((chunk: Buffer) => void) | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 256 << 10 });
    let total = 0;
    let stopped = false;
    inflater.on('data', (chunk: Buffer) => {
      if (stopped) return;
      total += chunk.length;
      if (total > limit) {
        stopped = true;
        inflater.destroy();
        resolve(total);
        return;
      }
      try {
        onChunk?.(chunk);
      } catch (error) {
        stopped = true;
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on('end', () => resolve(total));
    inflater.on('error', (error) => {
      if (!stopped) reject(unreadableWorkbook(error));
    });
    inflater.end(packed);
  });
}

interface Placed { entry: ZipEntry; dataStart: number; dataEnd: number }

/** Each part's data, checked against its local header; the parts must not overlap or hide others between them. */
function placeEntries(bytes: Uint8Array, entries: readonly ZipEntry[], directoryOffset: number): Placed[] {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const placed: Placed[] = [];
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const at = entry.localOffset;
    if (data.getUint32(at, true) !== LOCAL) throw unreadableWorkbook();
    const nameLength = data.getUint16(at + 26, true);
    const name = Buffer.from(bytes.subarray(at + 30, at + 30 + nameLength)).toString('utf8');
    const localPacked = data.getUint32(at + 18, true);
    // Without a data descriptor (flag 8), a streaming reader trusts the local header's size.
    const described = (data.getUint16(at + 6, true) & 8) !== 0;
    if (name !== entry.name || (!described && localPacked !== 0xffffffff && localPacked !== entry.packedSize)) throw unreadableWorkbook();
    const dataStart = at + 30 + nameLength + data.getUint16(at + 28, true);
    placed.push({ entry, dataStart, dataEnd: dataStart + entry.packedSize });
  }
  let previousEnd = 0;
  for (const part of [...placed, null]) {
    const start = part ? part.entry.localOffset : directoryOffset;
    if (start < previousEnd) throw zipBomb(`'s parts overlap (${part?.entry.name ?? 'the directory'})`);
    if (Buffer.from(bytes.buffer, bytes.byteOffset + previousEnd, start - previousEnd).includes(LOCAL_SIGNATURE)) throw zipBomb(' hides parts its directory does not list');
    if (part) previousEnd = part.dataEnd;
  }
  return placed;
}

const unescapeXml = (text: string): string =>
  text.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()]!;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/**
 * What a sheet of the workbook holds, from its relationship's type: rows (a worksheet), or a
 * chart sheet, an Excel 5 dialog sheet, an Excel 4.0 macro sheet, or something else; none of
 * those has rows to import.
 */
export type SheetKind = 'worksheet' | 'chart' | 'dialog' | 'macro' | 'other';

interface WorkbookSheetEntry {
  name: string;
  kind: SheetKind;
  /** The sheet's part in the archive (`xl/worksheets/sheet1.xml`); null when its relationship is missing. */
  part: string | null;
}

function sheetKind(relationshipType: string | undefined): SheetKind {
  switch (relationshipType?.slice(relationshipType.lastIndexOf('/') + 1)) {
    case 'worksheet':
      return 'worksheet';
    case 'chartsheet':
      return 'chart';
    case 'dialogsheet':
      return 'dialog';
    case 'xlMacrosheet':
    case 'xlIntlMacrosheet':
      return 'macro';
    default:
      return 'other';
  }
}

/** The sheets workbook.xml lists, in order, with what each holds; empty when there is no workbook.xml. */
function workbookSheets(texts: Map<string, string>): WorkbookSheetEntry[] {
  const sheets: WorkbookSheetEntry[] = [];
  const workbookPart = [...texts.keys()].find((name) => /(^|\/)workbook\.xml$/.test(name));
  if (!workbookPart) return sheets;
  const folder = workbookPart.slice(0, workbookPart.lastIndexOf('/') + 1);
  const rels = texts.get(`${folder}_rels/workbook.xml.rels`) ?? '';
  const targets = new Map<string, { part: string; type: string | undefined }>();
  for (const [tag] of rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
    const id = /\sId\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    const target = /\sTarget\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    const type = /\sType\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    if (id && target) targets.set(id, { part: target.startsWith('/') ? target.slice(1) : folder + target, type });
  }
  for (const [tag] of (texts.get(workbookPart) ?? '').matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)) {
    const name = /\sname\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    const id = /\s(?:\w+:)?id\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    const target = id ? targets.get(id) : undefined;
    if (name !== undefined) sheets.push({ name: unescapeXml(name), kind: sheetKind(target?.type), part: target?.part ?? null });
  }
  return sheets;
}

/** Sheet part → `The sheet "Name"`; parts not named in workbook.xml keep their path. */
function sheetLabels(sheets: readonly WorkbookSheetEntry[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const sheet of sheets) if (sheet.part) labels.set(sheet.part, `The sheet "${sheet.name}"`);
  return labels;
}

function checkClaims(claims: Map<string, SheetClaim>, labels: Map<string, string>): void {
  let total = 0;
  for (const [part, claim] of claims) {
    const label = labels.get(part) ?? `The part ${part}`;
    if (claim.beyondExcel) throw sheetBeyondExcel(label, claim.beyondExcel);
    const dimension = claim.dimension;
    if (dimension && (dimension.rows > LIMITS.sheetRows || dimension.columns > LIMITS.sheetColumns)) throw sheetBeyondExcel(label, dimension.ref);
    if (dimension && dimension.rows * dimension.columns > LIMITS.cells) throw sheetClaimsTooMuch(label, dimension.columns, dimension.rows, dimension.ref);
    const cells = claim.lastRow * claim.lastColumn;
    if (cells > LIMITS.cells) {
      const reach = claim.farthest ? `up to cell ${claim.farthest}` : `up to column ${columnLetters(claim.lastColumn)} and row ${claim.lastRow.toLocaleString('en')}`;
      throw sheetClaimsTooMuch(label, claim.lastColumn, claim.lastRow, reach);
    }
    if (claim.lastRow > MAX_FILE_ROWS) throw sheetTooManyRows(label, claim.lastRow);
    total += cells;
  }
  if (total > LIMITS.cells) throw workbookClaimsTooMuch(total);
}

const CUSTOM_PROPERTIES = 'docProps/custom.xml';

export interface WorkbookScan {
  sheets: WorkbookSheetEntry[];
  /** The workbook's custom document properties that are text, by name (where Quayside's exports carry their mark). */
  properties: Map<string, string>;
}

function customProperties(xml: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, attributes, value] of xml.matchAll(/<(?:\w+:)?property\s([^>]*)>\s*<(?:\w+:)?lpwstr>([^<]*)<\/(?:\w+:)?lpwstr>/g)) {
    const name = /\sname\s*=\s*["']([^"']*)["']/.exec(` ${attributes}`)?.[1];
    if (name !== undefined) found.set(unescapeXml(name), unescapeXml(value!));
  }
  return found;
}

/**
 * Refuses (with an ImportError) a workbook no reader should unpack or parse; otherwise returns its
 * sheets as workbook.xml lists them, with what each holds (empty when it lists none), and its
 * custom properties. Bounded: at most `LIMITS.entryBytes` unpacked per part and
 * `LIMITS.workbookUnpackedBytes` in all, a piece at a time, never held whole.
 */
export async function scanWorkbook(bytes: Uint8Array): Promise<WorkbookScan> {
  if (bytes.length > LIMITS.workbookBytes) throw workbookTooLarge(bytes.length);
  const { entries, place } = readWorkbookDirectory(bytes);
  const claims = new Map<string, SheetClaim>();
  const texts = new Map<string, string>();
  let unpackedTotal = 0;
  for (const { entry, dataStart, dataEnd } of placeEntries(bytes, entries, place.offset)) {
    // workbook.xml and its relationships name the sheets; the custom properties may hold Quayside's mark. All are small.
    const keepText = (/(^|\/)(workbook\.xml|workbook\.xml\.rels)$/.test(entry.name) || entry.name === CUSTOM_PROPERTIES) && entry.size < 4 << 20;
    if (entry.method === 0) {
      unpackedTotal += entry.size;
      if (keepText && entry.packedSize === entry.size) texts.set(entry.name, Buffer.from(bytes.subarray(dataStart, dataEnd)).toString('utf8'));
      continue;
    }
    const isXml = /\.(xml|rels)$/i.test(entry.name);
    const scanner = isXml ? new ClaimScanner() : null;
    const pieces: Buffer[] = [];
    const limit = Math.min(entry.size, LIMITS.entryBytes, LIMITS.workbookUnpackedBytes - unpackedTotal);
    const unpacked = await unpack(bytes.subarray(dataStart, dataEnd), limit, (chunk) => {
      scanner?.push(chunk);
      if (keepText) pieces.push(chunk);
    });
    if (unpacked > limit) {
      throw zipBomb(`'s part ${entry.name} unpacks to more than ${unpacked > entry.size ? `the ${sizeText(entry.size)} it declares` : `one import takes (${megabytes(limit)})`}`);
    }
    unpackedTotal += unpacked;
    if (keepText) texts.set(entry.name, Buffer.concat(pieces).toString('utf8'));
    if (scanner && (scanner.claim.lastRow > 0 || scanner.claim.dimension || scanner.claim.beyondExcel)) claims.set(entry.name, scanner.claim);
  }
  const sheets = workbookSheets(texts);
  checkClaims(claims, sheetLabels(sheets));
  return { sheets, properties: customProperties(texts.get(CUSTOM_PROPERTIES) ?? '') };
}
