import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerNumber } from '../../../../test/helpers/store-fixtures.js';
import { openCore } from '../../../engine/open-core.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../sim/index.js';
import type { Core } from '../../context.js';
import { MemorySecretStore } from '../../platform/secrets/index.js';
import { AHEAD } from './pages-ahead.js';
import { syncShipments, type SyncProgress } from './sync.js';

const KEY = DEFAULT_API_KEY;
/** Six pages of the ACTIVE list. */
const SHIPMENTS = 2800;

describe('a sync reads the lists while it writes them', () => {
  let sim: Simulator;
  let dir: string;
  let core: Core;
  /** The pages of GET /v2/shipments asked so far, as "ACTIVE 3". */
  let asked: string[];
  /** Awaited before a page asked goes to the service. */
  let beforeAsking: (page: string) => Promise<void>;

  beforeEach(async () => {
    sim = await startSimulator({ timeScale: 50, accounts: [{ apiKey: KEY, credits: 500, shipments: SHIPMENTS }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-sync-'));
    asked = [];
    beforeAsking = async () => undefined;
    const watching: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/v2/shipments') {
        const page = `${url.searchParams.get('status')} ${url.searchParams.get('page')}`;
        asked.push(page);
        await beforeAsking(page);
      }
      return fetch(input, init);
    };
    core = openCore({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: 50, fetch: watching }).core;
  });

  /** Tracks `count` new containers at the service (at the head of its ACTIVE list); their numbers. */
  function trackNew(count: number): string[] {
    const tracked: string[] = [];
    for (let n = 0; tracked.length < count && n < count * 10; n++) {
      const value = containerNumber(`QSYU${String(700_000 + n).padStart(6, '0')}`);
      if (sim.control.track(KEY, { type: 'container', value, company: 'AUTO' }).status === 'OK') tracked.push(value);
    }
    expect(tracked).toHaveLength(count);
    return tracked;
  }

  afterEach(async () => {
    core.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has asked for the next pages of a list before it stores one, and no more than AHEAD of them', async () => {
    const seen: { progress: SyncProgress; asked: string[] }[] = [];
    await syncShipments(core, (progress) => seen.push({ progress, asked: [...asked] }));
    const active = seen.filter((s) => s.progress.status === 'ACTIVE');
    expect(active).toHaveLength(6);
    for (const { progress, asked: before } of active) {
      if (progress.page < 6) expect(before).toContain(`ACTIVE ${progress.page + 1}`);
      expect(before).not.toContain(`ACTIVE ${progress.page + AHEAD + 1}`);
    }
    expect(core.read.countShipments({ status: 'ACTIVE' })).toBe(SHIPMENTS);
  });

  it('a shipment tracked elsewhere while the lists are read is in the cache when the sync ends', async () => {
    let tracked: string | null = null;
    const done = await syncShipments(core, (progress) => {
      if (tracked !== null || progress.status !== 'ACTIVE' || progress.page !== 1) return;
      // Page 1 is read: a shipment created now goes to the head of the list, before what was read.
      tracked = trackNew(1)[0]!;
    });
    expect(tracked).not.toBeNull();
    expect(core.read.getShipment(tracked!)).not.toBeNull();
    expect(core.read.countShipments({ status: 'ACTIVE' })).toBe(SHIPMENTS + 1);
    // The list changed size while it was read: nothing is taken for removed at the service.
    expect(done.removed).toBe(0);
  });

  it('when shipments created meanwhile push the oldest onto a page past the end, that page is read too', async () => {
    let grown = false;
    beforeAsking = async (page) => {
      if (grown || page !== 'ACTIVE 6') return;
      grown = true;
      // 300 on the last page, 201 more: the list is 7 pages when the last is answered, after the next list was asked.
      trackNew(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    await syncShipments(core);
    expect(asked).toContain('ACTIVE 7');
    expect(asked.indexOf('ACTIVE 7')).toBeGreaterThan(asked.indexOf('ARCHIVED 1'));
    expect(core.read.countShipments({ status: 'ACTIVE' })).toBe(SHIPMENTS + 201);
  });
});
