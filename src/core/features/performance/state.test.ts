/**
 * Carrier performance over a real cache: the simulator's past (months of voyages with the carriers'
 * habits) written as Quayside would have seen it, its shipments on the way synced through the API
 * client, then the figures, the likely arrivals in the table, and their update after a sync page.
 * What a person sees is compared with the same figures worked out from the whole history again.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Core } from '../../context.js';
import { cacheFile } from '../../platform/paths.js';
import { MemorySecretStore, apiKeyAccount } from '../../platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../sim/index.js';
import { syncShipments } from '../sync/index.js';
import { measurePerformance } from './measures.js';
import { performanceOf } from './state.js';
import { Names, historyOf } from './voyages.js';
import { updatePerformanceChoices } from './settings.js';

describe('carrier performance over a cache with a past', () => {
  let sim: Simulator;
  let core: Core;
  let dir: string;

  beforeAll(async () => {
    sim = await startSimulator({ listen: false, rateLimits: false, habits: true, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: 120, pastVoyages: 600 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-performance-'));
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    core = new Core({ dataDir: dir, apiBase: sim.url, secrets, fetch: sim.fetch });
    const past = sim.control.pastSnapshots(DEFAULT_API_KEY);
    core.write((tx) => tx.recordShipmentSnapshots(past.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
    await syncShipments(core);
  }, 120_000);

  afterAll(async () => {
    core?.close();
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The figures from every voyage's history read again, as a check on the kept facts. */
  function fromScratch(filters = {}) {
    const names = new Names();
    const ids = core.read.performance.voyageIds();
    return measurePerformance(core.read.performance.voyages(ids).map((r) => historyOf(r, names, null)), { filters });
  }

  it('gives the same figures as the whole history read again, and the habitually late carriers late', async () => {
    const state = performanceOf(core);
    const report = await state.report();
    expect(report).toEqual(fromScratch());
    expect(report.total.shipments).toBeGreaterThan(500);
    expect(report.inTransit).toBeGreaterThan(50);
    const msc = report.carriers.find((c) => c.carrier?.scac === 'MSCU')!;
    expect(msc.arrivalVsEta14.p50).toBeGreaterThanOrEqual(1);
    const filtered = await state.report({ carrier: 'MSCU', since: '2026-01-01' });
    expect(filtered).toEqual(fromScratch({ carrier: 'MSCU', since: '2026-01-01' }));
  });

  it('puts a likely arrival in the table beside the ETA it corrects, sortable, never from fewer than the minimum sample', async () => {
    const rows = core.read.listShipmentRows({ status: 'ACTIVE', sort: 'likely', limit: 500 });
    const banded = rows.filter((r) => r.likelyArrival !== null);
    expect(banded.length).toBeGreaterThan(20);
    // Soonest first, shipments without a band last.
    const likely = rows.map((r) => r.likelyArrival?.likely ?? '~');
    expect(likely).toEqual([...likely].sort());
    for (const r of banded) {
      const band = r.likelyArrival!;
      expect(band.pastShipments).toBeGreaterThanOrEqual(10);
      expect(band.earliest <= band.likely && band.likely <= band.latest).toBe(true);
      // The words of the detail say the same band.
      const detail = await performanceOf(core).shipment(r.id);
      expect(detail!.likely).toMatchObject({ kind: 'band', likely: band.likely, earliest: band.earliest, latest: band.latest });
    }
  });

  it('brings the figures and the likely arrival up to date after a sync page, from the shipments it changed', async () => {
    const state = performanceOf(core);
    const onTheWay = core.read.listShipmentRows({ status: 'ACTIVE', sort: 'likely', limit: 5 }).filter((r) => r.likelyArrival !== null);
    const moved = onTheWay[0]!;
    const before = moved.likelyArrival!;
    sim.control.moveEta(DEFAULT_API_KEY, moved.trackingId!, 3);
    const pages: number[][] = [];
    const stop = core.events.on('sync.page', ({ ids }) => pages.push(ids));
    await syncShipments(core);
    stop();
    expect(pages.flat()).toContain(moved.id);
    await state.refresh(pages.flat());
    const after = core.read.listShipmentRowsByIds([moved.id])[0]!.likelyArrival!;
    expect(after.likely > before.likely).toBe(true);
    expect(await state.report()).toEqual(fromScratch());
  });

  it('says nothing when the shipments read again move no figure, and tells the window once one does', async () => {
    const state = performanceOf(core);
    await state.report();
    const heard: unknown[] = [];
    const stop = core.events.on('performance.changed', (e) => heard.push(e));
    try {
      const lag = core.read.performance.snapshotLag();
      await state.refresh(core.read.performance.voyageIds().slice(0, 200));
      expect(heard).toEqual([]);
      expect(core.read.performance.snapshotLag()).toEqual(lag);
      const moving = core.read.listShipmentRows({ status: 'ACTIVE', sort: 'likely', limit: 5 }).find((r) => r.likelyArrival !== null)!;
      sim.control.moveEta(DEFAULT_API_KEY, moving.trackingId!, 2);
      const pages: number[][] = [];
      const off = core.events.on('sync.page', ({ ids }) => pages.push(ids));
      await syncShipments(core);
      off();
      await state.refresh(pages.flat());
      expect(heard).toEqual([{ likely: true }]);
      expect(await state.report()).toEqual(fromScratch());
    } finally {
      stop();
    }
  });

  it('gives the same figures, likely arrivals and back-test from a new engine (the kept facts read at once, in columns), and follows a sync page there', async () => {
    const first = performanceOf(core);
    const report = await first.report();
    const filtered = await first.report({ carrier: 'MSCU', since: '2026-01-01' });
    const backtest = await first.backtest();
    const likely = core.read.performance.likelyArrivals();
    expect(likely.length).toBeGreaterThan(20);
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    const other = new Core({ dataDir: dir, apiBase: sim.url, secrets, fetch: sim.fetch });
    try {
      const state = performanceOf(other);
      expect(await state.report()).toEqual(report);
      expect(await state.report({ carrier: 'MSCU', since: '2026-01-01' })).toEqual(filtered);
      expect(await state.backtest()).toEqual(backtest);
      expect(other.read.performance.likelyArrivals()).toEqual(likely);
      for (const { shipmentId } of likely.slice(0, 5)) expect(await state.shipment(shipmentId)).toEqual(await first.shipment(shipmentId));
      // Every voyage read again (those read at the start taken out as their columns say, put back as read now), and one ETA moved.
      const moved = likely[0]!;
      sim.control.moveEta(DEFAULT_API_KEY, core.read.listShipmentRowsByIds([moved.shipmentId])[0]!.trackingId!, 2);
      const pages: number[][] = [];
      const stop = other.events.on('sync.page', ({ ids }) => pages.push(ids));
      await syncShipments(other);
      stop();
      await state.refresh([...pages.flat(), ...other.read.performance.voyageIds()]);
      expect(await state.report()).toEqual(fromScratch());
      expect(await state.report({ carrier: 'MSCU', since: '2026-01-01' })).toEqual(fromScratch({ carrier: 'MSCU', since: '2026-01-01' }));
      expect(other.read.performance.likelyArrival(moved.shipmentId)!.likely > moved.likely).toBe(true);
    } finally {
      other.close();
    }
  });

  it('after a refresh of named shipments on a cache no one else wrote, the next ask does not look for changes again; after another write it does', async () => {
    const state = performanceOf(core);
    await state.ready();
    const look = vi.spyOn(core.read.performance, 'voyagesToRead');
    try {
      await state.refresh(core.read.performance.voyageIds().slice(0, 50));
      await state.report();
      expect(look).not.toHaveBeenCalled();
      core.write((tx) => tx.setSetting('performance.test', 'written'));
      await state.refresh(core.read.performance.voyageIds().slice(0, 5));
      await state.report();
      expect(look).toHaveBeenCalledTimes(1);
    } finally {
      look.mockRestore();
    }
  });

  it('forecasts every shipment on the way again when the minimum sample changes', async () => {
    updatePerformanceChoices(core, { minimumSample: 1000 });
    await performanceOf(core).settingsChanged();
    expect(core.read.listShipmentRows({ status: 'ACTIVE', limit: 500 }).every((r) => r.likelyArrival === null)).toBe(true);
    const detail = await performanceOf(core).shipment(core.read.listShipmentRows({ status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', limit: 1 })[0]!.id);
    expect(detail!.likely?.kind).toBe('none');
    updatePerformanceChoices(core, { minimumSample: 10 });
    await performanceOf(core).settingsChanged();
    expect(core.read.listShipmentRows({ status: 'ACTIVE', limit: 500 }).some((r) => r.likelyArrival !== null)).toBe(true);
  });

  it('tells the window when only the on-time window changed (every figure reads it, no likely arrival moves)', async () => {
    const state = performanceOf(core);
    expect((await state.report()).onTimeWithinDays).toBe(1);
    const heard: unknown[] = [];
    const stop = core.events.on('performance.changed', (e) => heard.push(e));
    try {
      updatePerformanceChoices(core, { onTimeWithinDays: 3 });
      await state.settingsChanged();
      expect(heard).toHaveLength(1);
      const report = await state.report();
      expect(report.onTimeWithinDays).toBe(3);
      expect(report.total.onTime.share!).toBeGreaterThan(0);
    } finally {
      stop();
      updatePerformanceChoices(core, { onTimeWithinDays: 1 });
      await state.settingsChanged();
    }
  });

  it('measures the likely arrival on the history itself: the back-test from the kept facts', async () => {
    const result = await performanceOf(core).backtest();
    expect(result.shipments).toBeGreaterThan(500);
    const seven = result.horizons.find((h) => h.daysBefore === 7)!;
    expect(seven.withBand).toBeGreaterThan(300);
    expect(seven.bandMae!).toBeLessThan(seven.carrierEtaMae!);
    expect(seven.coverage!).toBeGreaterThan(0.7);
  });

  it('forgets a shipment on the way removed from the cache at the next ask, and looks for removed ones only when the count of kept voyages moved', async () => {
    const state = performanceOf(core);
    const before = await state.report();
    const look = vi.spyOn(core.read.performance, 'notMeasured');
    try {
      // A write that removes nothing: the figures asked again do not look for removed shipments.
      core.write((tx) => tx.setSetting('performance.test', 'written again'));
      expect(await state.report()).toEqual(before);
      expect(look).not.toHaveBeenCalled();
      // The service deleted a shipment on the way (as the removal use case records it).
      const gone = core.read.listShipmentRowsByIds([core.read.performance.likelyArrivals()[0]!.shipmentId])[0]!;
      core.write((tx) => tx.applyDeletion({ deleted: [gone.trackingId!], archived: [] }));
      const after = await state.report();
      expect(look).toHaveBeenCalledTimes(1);
      expect(after.inTransit).toBe(before.inTransit - 1);
      expect(after).toEqual(fromScratch());
      expect(core.read.performance.likelyArrival(gone.id)).toBeNull();

      // Another process (a quayside command) records a deletion; a sync page of other shipments is
      // read here first: the next ask of the figures still finds the shipment gone.
      const secrets = new MemorySecretStore();
      await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
      const command = new Core({ dataDir: dir, apiBase: sim.url, secrets, fetch: sim.fetch });
      const alsoGone = core.read.listShipmentRowsByIds([core.read.performance.likelyArrivals()[0]!.shipmentId])[0]!;
      try {
        command.write((tx) => tx.applyDeletion({ deleted: [alsoGone.trackingId!], archived: [] }));
      } finally {
        command.close();
      }
      await state.refresh(core.read.performance.voyageIds().slice(0, 20));
      const later = await state.report();
      expect(later.inTransit).toBe(before.inTransit - 2);
      expect(later).toEqual(fromScratch());
    } finally {
      look.mockRestore();
    }
  });

  // (Last: it moves past errors the tests above measure.)
  it("forecasts again, once after a sync page, the other shipments' bands that lean on the past errors it changed, as a new engine forecasting every one would", async () => {
    // An engine of its own: the one above no longer holds what the other engine of the test above changed.
    const engine = async () => {
      const secrets = new MemorySecretStore();
      await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
      return new Core({ dataDir: dir, apiBase: sim.url, secrets, fetch: sim.fetch });
    };
    const desk = await engine();
    try {
      const state = performanceOf(desk);
      await state.ready();
      // A page of arrived voyages now of another carrier (every second one with past errors): their
      // errors move from their carrier's groups to another's, the all-carriers ones too.
      const page = desk.read.performance.measuredVoyages().filter((r) => r.state === 0 && r.samples?.some((x) => x !== null)).filter((_, i) => i % 2 === 0).map((r) => r.shipmentId);
      expect(page.length).toBeGreaterThan(100);
      const sync = new Database(cacheFile(dir));
      try {
        sync.prepare("UPDATE shipments SET carrier_scac = 'ZZZZ', carrier_name = 'Other Line' WHERE id IN (SELECT value FROM json_each(?))").run(JSON.stringify(page));
      } finally {
        sync.close();
      }
      const before = desk.read.performance.likelyArrivals();
      const told = new Promise<void>((resolve) => {
        const stop = desk.events.on('performance.changed', ({ likely }) => {
          if (!likely) return;
          stop();
          resolve();
        });
      });
      await state.refresh(page);
      // The page's own shipments arrived: no band moved yet; the others follow within a second or so.
      expect(desk.read.performance.likelyArrivals()).toEqual(before);
      await told;
      await state.ready();
      const after = desk.read.performance.likelyArrivals();
      expect(after).not.toEqual(before);
      const other = await engine();
      try {
        await performanceOf(other).ready();
        expect(other.read.performance.likelyArrivals()).toEqual(after);
      } finally {
        other.close();
      }
    } finally {
      desk.close();
    }
  });
});
