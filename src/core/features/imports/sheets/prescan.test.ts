import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures/import/support.js';
import { ImportError } from './errors.js';
import { prescanSpreadsheet } from './prescan.js';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-prescan-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

async function refusal(path: string): Promise<string> {
  try {
    await prescanSpreadsheet(path);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  return 'accepted';
}

const rows = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('\r\n');

describe('prescanSpreadsheet', () => {
  it('says what a file is by its content', async () => {
    expect(await prescanSpreadsheet(fixture('workbook-named.csv'))).toMatchObject({ format: 'xlsx', name: 'workbook-named.csv' });
    expect(await prescanSpreadsheet(fixture('semicolons.csv'))).toMatchObject({ format: 'csv' });
    expect(await refusal(fixture('binary.csv'))).toMatch(/binary data, not text/);
  });

  it('counts rows as the reader will: line breaks inside quoted cells and a stray inch mark are not rows', async () => {
    const quoted = write('quoted.csv', `Container,Note\r\n${rows(250_000, (i) => `MSKU${i},"line one\r\nline two"`)}\r\n`);
    expect(await refusal(quoted)).toBe('accepted');
    const inches = write('inches.csv', `Container,Item\r\nMSKU1,12" pipe\r\n${rows(249_999, (i) => `MSKU${i},flange`)}`);
    expect(await refusal(inches)).toBe('accepted');
    // The references and up to 20 rows above them (a title, the header).
    expect(await refusal(write('title.csv', `Shipments\r\n\r\nContainer\r\n${rows(250_000, (i) => `MSKU${i}`)}`))).toBe('accepted');
    expect(await refusal(write('over.csv', `Container\n${rows(250_020, (i) => `MSKU${i}`).replace(/\r/g, '')}`))).toBe(
      'This file has more than 250,000 rows; one import takes at most 250,000; split it into smaller files.',
    );
    expect(await refusal(write('cr-only.csv', `Container\r${rows(250_020, (i) => `MSKU${i}`).replace(/\n/g, '')}`))).toMatch(/^This file has more than 250,000 rows/);
  });

  it('reads UTF-16 a code unit at a time (a character whose byte is a line break is not one)', async () => {
    const text = `\uFEFFContainer\tNote\r\n${rows(250_000, (i) => `MSKU${i}\t\u010A\u0122`)}`;
    expect(await refusal(write('utf16.txt', Buffer.from(text, 'utf16le')))).toBe('accepted');
    expect(await refusal(write('utf16-over.txt', Buffer.from(`${text}\r\n${rows(20, () => 'MSKU1\tx')}`, 'utf16le')))).toMatch(/^This file has more than 250,000 rows/);
  });

  it('refuses a row longer than 1 MB, saying when it is a quote never closed', async () => {
    expect(await refusal(write('long.csv', `Container,Note\r\nMSKU1,${'x'.repeat(1_100_000)}\r\n`))).toBe(
      'Row 2 is longer than 1 MB, which no list of references needs; check that this is the right file, or export the sheet again as CSV.',
    );
    expect(await refusal(write('open-quote.csv', `Container,Note\r\nMSKU1,"never closed\r\n${rows(60_000, (i) => `MSKU${i},some words here`)}`))).toBe(
      'Row 2 opens a quote (") that is not closed within 1 MB, so the rest of the file would be one cell; fix that cell or export the file again.',
    );
  });
});
