/**
 * Fills a cache with shipments fast (100,000 in well under a minute), the way a sync would
 * store them: records shaped by the simulator's own generator (src/sim), read through the
 * client's schema, written with the data layer's `recordShipmentRecords` in pages of 500.
 *
 * Two sources:
 * - default, cache only: a private simulator state with the same seed, never served. The
 *   records look exactly like the service's, but the service (the running simulator) does not
 *   know them: fine for reading, searching and scrolling, not for acting on them.
 * - `sim` given: `count` shipments are added to that simulator's account, then every ACTIVE
 *   shipment of the account is copied from GET /v2/shipments (no rate limit, no credits), so
 *   notes, removal and sync act on records the service knows.
 *
 * Many cache-only shipments for several tests (100,000 take ~25 s): cachedFixture in
 * fixture-cache.ts seeds them once into a shared folder and copies the file into each test's.
 */
import type { ShipmentRecord } from '../../../src/core/platform/api/types.js';
import { pageSchema, shipmentRecordSchema } from '../../../src/core/platform/api/schemas.js';
import type { AppRuntime } from '../../../src/engine/runtime.js';
import { cacheFile } from '../../../src/core/platform/paths.js';
import { openData } from '../../../src/core/data/index.js';
import type { Cache } from '../../../src/core/context.js';
import { SimContext } from '../../../src/sim/context.js';
import { DEFAULT_API_KEY, type Simulator } from '../../../src/sim/index.js';
import { seedShipments } from '../../../src/sim/seed.js';
import { shipmentRecord } from '../../../src/sim/shipments.js';

const SEED_PAGE = 500;

export interface SeedOptions {
  /** Mirror the shipments into (and from) this simulator's account. */
  sim?: Simulator;
  /** The account in `sim`; default DEFAULT_API_KEY. */
  apiKey?: string;
  /** The generator's seed for the cache-only source (default 1, the simulator's default). */
  seed?: number;
  /** Generate route_info too (as a sync with need_route does); slower. Default: true with `sim`, false without. */
  routes?: boolean;
  /** When the pages were "received" (UTC ISO); default now. */
  checkedAt?: string;
  onProgress?: (stored: number, total: number) => void;
}

export interface SeedResult {
  /** Shipments written (with `sim`: every ACTIVE one of the account). */
  shipments: number;
  ms: number;
}

const recordsPage = pageSchema(shipmentRecordSchema);

function writePage(store: Cache, records: ShipmentRecord[], raws: string[], checkedAt: string): void {
  store.write((tx) => tx.recordShipmentRecords(records, raws, checkedAt));
}

async function seedFromSim(store: Cache, count: number, options: SeedOptions & { sim: Simulator }, checkedAt: string): Promise<number> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  if (count > 0) options.sim.control.seedShipments(apiKey, count);
  const routes = options.routes ?? true;
  let stored = 0;
  for (let page = 1, totalPages = 1; page <= totalPages; page++) {
    const url = new URL('/v2/shipments', options.sim.url);
    url.search = new URLSearchParams({ api_key: apiKey, page: String(page), limit: String(SEED_PAGE), status: 'ACTIVE', need_route: String(routes) }).toString();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`seedCache: GET /v2/shipments page ${page} answered HTTP ${response.status}`);
    const body = (await response.json()) as { data?: unknown };
    const parsed = recordsPage.parse(body.data);
    totalPages = parsed.meta.totalPages;
    writePage(store, parsed.data, parsed.data.map((r) => JSON.stringify(r)), checkedAt);
    stored += parsed.data.length;
    options.onProgress?.(stored, parsed.meta.totalItems);
  }
  return stored;
}

/**
 * The simulator's records are exactly what the client's schema makes of them (the schema only
 * fills defaults the generator already fills). Parsing 100,000 of them would double the time,
 * so the first page is parsed and compared in full, then one record in SAMPLE_EVERY; if the two
 * ever differ, every record is parsed from then on (the first page already was).
 */
const SAMPLE_EVERY = 100;

function seedLocally(store: Cache, count: number, options: SeedOptions, checkedAt: string): number {
  const ctx = new SimContext(options.seed ?? 1, 1, false);
  try {
    const account = ctx.addAccount(options.apiKey ?? DEFAULT_API_KEY, 0);
    seedShipments(ctx, account, count);
    const routes = options.routes ?? false;
    let parseAll = false;
    let records: ShipmentRecord[] = [];
    let raws: string[] = [];
    let index = 0;
    let stored = 0;
    const flush = () => {
      writePage(store, records, raws, checkedAt);
      stored += records.length;
      records = [];
      raws = [];
      options.onProgress?.(stored, count);
    };
    for (const row of account.shipments.values()) {
      const generated = shipmentRecord(ctx, row, routes);
      let record: ShipmentRecord = generated;
      let raw = JSON.stringify(generated);
      if (parseAll || index < SEED_PAGE || index % SAMPLE_EVERY === 0) {
        const parsed = shipmentRecordSchema.parse(generated);
        const parsedRaw = JSON.stringify(parsed);
        if (parsedRaw !== raw) {
          if (index >= SEED_PAGE && !parseAll) {
            throw new Error(`seedCache: record ${index} differs from what the client's schema makes of it, unlike the first ${SEED_PAGE}; the simulator's generator and src/core/api/schemas.ts disagree, look there.`);
          }
          parseAll = true;
        }
        record = parsed;
        raw = parsedRaw;
      }
      records.push(record);
      raws.push(raw);
      index++;
      if (records.length === SEED_PAGE) flush();
    }
    if (records.length > 0) flush();
    return stored;
  } finally {
    ctx.close();
  }
}

/**
 * Writes `count` shipments into the cache of `target`: a data folder (opened and closed here;
 * do it before the harness starts) or a running runtime (its own store, no second writer).
 */
export async function seedCache(target: string | Pick<AppRuntime, 'core'>, count: number, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const own = typeof target === 'string';
  const opened = own ? openData(cacheFile(target)) : null;
  const store: Cache = opened ?? (target as Pick<AppRuntime, 'core'>).core;
  const checkedAt = options.checkedAt ?? new Date().toISOString();
  try {
    const shipments = options.sim ? await seedFromSim(store, count, { ...options, sim: options.sim }, checkedAt) : seedLocally(store, count, options, checkedAt);
    return { shipments, ms: performance.now() - started };
  } finally {
    opened?.close();
  }
}
