import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { runCli } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let work: string;

const CONTRACT_KEYS = ['file', 'rows', 'accepted', 'rejected', 'duplicates', 'alreadyTracked', 'submitted', 'batches', 'found', 'notFound', 'failed', 'creditsEstimated', 'creditsSpent'];

function env(dataDir: string) {
  return { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) };
}

async function importJson(args: string[], dataDir: string) {
  const run = await runCli(['import', ...args, '--json'], { env: env(dataDir), timeoutMs: 120_000 });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown> & { rejected: { row: number; value: string; reason: string }[] };
}

const batchPosts = () => sim.control.stats(KEY).requests['POST /v2/tracking/batch'] ?? 0;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 100_000, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-import-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('quayside import', () => {
  it('a dry run reports every row and sends nothing', async () => {
    const dataDir = join(work, 'dry');
    const posts = batchPosts();
    const report = await importJson(['test/fixtures/import/wrong-check-digit.csv', '--dry-run'], dataDir);
    for (const key of CONTRACT_KEYS) expect(report).toHaveProperty(key);
    expect(report.submitted).toBe(0);
    expect(report.rejected.length).toBeGreaterThan(0);
    expect(report.rejected[0]).toMatchObject({ reason: expect.stringMatching(/check digit/) });
    expect(batchPosts()).toBe(posts);
  });

  it('a binary file, an empty file and a missing file each get one sentence saying what to do', async () => {
    const dataDir = join(work, 'bad');
    const cases: [string, RegExp][] = [
      ['test/fixtures/import/binary.csv', /binary data, not text; save the spreadsheet/],
      ['test/fixtures/import/empty.csv', /The file is empty; export the spreadsheet again/],
      [join(work, 'no-such.csv'), /there is no such file; check the path/],
    ];
    for (const [file, message] of cases) {
      const run = await runCli(['import', file], { env: env(dataDir) });
      expect(run.code, file).toBe(1);
      expect(run.stderr.trim()).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    const jobs = JSON.parse((await runCli(['jobs', '--json'], { env: env(dataDir) })).stdout) as unknown[];
    expect(jobs).toEqual([]);
  });

  it('tracks a spreadsheet through batches: every reference gets an outcome, one credit per found reference', async () => {
    const dataDir = join(work, 'real');
    const file = join(work, 'customers.csv');
    writeReferenceCsv(file, 1200, 300000);
    const spentBefore = sim.control.stats(KEY).creditsSpent;
    const report = await importJson([file], dataDir);
    expect(report).toMatchObject({ rows: 1200, accepted: 1200, submitted: 1200, batches: 3, duplicates: 0, alreadyTracked: 0 });
    expect((report.found as number) + (report.notFound as number) + (report.failed as number)).toBe(1200);
    expect(report.found as number).toBeGreaterThan(1000);
    expect(report.creditsSpent).toBe(report.found);
    expect(sim.control.stats(KEY).creditsSpent - spentBefore).toBe(report.found);
    // Imported columns are kept per shipment and searchable.
    const pena = JSON.parse((await runCli(['list', '--search', 'Peña Foods', '--json'], { env: env(dataDir) })).stdout) as Shipment[];
    expect(pena.length).toBe(300);
    // …and usable as filters, and shown with the shipment.
    const byCustomer = JSON.parse((await runCli(['list', '--field', 'customer=peña foods', '--json'], { env: env(dataDir) })).stdout) as Shipment[];
    expect(byCustomer.map((s) => s.id).sort()).toEqual(pena.map((s) => s.id).sort());
    expect(byCustomer[0]!.fields).toMatchObject({ customer: 'Peña Foods', po: expect.stringMatching(/^PO-\d+$/) });

    // The same file again costs nothing for what is tracked; not-found references are retried free.
    const again = await importJson([file], dataDir);
    expect(again.alreadyTracked).toBe(report.found);
    expect(again.creditsEstimated).toBe(report.notFound);
    expect(sim.control.stats(KEY).creditsSpent - spentBefore).toBe(report.found);
    const jobs = JSON.parse((await runCli(['jobs', '--json'], { env: env(dataDir) })).stdout) as { jobId: number; state: string }[];
    expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    // The report of a job, one CSV line per row of the sheet, for sending on.
    const csv = (await runCli(['jobs', String(jobs[1]!.jobId), '--csv'], { env: env(dataDir) })).stdout.trim().split('\r\n');
    expect(csv[0]).toBe('row,value,reference,type,carrier,state,outcome,message,suggestion');
    expect(csv).toHaveLength(1201);
    expect(csv.filter((l) => l.includes(',done,OK,')).length).toBe(report.found);
  });

  it('refuses an import the balance does not cover, and with --yes tracks only what fits', async () => {
    const dataDir = join(work, 'budget');
    const file = join(work, 'twenty.csv');
    writeReferenceCsv(file, 20, 400000);
    const credits = sim.control.credits(KEY);
    sim.control.setCredits(KEY, 5);
    try {
      const posts = batchPosts();
      const refused = await runCli(['import', file], { env: env(dataDir) });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/needs up to 20 credits and the account has 5; nothing was sent/);
      expect(batchPosts()).toBe(posts);
      const report = await importJson([file, '--yes'], dataDir);
      expect(report).toMatchObject({ accepted: 20, submitted: 5, overBudget: 15 });
    } finally {
      sim.control.setCredits(KEY, credits);
    }
  });

  it('never cuts a sheet silently: a container listed twice with two POs is named with both, refused without --yes, the later kept with it', async () => {
    const dataDir = join(work, 'twice');
    const file = join(work, 'twice.csv');
    writeFileSync(file, 'Container,Customer,PO\r\nMSKU1234565,ACME,PO-4502\r\nCMAU3000014,ACME,PO-1\r\nMSKU1234565,ACME,PO-4520\r\nCMAU3000014,ACME,PO-1\r\n');
    const dry = await importJson([file, '--dry-run'], dataDir);
    expect(dry.duplicateRows).toEqual([
      {
        row: 4, value: 'MSKU1234565', firstRow: 2, reference: 'MSKU1234565',
        differences: [{ field: 'po', firstValue: 'PO-4502', value: 'PO-4520', values: [{ row: 2, value: 'PO-4502' }, { row: 4, value: 'PO-4520' }], kept: 'PO-4520', keptRow: 4 }],
      },
      // Identical to row 3: tracked once.
      { row: 5, value: 'CMAU3000014', firstRow: 3, reference: 'CMAU3000014', differences: [] },
    ]);

    const posts = batchPosts();
    const refused = await runCli(['import', file], { env: env(dataDir) });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('row 4: MSKU1234565: same as row 2; tracked once; PO: row 2 "PO-4502", row 4 "PO-4520"; "PO-4520" kept (row 4)');
    expect(refused.stderr).toMatch(/1 repeated row of this sheet holds other values .*; nothing was sent or changed\. Pass --yes to keep the later row's values/);
    expect(batchPosts()).toBe(posts);
    expect(JSON.parse((await runCli(['jobs', '--json'], { env: env(dataDir) })).stdout)).toEqual([]);

    const yes = await runCli(['import', file, '--yes', '--json'], { env: env(dataDir), timeoutMs: 120_000 });
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stderr).toContain("Kept the later row's values for 1 repeated row (--yes); the other values are in the report.");
    const report = JSON.parse(yes.stdout) as { jobId: number; duplicateRows: { row: number; message?: string; differences?: unknown[] }[] };
    const said = report.duplicateRows.find((d) => d.row === 4)!;
    expect(said.message).toBe('same as row 2; tracked once; PO: row 2 "PO-4502", row 4 "PO-4520"; "PO-4520" kept (row 4)');
    expect(said.differences).toHaveLength(1);
    expect(report.duplicateRows.find((d) => d.row === 5)!.message).toBe('same as row 3');
    // What is stored is what was kept; the other value is in the job's report for good.
    const [shipment] = JSON.parse((await runCli(['list', '--search', 'MSKU1234565', '--json'], { env: env(dataDir) })).stdout) as Shipment[];
    expect(shipment!.fields).toEqual({ customer: 'ACME', po: 'PO-4520' });
    const stored = JSON.parse((await runCli(['jobs', String(report.jobId), '--json'], { env: env(dataDir) })).stdout) as typeof report;
    expect(stored.duplicateRows.find((d) => d.row === 4)!.message).toContain('row 2 "PO-4502"');
  });

  it('survives SIGKILL in the middle of an import: resume finishes it, no reference lost, no credit spent twice', async () => {
    const dataDir = join(work, 'killed');
    const file = join(work, 'six-thousand.csv');
    const numbers = writeReferenceCsv(file, 6000, 500000);
    const spentBefore = sim.control.stats(KEY).creditsSpent;
    const child = spawn(process.execPath, ['bin/quayside.mjs', 'import', file, '--json'], { env: { ...process.env, ...env(dataDir) }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Kill once some batches are at the service and some answers are stored, but not all.
    const dbFile = join(dataDir, 'quayside.db');
    let caughtMidway = false;
    for (let i = 0; i < 600 && !caughtMidway; i++) {
      await new Promise((r) => setTimeout(r, 25));
      try {
        const db = new Database(dbFile, { readonly: true, fileMustExist: true });
        const tasks = db.prepare('SELECT count(*) FROM batch_tasks').pluck().get() as number;
        const done = db.prepare("SELECT count(*) FROM import_items WHERE state = 'done'").pluck().get() as number;
        db.close();
        caughtMidway = tasks >= 3 && done < 6000;
      } catch {
        // not created yet
      }
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(caughtMidway).toBe(true);

    const resumed = await runCli(['resume', '--json'], { env: env(dataDir), timeoutMs: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const [report] = JSON.parse(resumed.stdout) as Record<string, number>[];
    expect(report).toMatchObject({ accepted: 6000, state: 'done' });
    expect(report!.found! + report!.notFound! + report!.failed!).toBe(6000);
    expect(report!.failed).toBe(0);

    const db = new Database(dbFile, { readonly: true });
    const outcomes = db.prepare("SELECT reference, count(*) AS n FROM import_items WHERE state = 'done' GROUP BY reference").all() as { reference: string; n: number }[];
    db.close();
    expect(outcomes).toHaveLength(6000);
    expect(new Set(outcomes.map((o) => o.reference))).toEqual(new Set(numbers));
    // Every found reference paid for exactly once at the service.
    expect(sim.control.stats(KEY).creditsSpent - spentBefore).toBe(report!.found);
    const again = await runCli(['resume', '--json'], { env: env(dataDir) });
    expect(JSON.parse(again.stdout)).toEqual([]);
  }, 120_000);
});
