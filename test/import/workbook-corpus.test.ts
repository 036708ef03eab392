/**
 * Every kind of workbook. The corpus under test/fixtures/workbooks (written by
 * LibreOffice headless and by openpyxl, each with a manifest of what it holds and what must come
 * of it; make-libreoffice.py, make-openpyxl.py) and the import fixtures of test/fixtures/import
 * (the bytes Excel writes, and write-excel-file's workbooks) go through `quayside import
 * --dry-run`: each answers with a preview or one sentence, never "Something unexpected". Most run
 * through the CLI's own command in this process (test/import/dry-run.ts); a few through the real
 * CLI in a child process, as a person would type it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from '../cli/run-cli.js';
import { FIXTURES as IMPORT_FIXTURES } from '../fixtures/import/support.js';
import { dryRunAll, type DryRunAnswer } from './dry-run.js';

const WORKBOOKS = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'workbooks');

interface ManifestEntry {
  file: string;
  writer: string;
  features: string[];
  /** A preview (with these figures, when given), a sentence with this code, or any answer. */
  expect: { preview: { accepted?: number; rejected?: number; duplicates?: number; sheet?: string } } | { sentence: string } | { answer: true };
}

interface CorpusFile extends ManifestEntry {
  path: string;
}

function corpus(): CorpusFile[] {
  const generated = ['openpyxl', 'libreoffice'].flatMap((folder) =>
    (JSON.parse(readFileSync(join(WORKBOOKS, folder, 'manifest.json'), 'utf8')) as ManifestEntry[]).map((entry) => ({ ...entry, path: join(WORKBOOKS, folder, entry.file) })),
  );
  // Checked row by row in src/core/features/imports/sheets/fixtures.test.ts; here: that they answer.
  const excelStyle = readdirSync(IMPORT_FIXTURES)
    .filter((name) => /\.(csv|tsv|txt|xlsx)$/.test(name))
    .map((name): CorpusFile => ({ file: name, writer: 'Excel-style fixtures (make-text.ts, write-excel-file)', features: [], expect: { answer: true }, path: join(IMPORT_FIXTURES, name) }));
  return [...generated, ...excelStyle];
}

const KEY = randomUUID();
let sim: Simulator;
let work: string;
const env = (): NodeJS.ProcessEnv => ({ ...process.env, QUAYSIDE_DATA_DIR: join(work, 'cache'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TEAM_URL: undefined });

beforeAll(async () => {
  sim = await startSimulator({ accounts: [{ apiKey: KEY, credits: 1000 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-corpus-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

function describeAnswer(answer: DryRunAnswer): string {
  if ('preview' in answer) return `preview: ${answer.preview.accepted} accepted from "${answer.preview.sheet}"`;
  if ('sentence' in answer) return `${answer.sentence.code}: ${answer.sentence.message}`;
  return `UNEXPECTED ${answer.unexpected}`;
}

describe('the workbook corpus through quayside import --dry-run', () => {
  it('at least 100 files from at least three writers, each answered with a preview or one sentence', async () => {
    const files = corpus();
    const writers = new Map<string, number>();
    for (const file of files) writers.set(file.writer, (writers.get(file.writer) ?? 0) + 1);
    console.log(`corpus: ${files.length} files; ${[...writers].map(([writer, n]) => `${writer}: ${n}`).join('; ')}`);
    expect(files.length).toBeGreaterThanOrEqual(100);
    expect(writers.size).toBeGreaterThanOrEqual(3);

    const answers = await dryRunAll(files.map((f) => f.path), env(), 2);
    const wrong: string[] = [];
    for (const [i, file] of files.entries()) {
      const answer = answers[i]!;
      const label = `${file.path.slice(WORKBOOKS.length - 'workbooks'.length)}: ${describeAnswer(answer)}`;
      if ('unexpected' in answer) {
        wrong.push(label);
        continue;
      }
      if ('sentence' in answer) {
        const { message } = answer.sentence;
        if (message.includes('\n') || !/[.?]$/.test(message) || message.length > 400) wrong.push(`${label} (not one sentence)`);
      }
      const expected = file.expect;
      if ('sentence' in expected && !('sentence' in answer && answer.sentence.code === expected.sentence)) wrong.push(`${label} (expected ${expected.sentence})`);
      if ('preview' in expected) {
        if (!('preview' in answer)) {
          wrong.push(`${label} (expected a preview)`);
          continue;
        }
        const got = { accepted: answer.preview.accepted, rejected: answer.preview.rejected.length, duplicates: answer.preview.duplicates, sheet: answer.preview.sheet };
        for (const [key, value] of Object.entries(expected.preview)) {
          if (got[key as keyof typeof got] !== value) wrong.push(`${label} (expected ${key} ${String(value)}, got ${String(got[key as keyof typeof got])})`);
        }
      }
    }
    expect(wrong).toEqual([]);

    // Sheets that hold no rows are listed, each said once among the preview's notes.
    const everyKind = answers[files.findIndex((f) => f.path.endsWith('openpyxl/every-kind.xlsm'))]!;
    expect(everyKind).toMatchObject({
      preview: {
        sheets: ['Shipments', 'Dialog1', 'Old list', 'Chart1', 'Macro1'],
        warnings: [
          "Sheet 'Dialog1' holds an Excel 5 dialog, not rows; it was not read.",
          "Sheet 'Chart1' holds a chart, not rows; it was not read.",
          "Sheet 'Macro1' holds Excel 4.0 macros, not rows; it was not read.",
        ],
      },
    });
  }, 300_000);

  it('the real CLI: a workbook with a chart sheet, one with a macro sheet, one with only a chart sheet', async () => {
    const cli = (file: string, ...more: string[]) => runCli(['import', join(WORKBOOKS, file), '--dry-run', ...more], { env: env() as Record<string, string | undefined> });
    const [chart, macro, onlyChart, chartByName] = await Promise.all([
      cli('openpyxl/chart-after-data.xlsx'),
      cli('openpyxl/macro-sheet.xlsm'),
      cli('openpyxl/only-chart.xlsx'),
      cli('openpyxl/chart-after-data.xlsx', '--sheet', 'Chart1'),
    ]);
    expect(chart.code, chart.stderr).toBe(0);
    expect(chart.stdout).toContain('5 to track');
    expect(chart.stdout).toContain("note: Sheet 'Chart1' holds a chart, not rows; it was not read.");
    expect(macro.code, macro.stderr).toBe(0);
    expect(macro.stdout).toContain('5 to track');
    expect(macro.stdout).toContain("note: Sheet 'Macro1' holds Excel 4.0 macros, not rows; it was not read.");
    expect([onlyChart.code, onlyChart.stdout, onlyChart.stderr]).toEqual([
      1,
      '',
      "This workbook has no worksheet, only a chart sheet, 'Chart1', so there are no rows to import; copy the references into a worksheet in Excel and save it again, or export them as CSV.\n",
    ]);
    expect([chartByName.code, chartByName.stderr]).toEqual([1, "Sheet 'Chart1' holds a chart, not rows; choose its worksheet 'Shipments'.\n"]);
  }, 120_000);
});
