/**
 * `quayside export` in a child process on a real cache: the window's export use case behind a
 * command (a forwarder's nightly report to a customer), its flags, its JSON, its one-sentence
 * refusals, and a file that appears whole or not at all.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData } from '../../src/core/data/index.js';
import { EXPORT_COLUMNS, exportColumns } from '../../src/core/features/export/index.js';
import { deskDay } from '../../src/shared/free-time.js';
import { HOSTILE_CELLS, seedHostileCache } from '../helpers/hostile-cells.js';
import { uuidFor } from '../helpers/store-fixtures.js';
import { runCli } from './run-cli.js';

let work: string;
let dataDir: string;
let references: string[];
/** What the window's Export ticks before a person chooses (export.columns' byDefault), on this very cache. */
let defaultColumns: string[];
let defaultHeaders: string[];

const cli = (args: string[]) => runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir } });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-export-cli-'));
  dataDir = join(work, 'data');
  const store = openData(cacheFile(dataDir));
  try {
    references = seedHostileCache(store);
    const ids = [3, 4, 5].map((n) => store.read.getShipment(uuidFor(n))!.id);
    store.write((tx) => tx.createWatchlist({ name: 'ACME weekly', kind: 'list', shipmentIds: ids }));
    const offered = exportColumns(store.read).filter((c) => c.byDefault);
    defaultColumns = offered.map((c) => c.id);
    defaultHeaders = offered.map((c) => c.header);
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
    expect(rows[0]).toEqual(['Reference', 'Customer', 'PO', 'Tracking']);
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
    expect(sheet!.sheet).toBe('ACME weekly – open shipments');
    expect(sheet!.data).toEqual([['Reference', 'Customer'], ...[2, 3, 4].map((i) => [references[i], HOSTILE_CELLS[i]])]);

    // A name without an extension takes --format's, and says so.
    const archived = await cli(['export', '--format', 'xlsx', '--out', join(work, 'archived'), '--status', 'ARCHIVED', '--json']);
    expect(JSON.parse(archived.stdout)).toMatchObject({ file: join(work, 'archived.xlsx'), format: 'xlsx', rows: 2 });
    const field = await cli(['export', '--out', join(work, 'po.csv'), '--field', 'po=PO-7', '--json']);
    expect(JSON.parse(field.stdout)).toMatchObject({ rows: 1 });
    const search = await cli(['export', '--out', join(work, 'search.csv'), '--search', references[5]!, '--json']);
    expect(JSON.parse(search.stdout)).toMatchObject({ rows: 1 });
  });

  it('without --columns writes the window\'s default set (the reference, the imported columns in words, then Quayside\'s own), into a folder under the name of what was exported', async () => {
    const folder = join(work, 'nightly');
    mkdirSync(folder);
    const before = deskDay(new Date());
    const run = await cli(['export', '--out', folder, '--format', 'xlsx', '--watchlist', 'ACME weekly', '--status', 'ACTIVE', '--json']);
    const after = deskDay(new Date());
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { file: string; columns: string[]; rows: number };
    expect([before, after].map((day) => join(folder, `ACME weekly – open shipments – ${day}.xlsx`))).toContain(result.file);
    expect(readdirSync(folder)).toEqual([basename(result.file)]);
    expect(result.columns).toEqual(defaultColumns);
    expect(result.columns.slice(0, 3)).toEqual(['reference', 'field:customer', 'field:po']);
    expect(result.columns).not.toContain('likely');
    const [sheet] = (await readXlsxFile(readFileSync(result.file))) as unknown as { sheet: string; data: unknown[][] }[];
    expect(sheet!.sheet).toBe('ACME weekly – open shipments');
    expect(sheet!.data[0]).toEqual(defaultHeaders);
    expect(sheet!.data[0]!.slice(0, 4)).toEqual(['Reference', 'Customer', 'PO', 'Type']);
    expect(sheet!.data).toHaveLength(result.rows + 1);

    // Every shipment: the generic name says Quayside; --out FILE keeps the name given.
    const all = await cli(['export', '--out', join(work, 'everything.xlsx'), '--json']);
    expect(JSON.parse(all.stdout)).toMatchObject({ file: join(work, 'everything.xlsx'), columns: result.columns });
    const [allSheet] = (await readXlsxFile(readFileSync(join(work, 'everything.xlsx')))) as unknown as { sheet: string }[];
    expect(allSheet!.sheet).toBe('Quayside – shipments');
  });

  it('--help lists every column id with its header, the defaults, and this cache\'s imported columns', async () => {
    const run = await cli(['export', '--help']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const listed = lines.filter((l) => /^ {2}[* ] \S/.test(l)).map((l) => ({ byDefault: l[2] === '*', id: l.slice(4).split(/\s+/)[0], header: l.slice(4).replace(/^\S+\s+/, '') }));
    // The file's order, as the window offers them, the defaults marked as the window ticks them.
    expect(listed.map((c) => c.id)).toEqual(['reference', 'field:customer', 'field:po', ...EXPORT_COLUMNS.slice(1).map((c) => c.id)]);
    expect(listed.filter((c) => c.byDefault).map((c) => c.id)).toEqual(defaultColumns);
    for (const column of EXPORT_COLUMNS) expect(listed.find((c) => c.id === column.id)?.header).toBe(column.header);
    expect(listed.slice(1, 3).map((c) => c.header)).toEqual(['Customer (imported)', 'PO (imported)']);
    expect(run.stdout).toContain('field:NAME');
    expect(run.stdout).toContain('--out FOLDER');
    // No cache there: the help still answers, and creates nothing.
    const empty = join(work, 'no-cache');
    const bare = await runCli(['export', '--help'], { env: { QUAYSIDE_DATA_DIR: empty } });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('field:NAME');
    expect(bare.stdout).not.toContain('field:customer');
    expect(bare.stdout).toContain('  * reference ');
    expect(existsSync(empty)).toBe(false);
  });

  it('refuses a wrong flag in one sentence and writes nothing', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--columns', 'reference,colour'], 1, /^There is no column "colour"; the columns are reference, field:customer, field:po, type, .*, likelyShipments\.$/],
      [['--watchlist', 'Globex'], 1, /^There is no watchlist named "Globex"; the watchlists are "ACME weekly"\.$/],
      [['--format', 'pdf'], 2, /^--format is csv or xlsx, not "pdf"\. Usage: quayside export /],
      [['--format', 'xlsx'], 2, /^--format xlsx and the name refused\.csv disagree: name it refused\.xlsx, or leave --format out\. Usage: quayside export /],
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
    // The format is the file's: a .pdf is refused before anything is read, in one sentence.
    const pdf = await cli(['export', '--out', join(work, 'refused.pdf')]);
    expect(pdf.code).toBe(2);
    expect(pdf.stderr.trim()).toMatch(/^Quayside exports \.csv and \.xlsx files, not \.pdf: name it refused\.csv or refused\.xlsx\. Usage: quayside export /);
    // A folder that was never there is named as missing.
    const missingFolder = await cli(['export', '--out', join(work, 'no-such-folder', 'x.xlsx')]);
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.stderr.trim()).toBe(`The folder ${join(work, 'no-such-folder')} does not exist; create it first, or choose another place with --out.`);
    expect(readdirSync(work).filter((name) => name.includes('refused') || name.endsWith('.partial'))).toEqual([]);
  });
});
