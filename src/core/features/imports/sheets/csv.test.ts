import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { container, fixture, OWNERS } from '../../../../../test/fixtures/import/support.js';
import { readCsvRows, sniffDelimiter, type CsvBatch } from './csv.js';
import { ImportError } from './errors.js';
import type { ImportProgress } from './types.js';

async function collect(iterator: AsyncGenerator<CsvBatch, unknown>): Promise<{ rows: string[][]; firsts: number[] }> {
  const rows: string[][] = [];
  const firsts: number[] = [];
  for await (const batch of iterator) {
    firsts.push(batch.firstRow);
    rows.push(...batch.rows);
  }
  return { rows, firsts };
}

const bytesOf = (text: string, name = 'x.csv') => ({ bytes: new Uint8Array(Buffer.from(text, 'utf8')), name });

/** A stream that hands out the bytes in small pieces, so rows and characters straddle chunks. */
function trickle(bytes: Uint8Array, size: number): Readable {
  return Readable.from((function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })());
}

describe('sniffDelimiter', () => {
  it('picks the delimiter with the most consistent count per line', () => {
    expect(sniffDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(sniffDelimiter('Container;Weight\nMSKU1234565;12,5\nCMAU3000014;8,25\n')).toBe(';');
    expect(sniffDelimiter('A\tB\nName, Inc.\tx\n')).toBe('\t');
    expect(sniffDelimiter('A|B\n1|2\n')).toBe('|');
    expect(sniffDelimiter('"a,b";c\n"d,e";f\n')).toBe(';');
  });
  it('falls back to a comma for a single column', () => {
    expect(sniffDelimiter('MSKU1234565\nCMAU3000014\n')).toBe(',');
  });
});

describe('readCsvRows', () => {
  it('keeps every value a string and honours the delimiter override', async () => {
    const { rows } = await collect(readCsvRows(bytesOf('a;b,c\n007;1,5\n'), { delimiter: ';' }));
    expect(rows.slice(0, 2)).toEqual([['a', 'b,c'], ['007', '1,5']]);
  });

  it("drops Excel's sep= line and uses its delimiter; rows are numbered without it", async () => {
    const reader = readCsvRows(fixture('sep-line.csv'));
    const batches: CsvBatch[] = [];
    let result = await reader.next();
    while (!result.done) {
      batches.push(result.value);
      result = await reader.next();
    }
    expect(result.value.delimiter).toBe('|');
    expect(result.value.sepLine).toBe(true);
    expect(batches[0]!.firstRow).toBe(1);
    expect(batches[0]!.rows[0]).toEqual(['Container', 'Customer']);
    expect(batches[0]!.rows[1]).toEqual(['MSKU1234565', 'Initech, Inc.']);
  });

  it('keeps quoted fields with delimiters, quotes and line breaks across tiny chunks', async () => {
    const lines = ['Container,Notes'];
    for (let i = 0; i < 3000; i++) lines.push(`${container('MSK', i)},"note ${i}, ""quoted""\r\nsecond line"`);
    const bytes = new Uint8Array(Buffer.from(lines.join('\r\n') + '\r\n', 'utf8'));
    expect(bytes.length).toBeGreaterThan(128 * 1024);
    const { rows } = await collect(readCsvRows({ stream: trickle(bytes, 997), name: 'notes.csv' }));
    const data = rows.filter((r) => r.length > 1).slice(1);
    expect(data).toHaveLength(3000);
    expect(data[2999]).toEqual([container('MSK', 2999), 'note 2999, "quoted"\r\nsecond line']);
  });

  it('streams UTF-16 LE with a BOM in odd-sized chunks without breaking characters', async () => {
    const lines = ['Container\tCustomer'];
    for (let i = 0; i < 5000; i++) lines.push(`${container('CMA', i)}\tSociété Générale ${i}`);
    const body = Buffer.from(lines.join('\r\n') + '\r\n', 'utf16le');
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
    const reader = readCsvRows({ stream: trickle(bytes, 4097) });
    const { rows } = await collect(reader);
    expect(rows[0]).toEqual(['Container', 'Customer']);
    expect(rows[5000]).toEqual([container('CMA', 4999), 'Société Générale 4999']);
  });

  it('refuses an unclosed quote with the row where it opens', async () => {
    await expect(collect(readCsvRows(bytesOf('Container,Notes\nMSKU1234565,"ok"\nCMAU3000014,"never closed\nX,Y\n')))).rejects.toThrowError(
      /^Row 3 opens a quote/,
    );
  });

  it('refuses a workbook with a .csv name when asked for CSV rows', async () => {
    const attempt = collect(readCsvRows(fixture('workbook-named.csv')));
    await expect(attempt).rejects.toBeInstanceOf(ImportError);
    await expect(attempt).rejects.toThrowError('This file is an Excel workbook saved with a .csv name; rename it to .xlsx or export it as CSV.');
  });
});

describe('a 1,000,000-row CSV', () => {
  let dir = '';
  let path = '';
  const ROWS = 1_000_000;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quayside-import-'));
    path = join(dir, 'million.csv');
    const out = createWriteStream(path);
    out.write('Container,Customer,PO\r\n');
    for (let start = 0; start < ROWS; start += 10_000) {
      const lines: string[] = [];
      for (let i = start; i < start + 10_000; i++) lines.push(`${container(OWNERS[i % 10]!, i % 1_000_000)},Customer ${i % 97},PO-${i}`);
      if (!out.write(lines.join('\r\n') + '\r\n')) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Its time and peak heap growth: npm run bench ("spreadsheet import").
  it('streams in batches with progress', async () => {
    const progress: ImportProgress[] = [];
    let rows = 0;
    let batches = 0;
    for await (const batch of readCsvRows(path, { onProgress: (p) => progress.push(p) })) {
      rows += batch.rows.length;
      batches++;
    }
    const last = progress.at(-1)!;
    expect(rows).toBe(ROWS + 1); // the header and the rows; the final line break ends the last row
    expect(progress.length).toBeGreaterThan(10);
    expect(last.bytesRead).toBe(last.totalBytes);
    expect(last.rows).toBe(ROWS + 1);
    expect(progress.every((p, i) => i === 0 || p.bytesRead >= progress[i - 1]!.bytesRead)).toBe(true);
    // Rows come in many batches, not the whole file at once.
    expect(batches).toBeGreaterThan(10);
  }, 60_000);
});
