import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJob } from '../../src/core/data/imports/jobs.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { runJob } from '../../src/core/features/imports/index.js';
import { Core } from '../../src/core/context.js';
import { validateSpreadsheet } from '../../src/core/features/imports/sheets/spreadsheet.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from '../import/make-references.js';
import { carrierDirectory } from '../../src/core/features/settings/index.js';
import { cacheDb } from '../support/cache-db.js';
import { openCore } from '../../src/engine/open-core.js';

const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let dir: string;
let service: Core;

async function newJob(count: number, start: number): Promise<number> {
  const csv = ['Container', ...containerNumbers(count, start)].join('\n');
  const report = await validateSpreadsheet({ bytes: Buffer.from(csv), name: 'list.csv' }, { carriers: (await carrierDirectory(service)).carriers });
  return createJob(cacheDb(service), { fileName: 'list.csv', sha256: null, report, budget: count, creditsBefore: null, now: new Date().toISOString() });
}

const itemStates = (jobId: number) =>
  cacheDb(service).prepare('SELECT state, count(*) AS n FROM import_items WHERE job_id = ? GROUP BY state').all(jobId) as { state: string; n: number }[];

beforeEach(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 10_000, shipments: 0 }] });
  dir = mkdtempSync(join(tmpdir(), 'quayside-poller-'));
  service = openCore({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: SCALE }).core;
});
afterEach(async () => {
  service.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('batch poller recovery', () => {
  it('a crash after the batch was sent but before its task id was stored: found references are not paid twice', async () => {
    const jobId = await newJob(300, 600000);
    const store = service.pollerStore();
    const items = store.queued(jobId, 500);
    // The batch reaches the service, then the process "dies" before taskCreated is stored.
    store.beginSubmission(jobId, items.map((i) => i.id));
    const { taskId } = await service.api().createBatch(items.map((i) => ({ company: i.company, type: i.type, value: i.reference })));
    while (sim.control.taskStatus(taskId) !== 'PROCESSED') await new Promise((r) => setTimeout(r, 20));
    const charged = sim.control.stats(KEY).creditsSpent;
    const foundAtService = charged;

    const report = await runJob(service, jobId);
    expect(report.found + report.notFound).toBe(300);
    expect(report.found).toBe(foundAtService);
    // The found ones were recognised in the shipments list, not resubmitted and not charged again.
    expect(sim.control.stats(KEY).creditsSpent).toBe(charged);
    expect(itemStates(jobId)).toEqual([{ state: 'done', n: 300 }]);
  });

  it('a task the service no longer knows is treated as gone: its references are checked, then resubmitted', async () => {
    const jobId = await newJob(120, 700000);
    const store = service.pollerStore();
    const items = store.queued(jobId, 500);
    store.beginSubmission(jobId, items.map((i) => i.id));
    const { taskId } = await service.api().createBatch(items.map((i) => ({ company: i.company, type: i.type, value: i.reference })));
    store.taskCreated(jobId, taskId, items.map((i) => i.id), Date.now());
    expect(sim.control.expireTask(taskId)).toBe(true);

    const report = await runJob(service, jobId);
    expect(report.found + report.notFound).toBe(120);
    expect(report.failed).toBe(0);
    expect(report.batches).toBe(2);
    // Whatever the expired task had tracked was found in the shipments list; the rest cost one credit each.
    expect(sim.control.stats(KEY).creditsSpent).toBe(report.found);
  });

  it('matches results by reference, not by position, whatever order the service answers in', async () => {
    const jobId = await newJob(40, 800000);
    const report = await runJob(service, jobId);
    const rows = cacheDb(service)
      .prepare(`SELECT i.reference, s.reference AS stored FROM import_items i JOIN shipments s ON s.id = i.shipment_id WHERE i.job_id = ?`)
      .all(jobId) as { reference: string; stored: string }[];
    expect(rows.length).toBe(40);
    for (const r of rows) expect(r.stored).toBe(r.reference);
    expect(report.found + report.notFound).toBe(40);
  });
});
