import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/core/context.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { columnUpdates, runImport, validateImport } from '../../src/core/features/imports/index.js';
import { openCore } from '../../src/engine/open-core.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from './make-references.js';

/*
 * The same sheet sent again with updated POs or promised dates. The changes are worked
 * out from the cache (no request to the service), applied in one go, and cost nothing; references
 * that are new in the sheet are tracked, one credit each.
 */
const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let work: string;
let core: Core;

type Row = [container: string, customer: string, po: string, promised: string];
const sheet = (name: string, rows: readonly Row[]): string => {
  const file = join(work, name);
  writeFileSync(file, ['Container,Customer,PO,Promised date', ...rows.map((r) => r.join(','))].join('\r\n'));
  return file;
};
const trackingRequests = () => {
  const { requests } = sim.control.stats(KEY);
  return (requests['POST /v2/tracking/batch'] ?? 0) + (requests['GET /v2/tracking'] ?? 0);
};
const allRequests = () => Object.values(sim.control.stats(KEY).requests).reduce((a, n) => a + n, 0);
const fieldsOf = (reference: string) => {
  const active = core.read.findActive('container', reference);
  return active ? core.read.fields.values(active.id) : null;
};

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 1_000, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-reimport-'));
  core = openCore({ dataDir: join(work, 'desk'), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: SCALE }).core;
});
afterAll(async () => {
  await core.scheduler.close();
  core.close();
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a sheet imported again', () => {
  const numbers = containerNumbers(8, 710_000);
  let tracked: string[] = [];

  it('updates changed columns at no credit, with no request to the service, and keeps what a blank cell left', { timeout: 60_000 }, async () => {
    const first = numbers.slice(0, 6).map((n, i): Row => [n, 'ACME GmbH', `PO-${1000 + i}`, '2025-03-01']);
    const report = await runImport(core, sheet('first.csv', first));
    tracked = numbers.slice(0, 6).filter((n) => core.read.findActive('container', n) !== null);
    expect(tracked.length).toBe(report.found);
    expect(tracked.length).toBeGreaterThan(2);

    // Sent again: the first shipment's PO changed, the second's promised date moved, the third's customer cell is empty.
    const [a, b, c] = tracked as [string, string, string];
    const again = first.filter(([n]) => tracked.includes(n)).map(([n, customer, po, promised]): Row => {
      if (n === a) return [n, customer, 'PO-1044', promised];
      if (n === b) return [n, customer, po, '2025-03-09'];
      if (n === c) return [n, '', po, promised];
      return [n, customer, po, promised];
    });
    const file = sheet('again.csv', again);
    const requestsBefore = allRequests();
    const { creditsSpent } = sim.control.stats(KEY);
    const poBefore = fieldsOf(a)!.po;

    // Listed first, and listing changes nothing.
    const listed = columnUpdates(core.read, (await validateImport(core, file)).alreadyTracked);
    expect(listed.map((u) => ({ reference: u.reference, changes: u.changes }))).toEqual([
      { reference: a, changes: [{ field: 'po', from: poBefore, to: 'PO-1044' }] },
      { reference: b, changes: [{ field: 'Promised date', from: '2025-03-01', to: '2025-03-09' }] },
    ]);
    expect(listed[0]!.message).toBe(`PO: ${poBefore} → PO-1044`);
    expect(fieldsOf(a)!.po).toBe(poBefore);

    const changed: (number[] | null)[] = [];
    const off = core.events.on('shipments.changed', (e) => changed.push(e.ids));
    const applied = await runImport(core, file);
    off();
    expect(applied).toMatchObject({ state: 'done', accepted: 0, submitted: 0, alreadyTracked: tracked.length, updated: 2, creditsSpent: 0 });
    expect(applied.updatedRows.map((r) => [r.reference, r.changes])).toEqual([
      [a, `PO: ${poBefore} → PO-1044`],
      [b, 'Promised date: 2025-03-01 → 2025-03-09'],
    ]);
    // Nothing asked of the service: no tracking request, no credit, not even a balance reading.
    expect(allRequests()).toBe(requestsBefore);
    expect(sim.control.stats(KEY).creditsSpent).toBe(creditsSpent);
    // The window hears which shipments changed.
    expect(changed).toEqual([[core.read.findActive('container', a)!.id, core.read.findActive('container', b)!.id]]);

    expect(fieldsOf(a)).toEqual({ customer: 'ACME GmbH', po: 'PO-1044', 'Promised date': '2025-03-01' });
    expect(fieldsOf(b)).toMatchObject({ 'Promised date': '2025-03-09' });
    // A blank cell erases nothing.
    expect(fieldsOf(c)).toMatchObject({ customer: 'ACME GmbH' });
    // And the table's filter by import shows the updated shipments.
    const shown = core.read.listShipments({ importJobId: applied.jobId, limit: 50 }).map((s) => s.reference);
    expect(shown.sort()).toEqual([a, b].sort());
  });

  it('a mixed sheet: the new references cost one credit each, the updated ones nothing', { timeout: 60_000 }, async () => {
    const [a] = tracked as [string];
    const fresh = numbers.slice(6);
    const rows: Row[] = [[a, 'ACME GmbH', 'PO-2000', '2025-03-01'], ...fresh.map((n, i): Row => [n, 'Northwind', `PO-${3000 + i}`, '2025-04-01'])];
    const file = sheet('mixed.csv', rows);
    const before = sim.control.stats(KEY);
    const trackingBefore = trackingRequests();
    const report = await runImport(core, file);
    expect(report).toMatchObject({ state: 'done', accepted: 2, submitted: 2, updated: 1 });
    const after = sim.control.stats(KEY);
    expect(after.creditsSpent - before.creditsSpent).toBe(report.found);
    expect(report.creditsSpent).toBe(report.found);
    // One batch for the two new references; the updated one was never sent.
    expect(trackingRequests() - trackingBefore).toBe(1);
    expect(after.trackingRequestsByReference[a] ?? 0).toBe(before.trackingRequestsByReference[a] ?? 0);
    expect(fieldsOf(a)!.po).toBe('PO-2000');
  });
});
