/**
 * `quayside attention` in a child process, on a cache filled by `quayside sync` from the simulator
 * over HTTP: the simulator moves an ETA, adds an arrival event and changes statuses, the next sync
 * records it, and the command shows the reasons, worst first, in the JSON docs/cli.md gives.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingData } from '../../src/core/platform/api/types.js';
import { acknowledge, updateFreeDays, type AttentionItem } from '../../src/core/features/attention/index.js';
import { addDays, daysBetween, deskToday, naiveDay } from '../../src/shared/naive-days.js';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData, type Data } from '../../src/core/data/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { formatNaive as shownNaive } from '../../src/shared/naive-date.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { DAY, formatNaive } from '../../src/sim/naive-time.js';
import { runCli, type CliRun } from '../cli/run-cli.js';

const KEY = randomUUID();
let sim: Simulator;
let dataDir: string;

const cli = (args: string[]) =>
  runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: '60' } });
const json = <T>(run: CliRun): T => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};
const attention = async (...extra: string[]) => json<AttentionItem[]>(await cli(['attention', '--json', ...extra]));
function withStore<T>(fn: (store: Data) => T): T {
  const store = openData(cacheFile(dataDir));
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

const parts: Record<'slipped' | 'stuck' | 'unknown' | 'arrived', Shipment> = {} as never;
let arrivedOn = '';

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 60, accounts: [{ apiKey: KEY, credits: 10, shipments: 60 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-attention-cli-'));
  expect((await cli(['sync'])).code).toBe(0);
  // Four shipments still at sea with their arrival ahead, each to be changed at the service.
  const shipments = json<Shipment[]>(await cli(['list', '--json'])).sort((a, b) => (a.reference < b.reference ? -1 : 1));
  const sailing = shipments.filter((s) => {
    const data = sim.control.trackingData(KEY, s.trackingId!) as TrackingData;
    const vad = data.containers[0]?.events.find((e) => e.status_code === 'VAD');
    return data.shipment_status === 'IN_TRANSIT' && vad !== undefined && !vad.actual && vad.date! > formatNaive(Date.now() + 5 * DAY);
  });
  expect(sailing.length).toBeGreaterThanOrEqual(4);
  [parts.slipped, parts.stuck, parts.unknown, parts.arrived] = sailing as [Shipment, Shipment, Shipment, Shipment];

  sim.control.moveEta(KEY, parts.slipped.trackingId!, 3);
  sim.control.setShipmentStatus(KEY, parts.stuck.trackingId!, 'STUCK');
  sim.control.setShipmentStatus(KEY, parts.unknown.trackingId!, 'HELD_BY_CUSTOMS');
  const data = sim.control.trackingData(KEY, parts.arrived.trackingId!)!;
  const vad = data.containers[0]!.events.find((e) => e.status_code === 'VAD')!;
  arrivedOn = formatNaive(Date.now() - 4 * DAY);
  sim.control.addEvent(KEY, parts.arrived.trackingId!, { ...vad, date: arrivedOn, location: data.summary.pod.location });
  expect((await cli(['sync'])).code).toBe(0);
}, 120_000);

afterAll(async () => {
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('quayside attention', () => {
  it('shows what the second sync saw: an ETA moved, a status changed, an arrival added', async () => {
    const items = await attention();
    const of = (s: Shipment) => items.find((i) => i.reference === s.reference);
    expect(of(parts.slipped)?.reasons).toEqual([
      expect.objectContaining({ kind: 'eta_slipped', acknowledged: false, detail: expect.stringContaining('moved 3 days later than when Quayside first saw it') }),
    ]);
    expect(of(parts.stuck)?.reasons.map((r) => r.kind)).toEqual(['stuck']);
    expect(of(parts.unknown)?.reasons[0]).toMatchObject({ kind: 'unknown_status', detail: expect.stringContaining('"HELD_BY_CUSTOMS"') });
    const ago = daysBetween(naiveDay(arrivedOn)!, deskToday(new Date()));
    expect(of(parts.arrived)?.reasons[0]).toMatchObject({
      kind: 'arrived_not_delivered',
      detail: expect.stringMatching(new RegExp(`^Arrived at .+ on ${shownNaive(arrivedOn)} \\(vessel arrival\\), ${ago} days ago; no delivery reported since\\.$`)),
    });
    expect(of(parts.slipped)).toMatchObject({
      trackingId: parts.slipped.trackingId,
      carrier: { scac: parts.slipped.carrier.scac, name: parts.slipped.carrier.name },
      pod: { name: parts.slipped.pod!.name, country: parts.slipped.pod!.country },
      lastFreeDay: null,
      daysLeft: null,
    });
    // Worst first: goods held before slips, slips before an unknown status.
    const order = [parts.arrived, parts.slipped, parts.unknown].map((s) => items.findIndex((i) => i.reference === s.reference));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('counts the free days from the arrival once they are set, and only then', async () => {
    withStore((store) => updateFreeDays(store, { carriers: { [parts.arrived.carrier.scac!]: 10 } }));
    const item = (await attention()).find((i) => i.reference === parts.arrived.reference)!;
    const lastFreeDay = addDays(naiveDay(arrivedOn)!, 9);
    expect(item).toMatchObject({ lastFreeDay, daysLeft: daysBetween(deskToday(new Date()), lastFreeDay) });
    expect(item.reasons[0]!.detail).toMatch(/Last free day \d{4}-\d{2}-\d{2}, \d+ days left\.$/);
  });

  it('leaves out what a person acknowledged, unless --all', async () => {
    withStore((store) => acknowledge(store, { shipmentId: parts.stuck.id, kind: 'stuck', comment: 'carrier asked', now: () => new Date() }));
    expect((await attention()).map((i) => i.reference)).not.toContain(parts.stuck.reference);
    const all = await attention('--all');
    expect(all.at(-1)).toMatchObject({ reference: parts.stuck.reference, reasons: [{ kind: 'stuck', acknowledged: true, acknowledgement: { comment: 'carrier asked' } }] });
    const text = await cli(['attention', '--all']);
    expect(text.stdout).toMatch(/Stuck, seen \d{4}-\d{2}-\d{2} \[handled \d{4}-\d{2}-\d{2}: carrier asked\]: The service says this shipment is stuck\./);
  });

  it('narrows to a watchlist, and says so in one sentence when there is none by that name', async () => {
    withStore((store) => store.write((tx) => tx.createWatchlist({ name: 'ACME', kind: 'list', shipmentIds: [parts.slipped.id] })));
    expect((await attention('--watchlist', 'ACME')).map((i) => i.reference)).toEqual([parts.slipped.reference]);
    const missing = await cli(['attention', '--watchlist', 'Nobody']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('There is no watchlist named "Nobody"; check its name in the Watchlists view.');
    expect(missing.stdout).toBe('');
  });
});
