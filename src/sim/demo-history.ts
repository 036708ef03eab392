/**
 * A past for the demo's shipments: before the demo cache's first sync, the snapshots Quayside
 * would have received over the last three weeks are written through the store's own write path
 * with their past times, so the change log (ETA moves, new events, status changes), the plans as
 * first seen and the Attention view are full on first start. The stories are in demo-stories.ts.
 * Besides the simulator's shipments, one reference a person tracked that the carrier never found
 * (a mistyped check digit) waits in the cache. The past voyages carry the customer column an
 * import would have given them (a sample customer, every fourth none), for the Performance view's
 * customer filter.
 *
 * Written only into a cache without shipments: an existing demo folder keeps its own history.
 */
import type { Page, ShipmentRecord } from '../core/platform/api/types.js';
import type { Cache } from '../core/context.js';
import { containerCheckDigit } from '../shared/iso6346.js';
import { DEMO_CUSTOMERS, DEMO_CUSTOMER_COLUMN } from './demo-customers.js';
import { chooseStories, pastRecord } from './demo-stories.js';
import type { Simulator } from './index.js';

/**
 * Arrived voyages of the last nine months on the demo's lanes, drawn from the carriers' habits
 * (past-voyages.ts): enough for the Performance view's figures and a likely arrival per carrier.
 */
export const DEMO_PAST_VOYAGES = 400;

/** A past voyage's customer: one of the sample customers, every fourth voyage none (as real sheets leave some out). */
function demoCustomerOf(reference: string): string | null {
  let sum = 0;
  for (const ch of reference) sum = (sum * 31 + ch.charCodeAt(0)) % 1_000_003;
  const pick = sum % (DEMO_CUSTOMERS.length + 1);
  return pick < DEMO_CUSTOMERS.length ? DEMO_CUSTOMERS[pick]!.rule.name : null;
}

/** References only the demo cache holds (tracked, never found): the simulator seeds this many fewer. */
export const DEMO_LOCAL_REFERENCES = 1;

const NOT_FOUND_FIRST10 = 'MSKU482915';
/** A Maersk box with its check digit mistyped. */
export const DEMO_NOT_FOUND_REFERENCE = `${NOT_FOUND_FIRST10}${(containerCheckDigit(NOT_FOUND_FIRST10) + 1) % 10}`;

type Entry =
  | { kind: 'record'; at: string; record: ShipmentRecord }
  | { kind: 'not-found'; at: string; reference: string; scac: string };

export interface DemoHistory {
  /** Parts played and by which references, for the log and tests. */
  readonly parts: readonly { part: string; reference: string }[];
  /** Writes the past into the cache when it holds no shipment yet, in one write; returns how many snapshots it wrote. */
  write(cache: Cache, log: (line: string) => void): number;
}

async function activeRecords(sim: Simulator, apiKey: string): Promise<ShipmentRecord[]> {
  const url = new URL('/v2/shipments', sim.url);
  url.search = new URLSearchParams({ api_key: apiKey, page: '1', limit: '500', status: 'ACTIVE' }).toString();
  const response = await sim.fetch(url);
  if (!response.ok) throw new Error(`the simulator answered ${response.status} to the shipments list`);
  const body = (await response.json()) as { data: Page<ShipmentRecord> };
  return body.data.data;
}

/**
 * Chooses the stories from the simulator's shipments (steering it where a story needs a present
 * the generator does not give) and builds every past snapshot. Never rejects: without the list,
 * the demo simply has no past.
 */
export async function prepareDemoHistory(sim: Simulator, apiKey: string, now: () => number = Date.now): Promise<DemoHistory> {
  const nowMs = now();
  let entries: Entry[] = [];
  let parts: { part: string; reference: string }[] = [];
  let failure: string | null = null;
  try {
    // The past voyages still on the list (arrived in the last days) play no story.
    const past = new Set(sim.control.pastVoyages(apiKey).map((v) => v.reference));
    const active = (await activeRecords(sim, apiKey)).filter((r) => !past.has(r.track_number));
    const stories = chooseStories(active, sim.control, apiKey, nowMs);
    parts = stories.map((s) => ({ part: s.part, reference: s.record.track_number }));
    for (const story of stories) {
      for (const stage of story.stages) entries.push({ kind: 'record', ...pastRecord(story.record, stage, nowMs) });
    }
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
    entries = [];
  }
  const pastSnapshots = sim.control.pastSnapshots(apiKey);
  const pastReferences = new Set(pastSnapshots.map((s) => s.record.track_number));
  for (const s of pastSnapshots) entries.push({ kind: 'record', at: s.at, record: s.record });
  for (const daysAgo of [5.2, 2.4]) {
    entries.push({ kind: 'not-found', at: new Date(nowMs - daysAgo * 86_400_000).toISOString(), reference: DEMO_NOT_FOUND_REFERENCE, scac: 'MAEU' });
  }
  parts.push({ part: 'not found', reference: DEMO_NOT_FOUND_REFERENCE });
  // In time order across shipments, so the change log's order is the order Quayside saw them in.
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  return {
    parts,
    write(cache, log) {
      if (failure !== null) log(`Sample data: no past for the shipments (${failure}).`);
      if (cache.read.countShipments() > 0) return 0;
      let customers = 0;
      cache.write((store) => {
        customers = 0;
        // The snapshots between two not-found answers in one batch (in time order, as one by one):
        // each shipment's search entry and the raw payloads' dictionary are made once per batch.
        let batch: { record: ShipmentRecord; raw: string; at: string }[] = [];
        const pastVoyages = new Map<number, string>();
        const flush = () => {
          if (batch.length === 0) return;
          const results = store.recordShipmentSnapshots(batch);
          batch.forEach((entry, i) => {
            const id = results[i]?.shipmentId;
            if (id !== undefined && pastReferences.has(entry.record.track_number)) pastVoyages.set(id, entry.record.track_number);
          });
          batch = [];
        };
        for (const entry of entries) {
          if (entry.kind === 'record') {
            batch.push({ record: entry.record, raw: JSON.stringify(entry.record), at: entry.at });
          } else {
            flush();
            const result = {
              success: true,
              data: null,
              status: 'INFO_NOT_FOUND',
              status_description: `No tracking information was found for container ${entry.reference}`,
              request: { track_number: { type: 'container', value: entry.reference }, company: entry.scac },
            };
            store.recordTrackingResult({ reference: entry.reference, type: 'container', scac: entry.scac, result, raw: JSON.stringify(result), source: 'tracking', checkedAt: entry.at });
          }
        }
        flush();
        for (const [id, reference] of pastVoyages) {
          const customer = demoCustomerOf(reference);
          if (customer === null) continue;
          store.fields.set(id, { [DEMO_CUSTOMER_COLUMN]: customer });
          customers++;
        }
      });
      log(`Sample data: ${pastSnapshots.length} snapshots of ${DEMO_PAST_VOYAGES} past voyages, ${customers} of them with their customer.`);
      log(`Sample data: ${entries.length - pastSnapshots.length} snapshots of the last three weeks for ${parts.length} shipments (${parts.map((p) => p.part).join(', ')}).`);
      return entries.length;
    },
  };
}
