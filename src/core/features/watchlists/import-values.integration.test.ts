import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/contract/index.js';
import type { ImportColumnValues, ImportJobView, WatchlistView } from '../../../shared/contract/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../sim/index.js';
import { MemorySecretStore } from '../../platform/secrets/index.js';
import { createAppRuntime, type AppRuntime } from '../../../engine/runtime.js';

const TIME_SCALE = 50;
const SHEET = ['Container,Customer,PO', 'MSKU1234565,ACME,PO-1', 'CMAU3000014, acme ,PO-2', 'OOLU4200426,Globex,PO-3'].join('\r\n');

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('watchlists.importValues: the lists an import would give, before any is made', () => {
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  const call = (method: string, input?: unknown) => runtime.dispatch(method, input);

  beforeEach(async () => {
    sim = await startSimulator({ timeScale: TIME_SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 100, shipments: 0 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-import-values-'));
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', timeScale: TIME_SCALE, background: false });
    value(await call('settings.setKey', DEFAULT_API_KEY));
  });

  afterEach(async () => {
    await runtime.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the imported columns and groups a column the way fromImport does, saying which lists exist', async () => {
    writeFileSync(join(dir, 'week 12.csv'), SHEET);
    const file = value<{ fileId: string }>(await call('imports.open', { path: join(dir, 'week 12.csv') }));
    const job = value<ImportJobView>(await call('imports.start', { fileId: file.fileId }));
    for (let i = 0; i < 400; i++) {
      const jobs = value<ImportJobView[]>(await call('imports.jobs'));
      if (jobs.find((j) => j.jobId === job.jobId)?.state === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }

    // A saved filter of the same name is not topped up: fromImport makes a list beside it.
    value(await call('watchlists.create', { name: 'Globex', kind: 'filter', filter: { carrier: 'OOLU' } }));
    const first = value<ImportColumnValues>(await call('watchlists.importValues', { jobId: job.jobId }));
    expect(first.fields).toEqual(['customer', 'po']);
    expect(first.field).toBe('customer');
    expect(first.values).toEqual([
      { value: 'ACME', shipments: 2, existingList: false },
      { value: 'Globex', shipments: 1, existingList: false },
    ]);
    expect(value<WatchlistView[]>(await call('watchlists.list')).map((w) => w.name)).toEqual(['Globex']);

    const po = value<ImportColumnValues>(await call('watchlists.importValues', { jobId: job.jobId, field: 'po' }));
    expect(po.values.map((v) => v.value)).toEqual(['PO-1', 'PO-2', 'PO-3']);

    const made = value<WatchlistView[]>(await call('watchlists.fromImport', { jobId: job.jobId, field: 'customer' }));
    expect(made.map((w) => [w.name, w.count]).sort()).toEqual([['ACME', 2], [`Globex (import ${job.jobId})`, 1]]);
    const again = value<ImportColumnValues>(await call('watchlists.importValues', { jobId: job.jobId, field: 'customer' }));
    expect(again.values).toEqual([
      { value: 'ACME', shipments: 2, existingList: true },
      { value: 'Globex', shipments: 1, existingList: false },
    ]);
  });

  it('answers an unknown import with no columns, and refuses a bad job id', async () => {
    expect(value<ImportColumnValues>(await call('watchlists.importValues', { jobId: 999 }))).toEqual({ jobId: 999, fields: [], field: null, values: [] });
    const bad = await call('watchlists.importValues', { jobId: -1 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
