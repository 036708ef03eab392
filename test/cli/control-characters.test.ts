/**
 * Text the CLI did not write (a note from the service, a customer's cell, an import report's
 * value) reaches the terminal without its escape sequences: the real CLI in a child process on a
 * real cache. JSON keeps the text exact (escaped by JSON.stringify).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData } from '../../src/core/data/index.js';
import { containerNumber, shipmentRecord, trackingData, uuidFor } from '../helpers/store-fixtures.js';
import { runCli } from './run-cli.js';
import { cacheDb } from '../support/cache-db.js';

const NOTE = 'ok\x1b]0;owned\x07\x1b[2J\x9b1m';
const CUSTOMER = 'ACME\x1b]8;;http://evil.example\x07GmbH\x1b]8;;\x07\r\x1b[1A';
// eslint-disable-next-line no-control-regex -- what must not reach a terminal (tab, LF, and CR in a CSV are the CLI's own)
const TERMINAL_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

let work: string;
let dataDir: string;
let reference: string;
let jobId: number;
const cli = (args: string[]) => runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir } });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-control-'));
  dataDir = join(work, 'data');
  reference = containerNumber('MSKU123456');
  const store = openData(cacheFile(dataDir));
  try {
    const record = shipmentRecord({ id: uuidFor(1), reference, data: trackingData({ eta: '2026-12-04T14:00:00', trackingId: null }), note: NOTE });
    store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], '2026-11-20T10:00:00.000Z'));
    store.write((tx) => tx.fields.set(store.read.getShipment(uuidFor(1))!.id, { customer: CUSTOMER }));
    jobId = Number(cacheDb(store).prepare(`INSERT INTO import_jobs (created_at, source_name, state, summary) VALUES (?, ?, 'done', ?)`).run('2026-11-20T10:00:00.000Z', 'acme\x1b[31m.csv', JSON.stringify({ rows: 1, creditsEstimated: 0 })).lastInsertRowid);
    cacheDb(store).prepare(`INSERT INTO import_items (job_id, row_number, reference, value, state, message) VALUES (?, 2, ?, ?, 'rejected', 'not a container')`).run(jobId, CUSTOMER, CUSTOMER);
  } finally {
    store.close();
  }
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the CLI prints no terminal control it did not write', () => {
  it('show, list, jobs and jobs --csv: the text is there, its escape sequences are not', async () => {
    const runs = {
      show: await cli(['show', reference]),
      list: await cli(['list']),
      jobs: await cli(['jobs']),
      report: await cli(['jobs', String(jobId)]),
      csv: await cli(['jobs', String(jobId), '--csv']),
    };
    for (const [name, run] of Object.entries(runs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout, name).not.toMatch(TERMINAL_CONTROL);
      expect(run.stderr, name).not.toMatch(TERMINAL_CONTROL);
    }
    expect(runs.show.stdout).toContain('Note         ok');
    expect(runs.show.stdout).toContain('ACMEGmbH');
    expect(runs.list.stdout).toContain(reference);
    expect(runs.csv.stdout).toContain('\r\n2,"ACMEGmbH","ACMEGmbH",');
    expect(runs.csv.stdout.replace(/\r\n/g, '')).not.toContain('\r');
  });

  it('--json keeps the text exact', async () => {
    const run = await cli(['show', reference, '--json']);
    const shipment = JSON.parse(run.stdout) as { note: string; fields: Record<string, string> };
    expect(shipment.note).toBe(NOTE);
    expect(shipment.fields.customer).toBe(CUSTOMER);
    expect(run.stdout).not.toContain('\x1b');
  });
});
