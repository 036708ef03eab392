import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { runCli, type CliRun } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let dataDir: string;
const outputs: CliRun[] = [];

async function cli(args: string[], extra: { env?: Record<string, string | undefined>; input?: string } = {}): Promise<CliRun> {
  const run = await runCli(args, {
    input: extra.input,
    env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE), ...extra.env },
  });
  outputs.push(run);
  return run;
}

const json = <T>(run: CliRun): T => {
  expect(run.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};

/** A container number the simulator finds (it answers every valid ISO 6346 number but ~7%). */
async function foundContainer(prefix: string): Promise<Shipment> {
  const { containerCheckDigit } = await import('../../src/shared/iso6346.js');
  for (let serial = 100000; serial < 100100; serial++) {
    const number = `${prefix}${serial}${containerCheckDigit(`${prefix}${serial}`)}`;
    const run = await cli(['track', number, '--json']);
    const shipment = json<Shipment>(run);
    if (shipment.outcome === 'OK') return shipment;
  }
  throw new Error('the simulator found no container');
}

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 100, shipments: 25 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-cli-'));
});

afterAll(async () => {
  await sim?.close();
  // The API key never reaches output or any file of the data directory.
  for (const run of outputs) {
    expect(run.stdout).not.toContain(KEY);
    expect(run.stderr).not.toContain(KEY);
  }
  for (const file of readdirSync(dataDir)) {
    expect(readFileSync(join(dataDir, file)).includes(Buffer.from(KEY)), file).toBe(false);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('quayside CLI against the simulator', () => {
  it('prints help and refuses an unknown command with a usage exit code', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/track <value>/);
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/quayside --help/);
  });

  it('credits --json gives the balance and when it was read', async () => {
    const credits = json<{ remaining: number; checkedAt: string }>(await cli(['credits', '--json']));
    expect(credits.remaining).toBe(100);
    expect(new Date(credits.checkedAt).toISOString()).toBe(credits.checkedAt);
  });

  it('carriers are fetched once and then served from the cache', async () => {
    const before = sim.control.stats(KEY).requests['GET /v2/companies'] ?? 0;
    const carriers = json<{ scac: string; bl: boolean }[]>(await cli(['carriers', '--json']));
    expect(carriers.find((c) => c.scac === 'MAEU')).toMatchObject({ scac: 'MAEU', bl: true });
    json(await cli(['carriers', '--json']));
    expect(sim.control.stats(KEY).requests['GET /v2/companies'] ?? 0).toBe(before + 1);
    const table = await cli(['carriers']);
    expect(table.stdout).toMatch(/SCAC\s+CARRIER/);
  });

  it('tracks a container once; the second lookup is from the cache and spends nothing', async () => {
    const shipment = await foundContainer('MSKU');
    // The JSON shape is a public contract: every field of the issue, always present.
    for (const key of ['id', 'trackingId', 'reference', 'type', 'carrier', 'status', 'shipmentStatus', 'outcome', 'note', 'origin', 'pol', 'pod', 'destination', 'eta', 'containers', 'currentPosition', 'lastCheckedAt', 'changes']) {
      expect(shipment).toHaveProperty(key);
    }
    expect(Object.keys(shipment.carrier).sort()).toEqual(['name', 'scac']);
    expect(Object.keys(shipment.containers[0]!.events[0]!).sort()).toEqual(['actual', 'date', 'location', 'status', 'statusCode', 'terminal', 'vessel', 'voyage']);
    expect(Object.keys(shipment.pol!).sort()).toEqual(['country', 'date', 'lat', 'lng', 'name', 'state', 'terminal']);
    expect(shipment.type).toBe('container');
    expect(shipment.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(shipment.containers.length).toBeGreaterThan(0);
    expect(shipment.eta).toBe(shipment.pod?.date ?? null);
    // Naive dates stay naive: no zone, no milliseconds added.
    for (const e of shipment.containers[0]!.events) expect(e.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const creditsAfter = json<{ remaining: number }>(await cli(['credits', '--json'])).remaining;
    const lookups = sim.control.stats(KEY).requests['GET /v2/tracking'];
    const again = await cli(['track', shipment.reference, '--json']);
    expect(json<Shipment>(again).trackingId).toBe(shipment.trackingId);
    expect(again.stderr).toMatch(/already tracked.*no credit spent/);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking']).toBe(lookups);
    expect(json<{ remaining: number }>(await cli(['credits', '--json'])).remaining).toBe(creditsAfter);
  });

  it('shows a reference the carrier has no data for as such, never as delivered', async () => {
    const run = await cli(['track', 'MSKU NOTFOUND'.replace(' ', ''), '--type', 'bl', '--carrier', 'MAEU']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/no data from the carrier yet/);
    expect(run.stdout).not.toMatch(/delivered(?!\))/i);
  });

  it('refuses AUTO with a B/L before anything is sent', async () => {
    const lookups = sim.control.stats(KEY).requests['GET /v2/tracking'] ?? 0;
    const run = await cli(['track', 'MAEU123456789', '--type', 'bl', '--carrier', 'AUTO']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/AUTO works for containers only/);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking'] ?? 0).toBe(lookups);
  });

  it("guesses a B/L's carrier from its prefix and says so; without --type it says what the number looks like", async () => {
    const lookups = sim.control.stats(KEY).requests['GET /v2/tracking'] ?? 0;
    const unsure = await cli(['track', 'MAEU246813579']);
    expect(unsure.code).toBe(1);
    expect(unsure.stderr).toMatch(/looks like a B\/L of .+ \(MAEU, from its first four letters\): pass --type bl/);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking'] ?? 0).toBe(lookups);
    const run = await cli(['track', 'MAEU246813579', '--type', 'bl', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(json<Shipment>(run).carrier.scac).toBe('MAEU');
    expect(run.stderr).toMatch(/Carrier .*MAEU.* guessed from the B\/L's first four letters; pass --carrier SCAC to choose another/);
  });

  it('sync reads every page without spending credits, and records an ETA move', async () => {
    const before = json<{ remaining: number }>(await cli(['credits', '--json'])).remaining;
    const first = json<{ shipments: number; pages: number }>(await cli(['sync', '--json']));
    expect(first.shipments).toBeGreaterThanOrEqual(25);
    const all = json<Shipment[]>(await cli(['list', '--json']));
    const target = all.find((s) => s.outcome === 'OK' && s.eta && s.status === 'ACTIVE')!;
    sim.control.moveEta(KEY, target.trackingId!, 3);
    const second = json<{ changes: number }>(await cli(['sync', '--json']));
    expect(second.changes).toBeGreaterThanOrEqual(1);
    const shown = json<Shipment>(await cli(['show', target.reference, '--json']));
    const moved = shown.changes.find((c) => c.kind === 'eta_moved');
    expect(moved?.from).toBe(target.eta);
    expect(moved?.to).toBe(shown.eta);
    expect(json<{ remaining: number }>(await cli(['credits', '--json'])).remaining).toBe(before);
  });

  it('lists with a status filter and a full-text search', async () => {
    const active = json<Shipment[]>(await cli(['list', '--status', 'ACTIVE', '--json']));
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((s) => s.status === 'ACTIVE')).toBe(true);
    const one = active.find((s) => s.pod)!;
    const found = json<Shipment[]>(await cli(['list', '--search', one.pod!.name.slice(0, 5), '--json']));
    expect(found.map((s) => s.id)).toContain(one.id);
    const table = await cli(['list', '--search', one.reference]);
    expect(table.stdout).toContain(one.reference);
    const bad = await cli(['list', '--status', 'DONE']);
    expect(bad.code).toBe(2);
  });

  it('sets and deletes a note; a 41-character note is refused before sending', async () => {
    const [target] = json<Shipment[]>(await cli(['list', '--status', 'ACTIVE', '--json']));
    const patches = () => Object.entries(sim.control.stats(KEY).requests).filter(([k]) => k.startsWith('PATCH')).reduce((n, [, v]) => n + v, 0);
    const set = json<Shipment>(await cli(['note', target!.reference, 'Customer ACME — urgent', '--json']));
    expect(set.note).toBe('Customer ACME — urgent');
    const sent = patches();
    const tooLong = await cli(['note', target!.reference, 'x'.repeat(41)]);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toMatch(/at most 40 characters; this one has 41/);
    expect(patches()).toBe(sent);
    const cleared = json<Shipment>(await cli(['note', String(target!.id), '', '--json']));
    expect(cleared.note).toBeNull();
  });

  it('remove says per record whether a credit comes back, then reports what the service did', async () => {
    const young = await foundContainer('CMAU');
    sim.control.setShipmentStatus(KEY, young.trackingId!, 'DELIVERED');
    const inTransit = await foundContainer('HLXU');
    sim.control.setShipmentStatus(KEY, inTransit.trackingId!, 'IN_TRANSIT');
    json(await cli(['sync', '--json']));
    const refused = await cli(['remove', young.reference]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--yes/);
    const before = json<{ remaining: number }>(await cli(['credits', '--json'])).remaining;
    const run = await cli(['remove', young.reference, inTransit.reference, '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${young.reference}\\s+deleted, 1 credit refunded`));
    expect(run.stdout).toMatch(new RegExp(`${inTransit.reference}\\s+archived, no refund`));
    expect(run.stdout).toMatch(/What the service did:[\s\S]*deleted[\s\S]*archived/);
    expect(json<{ remaining: number }>(await cli(['credits', '--json'])).remaining).toBe(before + 1);
    const gone = await cli(['show', young.reference]);
    expect(gone.code).toBe(1);
    expect(json<Shipment>(await cli(['show', inTransit.reference, '--json'])).status).toBe('ARCHIVED');
  });

  describe('webhooks', () => {
    let receiver: Server;
    let received = 0;
    let url = '';
    beforeAll(async () => {
      receiver = createServer((req, res) => {
        received++;
        req.resume();
        res.writeHead(200).end();
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    });
    afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

    it('creates, tests, regenerates the secret of, lists and deletes a webhook', async () => {
      const types = json<{ type: string }[]>(await cli(['webhooks', 'event-types', '--json']));
      expect(types.map((t) => t.type)).toContain('tracking.eta_update');
      const created = json<{ id: string; secret: string }>(await cli(['webhooks', 'create', '--url', url, '--events', 'tracking.eta_update,tracking.delivered', '--json']));
      expect(created.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const tested = json<{ success: boolean; http_status: number }>(await cli(['webhooks', 'test', created.id, '--json']));
      expect(tested).toMatchObject({ success: true, http_status: 200 });
      expect(received).toBeGreaterThanOrEqual(1);
      const updated = json<{ secret: string; is_active: boolean }>(await cli(['webhooks', 'update', created.id, '--regenerate-secret', '--inactive', '--json']));
      expect(updated.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(updated.secret).not.toBe(created.secret);
      expect(updated.is_active).toBe(false);
      const list = json<{ id: string; secret?: string }[]>(await cli(['webhooks', 'list', '--json']));
      expect(list.find((h) => h.id === created.id)?.secret).toBeUndefined();
      const deliveries = json<{ meta: { currentPage: number } }>(await cli(['webhooks', 'deliveries', '--status', 'delivered', '--json']));
      expect(deliveries.meta.currentPage).toBe(1);
      expect((await cli(['webhooks', 'delete', created.id])).code).toBe(1);
      json(await cli(['webhooks', 'delete', created.id, '--yes', '--json']));
      expect(json<{ id: string }[]>(await cli(['webhooks', 'list', '--json'])).find((h) => h.id === created.id)).toBeUndefined();
    });
  });

  describe('bad input gives one clear sentence and leaves the cache intact', () => {
    const countCached = async () => json<Shipment[]>(await cli(['list', '--json'])).length;

    it('a wrong key', async () => {
      const cached = await countCached();
      const run = await cli(['credits'], { env: { QUAYSIDE_API_KEY: randomUUID() } });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/refused the API key/);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(await countCached()).toBe(cached);
    });

    it('an unknown reference in the cache', async () => {
      const run = await cli(['show', 'ZZZU0000000']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/No shipment "ZZZU0000000" in the cache/);
    });

    it('malformed JSON from the service', async () => {
      const cached = await countCached();
      sim.control.failNext({ method: 'GET', path: '/v2/shipments', malformed: true });
      const run = await cli(['sync']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/malformed answer.*nothing was stored/);
      expect(await countCached()).toBe(cached);
    });

    it('a 429 with Retry-After is waited out for the whole bucket, then the command succeeds', async () => {
      sim.control.failNext({ method: 'GET', path: '/v2/apikey', status: 429, retryAfter: '2' });
      const started = Date.now();
      const credits = json<{ remaining: number }>(await cli(['credits', '--json']));
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(credits.remaining).toBeGreaterThan(0);
    });

    it('the service unreachable', async () => {
      const cached = await countCached();
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const port = (closed.address() as { port: number }).port;
      await new Promise<void>((r) => closed.close(() => r()));
      const run = await cli(['credits'], { env: { QUAYSIDE_API_BASE: `http://127.0.0.1:${port}` } });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/could not be reached \(ECONNREFUSED\)/);
      expect(await countCached()).toBe(cached);
    });

    it('a data directory that cannot be written', async () => {
      const file = join(dataDir, '..', `not-a-dir-${randomUUID()}`);
      writeFileSync(file, 'x');
      const run = await cli(['list'], { env: { QUAYSIDE_DATA_DIR: join(file, 'cache') } });
      rmSync(file);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/cannot write to/i);
      expect(run.stderr).toMatch(/--data-dir|QUAYSIDE_DATA_DIR/);
    });
  });
});
