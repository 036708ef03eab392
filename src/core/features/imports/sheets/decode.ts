/**
 * Bytes to text, before any parsing: BOM first (UTF-8, UTF-16 LE/BE), then strict UTF-8, then
 * Windows-1252, which is what Excel writes for "CSV" on a Western Windows. Binary files that
 * only carry a .csv name are recognised and refused with a sentence that says what to do.
 */
import { isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { ImportError } from './errors.js';
import type { TextEncodingName } from './types.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((b, i) => bytes[i] === b);
}

function bomEncoding(head: Uint8Array): TextEncodingName | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 without a BOM: ASCII text has a NUL in every other byte. */
function utf16WithoutBom(head: Uint8Array): TextEncodingName | null {
  const n = Math.min(head.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

function hasNul(head: Uint8Array): boolean {
  return head.subarray(0, 8192).includes(0);
}

function isXlsxSignature(head: Uint8Array): boolean {
  return startsWith(head, ZIP);
}

function namedCsv(name: string | undefined): boolean {
  return name !== undefined && /\.(csv|tsv|txt)$/i.test(name);
}

/**
 * What the content is, whatever its name: a workbook (ZIP) or text. Refuses the empty file, old
 * .xls workbooks, PDFs and other binary content with an ImportError.
 */
export function detectContent(head: Uint8Array, name?: string): 'xlsx' | 'text' {
  if (head.length === 0) {
    throw new ImportError('empty', 'The file is empty; export the spreadsheet again with its header row and at least one reference.');
  }
  if (isXlsxSignature(head)) return 'xlsx';
  if (startsWith(head, OLE)) {
    const how = namedCsv(name) ? ' saved with a .csv name' : '';
    throw new ImportError('xls', `This file is an old Excel 97-2003 workbook (.xls)${how}; open it in Excel and save it as .xlsx, or export it as CSV.`);
  }
  if (startsWith(head, PDF)) {
    throw new ImportError('binary', 'This file is a PDF, not a spreadsheet; ask for the list as an Excel workbook (.xlsx) or a CSV file.');
  }
  if (bomEncoding(head) === null && hasNul(head) && utf16WithoutBom(head) === null) {
    throw new ImportError('binary', 'This file contains binary data, not text; save the spreadsheet from Excel as .xlsx or export it as CSV.');
  }
  return 'text';
}

/** For the CSV reader called directly: a workbook with a .csv name is refused, not guessed. */
export function assertTextContent(head: Uint8Array, name?: string): void {
  if (detectContent(head, name) === 'xlsx') {
    throw new ImportError('xlsx-named-csv', 'This file is an Excel workbook saved with a .csv name; rename it to .xlsx or export it as CSV.');
  }
}

/**
 * The encoding suggested by the first bytes. `utf-8` is tentative: the stream decoder falls
 * back to Windows-1252 at the first byte that is not UTF-8.
 */
export function sniffEncoding(head: Uint8Array): TextEncodingName {
  return bomEncoding(head) ?? utf16WithoutBom(head) ?? 'utf-8';
}

/**
 * Windows-1252 by hand: Node 20's TextDecoder decodes 'windows-1252' as ISO-8859-1 when not
 * streaming (0x80 gives U+0080, not €), so the bytes 0x80-0x9F are mapped here. Single-byte, so
 * chunks need no state.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const C1 = /[\u0080-\u009f]/g;

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(C1, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

interface ChunkDecoder {
  decode(chunk: Uint8Array, options: { stream: boolean }): string;
}

const windows1252Decoder: ChunkDecoder = { decode: (chunk) => decodeWindows1252(chunk) };

function whatwgLabel(encoding: TextEncodingName): string {
  return encoding === 'utf-8-bom' ? 'utf-8' : encoding;
}

/**
 * A streaming decoder (TextDecoder with `stream: true`, so a character split between two chunks
 * survives). In UTF-8 mode, an invalid sequence before any non-ASCII byte switches the whole file
 * to Windows-1252 (what came before was ASCII, identical in both); after valid non-ASCII UTF-8,
 * it is a damaged UTF-8 file: decoded with replacement characters and a warning.
 */
export class TextStreamDecoder {
  private current: ChunkDecoder;
  private mode: TextEncodingName;
  private sawNonAscii = false;
  private lossy = false;
  readonly warnings: string[] = [];

  constructor(encoding: TextEncodingName) {
    this.mode = encoding;
    this.current = encoding === 'windows-1252' ? windows1252Decoder : new TextDecoder(whatwgLabel(encoding), { fatal: encoding === 'utf-8' });
  }

  get encoding(): TextEncodingName {
    return this.mode;
  }

  decode(chunk: Uint8Array, final = false): string {
    if (this.mode !== 'utf-8' || this.lossy) return this.current.decode(chunk, { stream: !final });
    try {
      const text = this.current.decode(chunk, { stream: !final });
      if (!this.sawNonAscii && !isAscii(chunk)) this.sawNonAscii = true;
      return text;
    } catch {
      if (!this.sawNonAscii) {
        this.mode = 'windows-1252';
        this.current = windows1252Decoder;
      } else {
        this.lossy = true;
        this.current = new TextDecoder('utf-8');
        this.warnings.push('The file is UTF-8 with some damaged characters; they are shown as \uFFFD.');
      }
      return this.current.decode(chunk, { stream: !final });
    }
  }
}

/** Decodes a whole buffer: BOM, else strict UTF-8, else Windows-1252. */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const sniffed = sniffEncoding(bytes);
  if (sniffed !== 'utf-8') return { text: new TextDecoder(whatwgLabel(sniffed)).decode(bytes), encoding: sniffed };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
