/** The e2e helpers themselves: seeding (both sources), the stack's key, and the build check. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFile } from '../../../src/core/platform/paths.js';
import { buildRenderer as buildIfStale } from '../../../src/harness/renderer-build.js';
import { openData } from '../../../src/core/data/index.js';
import { buildRenderer, rendererIsStale, seedCache, startStack, type Stack } from './index.js';

const dirs: string[] = [];
let stack: Stack | null = null;

afterEach(async () => {
  await stack?.close();
  stack = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('seedCache', () => {
  it('cache only: writes n shipments shaped like the service, searchable, with their raw payloads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quayside-seed-'));
    dirs.push(dir);
    const pages: number[] = [];
    const result = await seedCache(dir, 1_234, { onProgress: (stored) => pages.push(stored) });
    expect(result.shipments).toBe(1_234);
    expect(pages).toEqual([500, 1000, 1234]);
    const store = openData(cacheFile(dir));
    try {
      expect(store.read.countShipments()).toBe(1_234);
      const [row] = store.read.listShipmentRows({ limit: 1 });
      expect(row!.trackingId).toMatch(/^[0-9a-f-]{36}$/);
      expect(store.read.countShipments({ search: row!.reference })).toBeGreaterThanOrEqual(1);
      expect(store.read.rawPayloads(row!.id).length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
    // The same seed gives the same shipments: a second cache is identical in references.
    const again = mkdtempSync(join(tmpdir(), 'quayside-seed-'));
    dirs.push(again);
    await seedCache(again, 50);
    const a = openData(cacheFile(dir));
    const b = openData(cacheFile(again));
    try {
      const refs = (s: typeof a) => new Set(s.read.listShipmentRows({ limit: 2000 }).map((r) => r.reference));
      const small = refs(b);
      const big = refs(a);
      expect([...small].every((r) => big.has(r))).toBe(true);
    } finally {
      a.close();
      b.close();
    }
  });

  it('with the simulator: the cache mirrors the account, so a sync adds no shipment', async () => {
    stack = await startStack({ shipments: 10, cached: { count: 0 } });
    // Written by this process while the engine has the cache open, as a second desk's CLI would.
    const seeded = await seedCache(stack.dataDir, 620, { sim: stack.sim });
    expect(seeded.shipments).toBe(630);
    const list = await stack.call('shipments.list', { offset: 0, limit: 3 });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.total).toBe(630);
    for (const row of list.value.rows) expect(stack.sim.control.shipment(stack.apiKey, row.trackingId!)?.track_number).toBe(row.reference);
    await stack.sync();
    expect(await stack.call('shipments.list', { offset: 0, limit: 1 })).toMatchObject({ ok: true, value: { total: 630 } });
  });
});

describe('startStack', () => {
  it('puts the key in the memory store unless told not to', async () => {
    stack = await startStack({ shipments: 0, credits: 7 });
    expect(await stack.call('credits.refresh')).toMatchObject({ ok: true, value: { remaining: 7 } });
    await stack.close();
    stack = await startStack({ shipments: 0, withKey: false });
    expect(await stack.call('credits.refresh')).toMatchObject({ ok: false, error: { code: 'no-key' } });
  });
});

describe('buildRenderer', () => {
  it('leaves an up-to-date build alone', async () => {
    await buildRenderer();
    expect(rendererIsStale()).toBe(false);
    // Past the once-per-process memo: the build itself sees nothing to do.
    expect(await buildIfStale()).toBe(false);
  }, 120_000);
});
