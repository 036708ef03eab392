/**
 * The isolated reader as the desktop build ships it: spreadsheet-worker.ts bundled to plain
 * JavaScript (dependencies left to node_modules, as electron-vite leaves them for main), found
 * next to the bundle that holds cage.ts, run with no tsx at all.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadsheetWorkerFile, validateSpreadsheetInCage, inspectSpreadsheet } from '../../src/core/features/imports/sheets/cage.js';
import { validateSpreadsheet } from '../../src/core/features/imports/sheets/spreadsheet.js';
import { CARRIERS, fixture } from '../fixtures/import/support.js';
import { writeGridWorkbook } from './hostile-files.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let out: string;

beforeAll(async () => {
  // Inside the project, as out/main is, so the bundle's imports of read-excel-file and papaparse resolve.
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  out = mkdtempSync(join(ROOT, 'node_modules/.cache/quayside-reader-'));
  await build({
    entryPoints: [join(ROOT, 'src/core/features/imports/sheets/spreadsheet-worker.ts')],
    outfile: join(out, 'spreadsheet-worker.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  writeFileSync(join(out, 'index.js'), '// stands for the main bundle\n');
  mkdirSync(join(out, 'chunks'));
  await writeGridWorkbook(join(out, 'grid.xlsx'));
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the reader in the desktop build', () => {
  it('is found next to the bundle, or one folder up from a chunk; from the sources it is the tsx bootstrap', () => {
    const beside = pathToFileURL(join(out, 'spreadsheet-worker.js')).href;
    expect(spreadsheetWorkerFile(pathToFileURL(join(out, 'index.js')).href).href).toBe(beside);
    expect(spreadsheetWorkerFile(pathToFileURL(join(out, 'chunks', 'cage-1a2b.js')).href).href).toBe(beside);
    expect(spreadsheetWorkerFile().href).toBe(new URL('../../src/core/features/imports/sheets/spreadsheet-worker.mjs', import.meta.url).href);
    expect(() => spreadsheetWorkerFile(pathToFileURL(join(ROOT, 'nowhere', 'index.js')).href)).toThrowError(/spreadsheet-worker\.js is missing next to/);
  });

  it('reads and validates as the sources do, and refuses a hostile file with the same sentence', async () => {
    const reader = spreadsheetWorkerFile(pathToFileURL(join(out, 'index.js')).href);
    for (const name of ['two-sheets.xlsx', 'semicolons.csv', 'utf16le-unicode-text.txt']) {
      expect(await validateSpreadsheetInCage(fixture(name), { carriers: CARRIERS, reader }), name).toEqual(await validateSpreadsheet(fixture(name), { carriers: CARRIERS }));
    }
    await expect(validateSpreadsheetInCage(join(out, 'grid.xlsx'), { carriers: CARRIERS, reader })).rejects.toThrowError(/^The sheet "Shipments" spans 16,384 columns/);
    expect(await inspectSpreadsheet(fixture('two-sheets.xlsx'), { reader })).toEqual({ format: 'xlsx', sheets: ['Notes', 'Shipments'] });
  }, 30_000);
});
