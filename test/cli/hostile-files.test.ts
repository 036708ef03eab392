/**
 * `quayside import --dry-run` on files made to hurt a reader: the real CLI in a child
 * process answers each with exit code 1 and one sentence on stderr, and finishes (a child
 * timeout of 20 s makes a regression fail rather than hang; the times are printed).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { writeGridWorkbook, writeLongCsv, writeZipBomb } from '../import/hostile-files.js';
import { runCli } from './run-cli.js';

const KEY = randomUUID();
let sim: Simulator;
let work: string;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [{ apiKey: KEY, credits: 1000, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-hostile-'));
  await writeGridWorkbook(join(work, 'grid.xlsx'));
  await writeZipBomb(join(work, 'bomb.xlsx'));
  await writeZipBomb(join(work, 'bomb-declared-small.xlsx'), { declared: 4096 });
  await writeLongCsv(join(work, 'million.csv'), 1_000_000);
}, 60_000);

afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('quayside import --dry-run on a hostile file', () => {
  const cases: [string, string, RegExp][] = [
    ['grid.xlsx', 'a 2 KB workbook whose sheet claims A1:XFD1048576 and holds a cell at XFD1048576', /^The sheet "Shipments" spans 16,384 columns by 1,048,576 rows \(A1:XFD1048576\), more than one import takes \(5,000,000 cells\); delete the empty rows and columns around the data in Excel and save it again, or export the sheet as CSV\.$/],
    ['bomb.xlsx', 'a ZIP bomb: a 1 MB workbook whose sheet unpacks to 1 GB', /^This workbook's part xl\/worksheets\/sheet1\.xml would unpack to 1,025 MB, more than one import takes \(200 MB\), as ZIP bombs do; do not open it, and ask the sender for the list as CSV\.$/],
    ['bomb-declared-small.xlsx', 'the same bomb declaring its sheet as 4 KB', /^This workbook's part xl\/worksheets\/sheet1\.xml unpacks to more than the 4 KB it declares, as ZIP bombs do; do not open it, and ask the sender for the list as CSV\.$/],
    ['million.csv', 'a CSV of 1,000,000 rows', /^This file has more than 250,000 rows; one import takes at most 250,000; split it into smaller files\.$/],
  ];
  for (const [name, what, sentence] of cases) {
    it(`${what}: exit code 1 and one sentence`, async () => {
      const started = performance.now();
      const run = await runCli(['import', '--dry-run', join(work, name)], {
        env: { QUAYSIDE_DATA_DIR: join(work, 'data'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY },
        timeoutMs: 20_000,
      });
      console.log(`${name}: answered in ${((performance.now() - started) / 1000).toFixed(2)} s: ${run.stderr.trim()}`);
      expect(run.signal, 'the CLI was killed: it did not finish within 20 s').toBeNull();
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(sentence);
    }, 30_000);
  }
});
