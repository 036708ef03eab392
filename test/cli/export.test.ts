/**
 * `quayside export` in a child process on a real cache: the window's export use case behind a
 * command (a forwarder's nightly report to a customer), its flags, its JSON, its one-sentence
 * refusals, and a file that appears whole or not at all.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData } from '../../src/core/data/index.js';
import { HOSTILE_CELLS, seedHostileCache } from '../helpers/hostile-cells.js';
import { uuidFor } from '../helpers/store-fixtures.js';
import { runCli } from './run-cli.js';

let work: string;
let dataDir: string;
let references: string[];

const cli = (args: string[]) => runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir } });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-export-cli-'));
  dataDir = join(work, 'data');
  const store = openData(cacheFile(dataDir));
  try {
    references = seedHostileCache(store);
    const ids = [3, 4, 5].map((n) => store.read.getShipment(uuidFor(n))!.id);
    store.write((tx) => tx.createWatchlist({ name: 'ACME weekly', kind: 'list', shipmentIds: ids }));
  } finally {
    store.close();
  }
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('quayside export', () => {
  it('writes a CSV of every shipment with the chosen columns, and says what it wrote in JSON', async () => {
    const out = join(work, 'all.csv');
    const run = await cli(['export', '--out', out, '--columns', 'reference,customer,field:po,status', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ file: out, format: 'csv', rows: HOSTILE_CELLS.length, sizeBytes: readFileSync(out).length, columns: ['reference', 'field:customer', 'field:po', 'status'] });
    const rows = Papa.parse<string[]>(readFileSync(out, 'utf8').slice(1).trim(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(['Reference', 'customer', 'po', 'Tracking']);
    expect(rows).toHaveLength(HOSTILE_CELLS.length + 1);
    const byReference = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byReference.get(references[0])).toEqual([references[0], "ACME;'=1+1;", 'PO-0', 'Archived']);
    expect(byReference.get(references[1])![1]).toBe("'=2+3");
  });

  it('writes XLSX (by --format or the file name) with every value exactly as stored, narrowed by --status, --search, --field and --watchlist', async () => {
    const out = join(work, 'acme.xlsx');
    const run = await cli(['export', '--out', out, '--watchlist', 'ACME weekly', '--columns', 'reference,customer', '--status', 'active']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Exported 3 shipments to .*acme\.xlsx \(XLSX, \d+ KB\)\.\n$/);
    const [sheet] = (await readXlsxFile(readFileSync(out))) as unknown as { sheet: string; data: unknown[][] }[];
    expect(sheet!.sheet).toBe('ACME weekly');
    expect(sheet!.data).toEqual([['Reference', 'customer'], ...[2, 3, 4].map((i) => [references[i], HOSTILE_CELLS[i]])]);

    const archived = await cli(['export', '--format', 'xlsx', '--out', join(work, 'archived.bin'), '--status', 'ARCHIVED', '--json']);
    expect(JSON.parse(archived.stdout)).toMatchObject({ format: 'xlsx', rows: 2 });
    const field = await cli(['export', '--out', join(work, 'po.csv'), '--field', 'po=PO-7', '--json']);
    expect(JSON.parse(field.stdout)).toMatchObject({ rows: 1 });
    const search = await cli(['export', '--out', join(work, 'search.csv'), '--search', references[5]!, '--json']);
    expect(JSON.parse(search.stdout)).toMatchObject({ rows: 1 });
  });

  it('refuses a wrong flag in one sentence and writes nothing', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--columns', 'reference,colour'], 1, /^There is no column "colour"; the columns are reference, type, .*, field:customer, field:po\.$/],
      [['--watchlist', 'Globex'], 1, /^There is no watchlist named "Globex"; the watchlists are "ACME weekly"\.$/],
      [['--format', 'pdf'], 2, /^--format must be csv or xlsx, not "pdf"\. Usage: quayside export /],
      [['--status', 'GONE'], 2, /^--status must be ACTIVE or ARCHIVED, not "GONE"\. Usage: quayside export /],
      [Array.from({ length: 51 }, (_, i) => ['--field', `f${i}=x`]).flat(), 2, /^At most 50 --field filters, not 51\. Usage: quayside export /],
    ];
    for (const [flags, code, sentence] of cases) {
      const run = await cli(['export', '--out', join(work, 'refused.csv'), ...flags]);
      expect(run.code, flags.join(' ')).toBe(code);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(sentence);
    }
    const noOut = await cli(['export']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/^Say where to write the export with --out FILE/);
    const missingFolder = await cli(['export', '--out', join(work, 'no-such-folder', 'x.csv')]);
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.stderr.trim()).toMatch(/^The export could not be saved to .*x\.csv \(.*\); choose another folder and export again\.$/);
    expect(readdirSync(work).filter((name) => name.includes('refused') || name.endsWith('.partial'))).toEqual([]);
  });
});
