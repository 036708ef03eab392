/** A file named by its path is checked where it enters the engine, then kept as a copy. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepCopy } from './import-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-import-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a spreadsheet handed over by path', () => {
  it('is kept as a copy under its SHA-256, so editing the original later changes nothing', async () => {
    const original = join(dir, 'Week 12.csv');
    writeFileSync(original, 'Container\nMSKU1234565\n');
    const kept = await keepCopy(original, join(dir, 'imports'));
    expect(kept).toMatchObject({ fileName: 'Week 12.csv', format: 'csv', fileId: expect.stringMatching(/^[a-f0-9]{64}$/) });
    expect(kept.path).toBe(join(dir, 'imports', `${kept.fileId}.csv`));
    writeFileSync(original, 'changed');
    expect(readFileSync(kept.path, 'utf8')).toBe('Container\nMSKU1234565\n');
  });

  it('is read by its content: a workbook saved under a .csv name is a workbook', async () => {
    const original = join(dir, 'from-erp.csv');
    writeFileSync(original, Buffer.from('PK\u0003\u0004 not really a workbook'));
    expect(await keepCopy(original, join(dir, 'imports'))).toMatchObject({ format: 'xlsx', path: expect.stringMatching(/\.xlsx$/) });
  });

  it('refuses, in one sentence each, what is not a spreadsheet file it may read', async () => {
    mkdirSync(join(dir, 'folder.csv'));
    writeFileSync(join(dir, 'id_rsa'), 'secret');
    writeFileSync(join(dir, 'empty.csv'), '');
    writeFileSync(join(dir, 'old.xls'), 'x');
    const cases: [string, RegExp][] = [
      [join(dir, 'id_rsa'), /^id_rsa is not a spreadsheet Quayside imports; choose a \.xlsx, \.xlsm, \.csv, \.tsv or \.txt file\.$/],
      ['relative/list.csv', /^list\.csv was not given with its full path/],
      [join(dir, 'folder.csv'), /^folder\.csv is a folder, not a file/],
      [join(dir, 'empty.csv'), /^empty\.csv is empty/],
      [join(dir, 'old.xls'), /^old\.xls is an old Excel file \(\.xls\)/],
      [join(dir, 'gone.csv'), /^gone\.csv could not be read \(it is not there any more\)/],
    ];
    for (const [path, message] of cases) await expect(keepCopy(path, join(dir, 'imports')), path).rejects.toThrow(message);
  });
});
