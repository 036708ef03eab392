/**
 * CSV and TSV, streamed: bytes are decoded chunk by chunk and handed to papaparse's core parser,
 * which keeps the unfinished last row (a quoted field may span chunks) for the next chunk.
 * Every value stays a string. Memory is bounded by the chunk size, not the file size.
 */
import Papa from 'papaparse';
import { assertTextContent, sniffEncoding, TextStreamDecoder } from './decode.js';
import { ImportError } from './errors.js';
import { lineTooLong, tooManyRows } from './limits.js';
import { openByteSource, type ByteSource, type SpreadsheetInput } from './source.js';
import { DELIMITERS, type Delimiter, type ImportProgress, type TextEncodingName } from './types.js';

export interface CsvBatch {
  /** Rows of cells, all strings. */
  rows: string[][];
  /** 1-based spreadsheet row number of `rows[0]` (Excel's `sep=` line is not a row). */
  firstRow: number;
}

export interface CsvMeta {
  /** Final once the whole file has been read (UTF-8 may fall back to Windows-1252). */
  readonly encoding: TextEncodingName;
  readonly delimiter: Delimiter;
  readonly newline: '\r\n' | '\n' | '\r';
  /** The file began with Excel's `sep=` line, which was honoured and dropped. */
  readonly sepLine: boolean;
  readonly warnings: readonly string[];
}

export interface CsvReadOptions {
  delimiter?: Delimiter;
  onProgress?: (progress: ImportProgress) => void;
  /** The import's caps (limits.ts); without them the reader streams any size. */
  maxRows?: number;
  /** Characters of one unfinished row held between chunks. */
  maxRowLength?: number;
}

export interface CsvReader {
  meta: CsvMeta;
  batches(): AsyncGenerator<CsvBatch>;
}

const SEP_LINE = /^"?sep=(.)"?(?:\r\n|\n|\r)/i;
const QUOTED = /"(?:[^"]|"")*"/g;
const SNIFF_LINES = 30;

function detectNewline(text: string): '\r\n' | '\n' | '\r' {
  const plain = text.replace(QUOTED, '""');
  const cr = plain.indexOf('\r');
  const lf = plain.indexOf('\n');
  if (cr === -1) return '\n';
  if (lf === cr + 1) return '\r\n';
  if (lf !== -1 && lf < cr) return '\n';
  return '\r';
}

function countOf(line: string, ch: string): number {
  let n = 0;
  for (let at = line.indexOf(ch); at !== -1; at = line.indexOf(ch, at + 1)) n++;
  return n;
}

/**
 * The delimiter whose count per line is the most consistent over the first lines (quoted text
 * removed), preferring the larger count on a tie: a semicolon file with decimal commas keeps `;`.
 */
export function sniffDelimiter(text: string): Delimiter {
  const lines = text
    .replace(QUOTED, '""')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, SNIFF_LINES);
  let best: { delimiter: Delimiter; lines: number; count: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const line of lines) {
      const n = countOf(line, delimiter);
      if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    }
    for (const [count, times] of frequency) {
      if (!best || times > best.lines || (times === best.lines && count > best.count)) {
        best = { delimiter, lines: times, count };
      }
    }
  }
  return best?.delimiter ?? ',';
}

/** Opens a CSV/TSV source: sniffs encoding, `sep=` line, delimiter and line ending from the head. */
export async function openCsv(source: ByteSource, options: CsvReadOptions = {}): Promise<CsvReader> {
  assertTextContent(source.head, source.name);
  const decoder = new TextStreamDecoder(sniffEncoding(source.head));
  const chunks = source.chunks();

  let bytesRead = 0;
  const first = await chunks.next();
  let firstText = '';
  if (!first.done) {
    bytesRead = first.value.length;
    firstText = decoder.decode(first.value, false);
  }
  let sepLine = false;
  let delimiter = options.delimiter;
  const sep = SEP_LINE.exec(firstText);
  if (sep) {
    sepLine = true;
    firstText = firstText.slice(sep[0].length);
    const declared = sep[1] as Delimiter;
    if (delimiter === undefined && DELIMITERS.includes(declared)) delimiter = declared;
  }
  const newline = detectNewline(firstText);
  const chosen: Delimiter = delimiter ?? sniffDelimiter(firstText);

  const meta: CsvMeta = {
    get encoding() {
      return decoder.encoding;
    },
    delimiter: chosen,
    newline,
    sepLine,
    get warnings() {
      return decoder.warnings;
    },
  };

  async function* batches(): AsyncGenerator<CsvBatch> {
    const parser = new Papa.Parser({ delimiter: chosen, newline, quoteChar: '"' });
    let partial = '';
    let nextRow = 1;
    let pendingText: string | null = firstText;
    try {
      for (;;) {
        let text: string;
        let final = false;
        if (pendingText !== null) {
          text = pendingText;
          pendingText = null;
          final = first.done === true;
        } else {
          const next = await chunks.next();
          if (next.done) {
            text = decoder.decode(new Uint8Array(0), true);
            final = true;
          } else {
            bytesRead += next.value.length;
            text = decoder.decode(next.value, false);
          }
        }
        const input = partial + text;
        // papaparse's Parser is typed loosely (`any`); its result shape is the documented ParseResult.
        const result = parser.parse(input, 0, !final) as Papa.ParseResult<string[]>;
        if (final) {
          const unclosed = result.errors.find((e) => e.code === 'MissingQuotes');
          if (unclosed) {
            const row = nextRow + (unclosed.row ?? 0);
            throw new ImportError('malformed-csv', `Row ${row} opens a quote (") that is never closed, so the rest of the file would be one cell; fix that cell or export the file again.`);
          }
          partial = '';
        } else {
          partial = input.substring(result.meta.cursor);
          if (options.maxRowLength !== undefined && partial.length > options.maxRowLength) {
            throw lineTooLong(nextRow + result.data.length, partial.startsWith('"') || partial.includes(`${chosen}"`));
          }
        }
        if (options.maxRows !== undefined && nextRow - 1 + result.data.length > options.maxRows) throw tooManyRows();
        if (result.data.length > 0) {
          yield { rows: result.data, firstRow: nextRow };
          nextRow += result.data.length;
        }
        options.onProgress?.({ bytesRead, totalBytes: source.totalBytes, rows: nextRow - 1 });
        if (final) return;
      }
    } finally {
      await source.close();
    }
  }

  return { meta, batches };
}

/** Streams the rows of a CSV/TSV file (path, bytes or stream) in batches, with progress. */
export async function* readCsvRows(input: SpreadsheetInput, options: CsvReadOptions = {}): AsyncGenerator<CsvBatch, CsvMeta> {
  const reader = await openCsv(await openByteSource(input), options);
  yield* reader.batches();
  return reader.meta;
}
