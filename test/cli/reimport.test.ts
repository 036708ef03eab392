import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli } from './run-cli.js';

/*
 * In the terminal: `quayside import` of a sheet already imported, with an updated PO and
 * promised date, lists the column changes and applies them; `--dry-run` lists them and changes
 * nothing. No request reaches the service and no credit is spent. The real CLI in a child process.
 */
const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let work: string;
let dataDir: string;

const env = () => ({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) });
const cli = async (args: string[]) => {
  const run = await runCli(args, { env: env(), timeoutMs: 60_000 });
  expect(run.code, run.stderr).toBe(0);
  return run;
};
const allRequests = () => Object.values(sim.control.stats(KEY).requests).reduce((a, n) => a + n, 0);
const sheet = (name: string, rows: readonly string[][]) => {
  const file = join(work, name);
  writeFileSync(file, ['Container;Customer;PO;Promised', ...rows.map((r) => r.join(';'))].join('\r\n'));
  return file;
};

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 1_000, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-cli-reimport-'));
  dataDir = join(work, 'data');
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('quayside import of a sheet sent again', () => {
  it('lists the column changes (--dry-run changes nothing), then applies them: no request, no credit', { timeout: 120_000 }, async () => {
    const numbers = containerNumbers(6, 820_000);
    const rows = numbers.map((n, i) => [n, 'ACME GmbH', `PO-${1000 + i}`, '2025-03-01']);
    await cli(['import', sheet('week-11.csv', rows), '--json']);
    const tracked = (JSON.parse((await cli(['list', '--json'])).stdout) as Shipment[]).filter((s) => s.outcome === 'OK' && s.status === 'ACTIVE');
    expect(tracked.length).toBeGreaterThan(1);
    const [a, b] = tracked.map((s) => s.reference) as [string, string];
    const poOfA = rows.find((r) => r[0] === a)![2]!;

    // Week 12 lists the shipments tracked: A's PO changed, B's promised date moved and its customer cell left empty.
    const week12 = rows.filter((r) => tracked.some((s) => s.reference === r[0]));
    const again = sheet(
      'week-12.csv',
      week12.map((r) => (r[0] === a ? [r[0]!, r[1]!, 'PO-1044', r[3]!] : r[0] === b ? [r[0]!, '', r[2]!, '2025-03-09'] : r)),
    );
    const requests = allRequests();
    const { creditsSpent } = sim.control.stats(KEY);

    const dry = JSON.parse((await cli(['import', again, '--dry-run', '--json'])).stdout) as Record<string, unknown>;
    expect(dry).toMatchObject({ dryRun: true, accepted: 0, alreadyTracked: tracked.length, updated: 2 });
    expect(dry.changes).toEqual([
      { row: week12.findIndex((r) => r[0] === a) + 2, reference: a, field: 'po', from: poOfA, to: 'PO-1044' },
      { row: week12.findIndex((r) => r[0] === b) + 2, reference: b, field: 'Promised', from: '2025-03-01', to: '2025-03-09' },
    ]);
    const text = (await cli(['import', again, '--dry-run'])).stdout;
    expect(text).toContain(`${a}: PO: ${poOfA} → PO-1044`);
    expect(text).toMatch(/2 shipments already tracked would be updated with new column values \(no credit; a blank cell erases nothing\)/);
    expect(text).toMatch(/Dry run: nothing was sent or changed\. .* update 2 shipments at no cost\./);
    const byOldPo = JSON.parse((await cli(['list', '--field', `po=${poOfA}`, '--json'])).stdout) as Shipment[];
    expect(byOldPo.map((s) => s.reference)).toEqual([a]);

    const applied = JSON.parse((await cli(['import', again, '--json'])).stdout) as Record<string, unknown> & { updatedRows: unknown[] };
    expect(applied).toMatchObject({ state: 'done', accepted: 0, submitted: 0, updated: 2, alreadyTracked: tracked.length, creditsSpent: 0 });
    expect(applied.changes).toEqual(dry.changes);
    expect(applied.updatedRows).toHaveLength(2);
    // Listing, the dry runs and the update asked nothing of the service.
    expect(allRequests()).toBe(requests);
    expect(sim.control.stats(KEY).creditsSpent).toBe(creditsSpent);

    const [updatedA] = JSON.parse((await cli(['list', '--field', 'po=PO-1044', '--json'])).stdout) as Shipment[];
    expect(updatedA).toMatchObject({ reference: a, fields: { customer: 'ACME GmbH', po: 'PO-1044', Promised: '2025-03-01' } });
    const updatedB = JSON.parse((await cli(['show', b, '--json'])).stdout) as Shipment;
    // A blank customer cell erased nothing.
    expect(updatedB.fields).toMatchObject({ customer: 'ACME GmbH', Promised: '2025-03-09' });

    // The same sheet a third time: nothing left to change.
    const third = JSON.parse((await cli(['import', again, '--dry-run', '--json'])).stdout) as Record<string, unknown>;
    expect(third).toMatchObject({ updated: 0, changes: [] });
  });
});
