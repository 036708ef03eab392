/**
 * The cheap look at a file before anything parses it, on the calling thread: what it is (by
 * content), and whether it can be a customer sheet at all. A workbook's ZIP directory is read
 * from the end of the file (nothing unpacked); a text file's rows are counted in a streaming pass
 * that follows quotes (a quoted cell may hold line breaks) and stops at the first cap passed.
 * Each step is a small read and a loop over at most one chunk, so the event loop stays free.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { TextDecoder } from 'node:util';
import { sniffDelimiter } from './csv.js';
import { detectContent, sniffEncoding } from './decode.js';
import { LIMITS, MAX_FILE_ROWS, lineTooLong, textTooLarge, tooManyRows, workbookTooLarge } from './limits.js';
import { DELIMITERS, type Delimiter, type SpreadsheetFormat } from './types.js';
import { checkDeclaredSizes, findDirectory, readDirectory, TAIL_BYTES } from './zip-directory.js';

const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 256 * 1024;

export interface Prescan {
  path: string;
  name: string;
  format: SpreadsheetFormat;
  bytes: number;
}

async function readRange(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function prescanWorkbook(path: string, size: number): Promise<void> {
  if (size > LIMITS.workbookBytes) throw workbookTooLarge(size);
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const place = findDirectory(await readRange(path, tailStart, size - tailStart), size);
  const entries = readDirectory(await readRange(path, place.offset, place.size), place);
  checkDeclaredSizes(entries, place);
}

/** The delimiter the reader will use: Excel's `sep=` line, else sniffed as csv.ts does. */
function delimiterOf(head: Uint8Array, given: Delimiter | undefined): Delimiter {
  if (given) return given;
  const encoding = sniffEncoding(head);
  const label = encoding === 'utf-8-bom' ? 'utf-8' : encoding === 'windows-1252' ? 'latin1' : encoding;
  const text = new TextDecoder(label).decode(head);
  const sep = /^"?sep=(.)/i.exec(text)?.[1] as Delimiter | undefined;
  return sep && DELIMITERS.includes(sep) ? sep : sniffDelimiter(text);
}

/**
 * Counts rows as papaparse will see them: a line break ends a row unless it is inside a quoted
 * cell; a quote opens a cell only at its start; `""` inside is a quote. UTF-16 is read a code
 * unit at a time. Stops at the first row past `MAX_FILE_ROWS` or longer than `LIMITS.lineBytes`.
 */
async function prescanText(path: string, head: Uint8Array, delimiterGiven: Delimiter | undefined): Promise<void> {
  const encoding = sniffEncoding(head);
  const unit = encoding === 'utf-16le' || encoding === 'utf-16be' ? 2 : 1;
  const low = encoding === 'utf-16be' ? 1 : 0;
  const delimiter = delimiterOf(head, delimiterGiven).charCodeAt(0);
  const QUOTE = 0x22;
  const LF = 0x0a;
  const CR = 0x0d;
  let rows = 0;
  let rowStart = 0;
  let fieldStart = true;
  let quoted = false;
  let quoteSeen = false; // inside a quoted cell, the last unit was a quote
  let afterCr = false;
  let position = 0;
  let pending: Buffer | null = null; // an odd byte of a UTF-16 unit split between chunks

  const endRow = (at: number): void => {
    rows++;
    if (rows > MAX_FILE_ROWS) throw tooManyRows();
    rowStart = at;
    fieldStart = true;
  };
  for await (const piece of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    let chunk = piece as Buffer;
    if (pending) {
      chunk = Buffer.concat([pending, chunk]);
      pending = null;
    }
    const usable = chunk.length - (chunk.length % unit);
    if (usable < chunk.length) pending = chunk.subarray(usable);
    for (let i = 0; i < usable; i += unit) {
      const at = position + i;
      // A UTF-16 unit is ASCII when its other byte is 0; anything else is text, never a separator.
      const ch = unit === 1 ? chunk[i]! : chunk[i + 1 - low] === 0 ? chunk[i + low]! : 0x100;
      if (quoted) {
        if (ch === QUOTE) {
          quoteSeen = !quoteSeen;
          continue;
        }
        if (!quoteSeen) continue;
        quoted = false;
        quoteSeen = false;
      }
      if (ch === LF) {
        if (!afterCr) endRow(at + unit);
        else rowStart = at + unit;
        afterCr = false;
        continue;
      }
      afterCr = ch === CR;
      if (afterCr) endRow(at + unit);
      else if (ch === delimiter) fieldStart = true;
      else if (ch === QUOTE && fieldStart) quoted = true;
      else fieldStart = false;
      if (at - rowStart > LIMITS.lineBytes) throw lineTooLong(rows + 1, false);
    }
    position += usable;
    if (quoted && position - rowStart > LIMITS.lineBytes) throw lineTooLong(rows + 1, true);
  }
  if (position > rowStart) endRow(position);
}

/**
 * Refuses, with one sentence, what cannot be a customer sheet; otherwise says what the file is.
 * `delimiter`: the one the person chose (it decides where quoted cells start).
 */
export async function prescanSpreadsheet(path: string, options: { delimiter?: Delimiter } = {}): Promise<Prescan> {
  const size = (await stat(path)).size;
  const head = await readRange(path, 0, Math.min(size, HEAD_BYTES));
  const name = basename(path);
  const kind = detectContent(head, name);
  if (kind === 'xlsx') {
    await prescanWorkbook(path, size);
    return { path, name, format: 'xlsx', bytes: size };
  }
  if (size > LIMITS.textBytes) throw textTooLarge(size);
  await prescanText(path, head, options.delimiter);
  return { path, name, format: 'csv', bytes: size };
}
