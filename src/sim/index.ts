/**
 * A simulator of the tracking service of the service's interface over real HTTP on 127.0.0.1, for tests and
 * benchmarks, or in process with no port (`listen: false`, answered through its `fetch`) for the
 * app's sample data.
 *
 * Choices where the service's interface says "not shown" (or leaves room):
 * - Error bodies: `{success:false, data:null, status:'ERROR', status_description}`.
 * - Unknown or missing api_key: 401, but 403 on POST/GET /v2/tracking/batch. Checked after
 *   routing (unknown path: 404) and before rate limits. /v2/webhook-event-types needs a key.
 * - Violations answered 400: company=AUTO with bl/bk ("a carrier SCAC is required"), unknown
 *   SCAC, a carrier without bk support asked for a booking, bad type/value, bad query values
 *   (page, limit, status, need_route), note over 40 characters or not a string, fields
 *   other than `note` in PATCH /v2/shipments/{id}, a batch outside 1..500 items or with any
 *   invalid item (the whole batch is refused, naming the item), an unknown or expired
 *   task_id. Unknown shipment or webhook id in the path: 404.
 * - Result statuses besides OK and INFO_NOT_FOUND: `CREDITS_EXHAUSTED` (success false,
 *   data null) when a new reference needs a credit and none is left.
 * - Not found (success true, INFO_NOT_FOUND, data null): ~7% of references by hash, container
 *   numbers failing ISO 6346, anything containing NOTFOUND. Never charged, never stored.
 * - Records are keyed by (type, reference). Tracking an ARCHIVED reference again reactivates
 *   the same record (same permanent id), charges a credit and restarts its 72-hour window.
 * - DELETE /v2/shipments: an empty list is accepted; at most 500 ids; unknown ids are ignored.
 *   The refund window is 72 real hours from created_at (not scaled); ageShipment backdates created_at.
 * - Batch: CREATED ~1 s, HANDLING ~3 s + 10 ms per item, then PROCESSED (all / timeScale);
 *   credits are charged when processed; `results` is [] until then; results are shuffled;
 *   tasks are kept 6 h / timeScale, then (or after expireTask) task_id gives 400.
 * - Rate limits: sliding logs per key; rejected requests do not count; Retry-After is the
 *   ceiling of the real wait in whole seconds (at least 1), so at high time scales it
 *   overstates the wait. Other endpoints are not limited. `strictRateLimits`: counted on
 *   arrival (before the service time and faults), rejected requests counted too.
 * - Stored records and GET /v2/shipments: `tracking_metadata` is null inside
 *   `tracked_item.data.data`; `route_info` is null unless need_route=true, and null for
 *   ~8% of references and every UNKNOWN shipment. Route `type` is always `sea`; Pacific
 *   paths cross the antimeridian as raw coordinates (+180 to -180).
 * - end_date = created_at + 90 days. Location and terminal ids are global catalogue ids.
 * - Webhooks: at most 10 per account; POST needs callback_url (http/https) and event_types
 *   (known types, non-empty); is_active defaults to true; unknown body fields give 400.
 *   Secrets are 16 random bytes as base64url (22 characters).
 * - Deliveries: payloads use the tracking.delivered shape for all types; `changes` items are
 *   {field, old_value, new_value}; api_version `2024-06-01`. Retries after 5 s, 30 s, 2 min,
 *   10 min (/ timeScale), up to 5 attempts; a 429's Retry-After is honoured (/ timeScale).
 *   The 10 s response timeout is real time. No HTTP answer is recorded as http_status 0.
 *   Test sends are one attempt, recorded in the delivery list like any delivery. A delivery
 *   whose webhook is deleted or made inactive before a retry ends as failed.
 * - Events fire only from control calls: moveEta (eta_update), addEvent (history_update),
 *   setShipmentStatus DELIVERED (delivered), autoArchive (auto_archiving), emit (any).
 * - Injected faults (failNext, rate503, malformedRate) answer before any handling: no
 *   credits, no records, no rate-limit slot. They are counted in stats.requests.
 * - Event and summary dates are naive, generated around the current time; `actual` is
 *   decided at read time, so untouched shipments progress as real time passes.
 * - With `habits: true` the expected dates from the vessel arrival on are the carrier's ETA,
 *   short of the real arrival by the carrier's habit (habits.ts), less so in the last days; the
 *   actual events still happen at the real times. Accounts with `pastVoyages` hold months of
 *   arrived voyages with their ETAs seen over time (past-voyages.ts, past-records.ts).
 */
import type { AddressInfo } from 'node:net';
import { BatchTasks } from './batch.js';
import { SimContext } from './context.js';
import { createControl, type AccountSpec, type SimControl } from './control.js';
import { FaultInjector, type FaultSettings } from './faults.js';
import { createSimHandler, createSimServer, inProcessFetch } from './server.js';
import { DeliveryEngine } from './webhook-delivery.js';

export type { SimStats } from './accounts.js';

export const DEFAULT_API_KEY = '11111111-2222-4333-8444-555555555555';

export interface SimOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Divides every window, delay and retention. Default 1 (`npm run sim` reads QUAYSIDE_TIME_SCALE). */
  timeScale?: number;
  seed?: number;
  accounts?: AccountSpec[];
  /** False turns the section 8 rate limits off. */
  rateLimits?: boolean;
  /**
   * A strict server (the limits on): each request to a limited endpoint is counted when it
   * arrives, before its service time (`faults.latencyMs`) and any injected fault, and a rejected
   * request counts too (so a 429 pushes the next slot further out). Default false: counted when
   * handled, rejected requests not counted.
   */
  strictRateLimits?: boolean;
  faults?: FaultSettings;
  /**
   * The carriers' habits (habits.ts) in the ETAs of the shipments on the way: a carrier that is
   * habitually late shows an ETA short of the real arrival (less so in the last days). Off by
   * default (every test's data stays as it was); for the sample data and the performance figures.
   */
  habits?: boolean;
  /**
   * False opens no port: the simulator answers only through `fetch` (the sample data's
   * transport; nothing on the machine or in a browser can reach it). Default true.
   */
  listen?: boolean;
}

/** The address of an in-process simulator: never resolved, only its `fetch` answers it. */
const IN_PROCESS_URL = 'https://sample-data.quayside.invalid';

export interface Simulator {
  /** `http://127.0.0.1:PORT`, without `/v2` (IN_PROCESS_URL when not listening). */
  url: string;
  /** 0 when not listening. */
  port: number;
  /** Calls the simulator's handler directly, without a socket (for any of its URLs). */
  fetch: typeof fetch;
  seed: number;
  timeScale: number;
  control: SimControl;
  /**
   * False stops listening, so connections are refused as when the network is gone (the
   * client sees ECONNREFUSED: nothing was sent); true listens again on the same port.
   * State is kept.
   */
  setReachable(reachable: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startSimulator(options: SimOptions = {}): Promise<Simulator> {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0)) throw new Error(`timeScale must be positive, got ${timeScale}`);
  const seed = options.seed ?? 1;
  const ctx = new SimContext(seed, timeScale, options.rateLimits ?? true, options.strictRateLimits ?? false, options.habits ?? false);
  const batches = new BatchTasks(ctx);
  const engine = new DeliveryEngine(ctx);
  const faults = new FaultInjector(seed, options.faults);
  const control = createControl(ctx, batches, engine, faults);
  for (const spec of options.accounts ?? [{ apiKey: DEFAULT_API_KEY, credits: 1000, shipments: 0 }]) {
    control.addAccount(spec);
  }
  const handler = createSimHandler({ ctx, batches, deliveries: engine }, faults);
  let reachable = true;
  const fetch = inProcessFetch(handler, () => reachable);
  if (options.listen === false) {
    return {
      url: IN_PROCESS_URL,
      port: 0,
      seed,
      timeScale,
      control,
      fetch,
      setReachable: async (next) => {
        reachable = next;
      },
      close: async () => {
        reachable = false;
        ctx.close();
      },
    };
  }
  const server = createSimServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seed,
    timeScale,
    control,
    fetch,
    setReachable: (next) =>
      new Promise<void>((resolve, reject) => {
        if (next === reachable) return resolve();
        reachable = next;
        if (!next) {
          server.close(() => resolve());
          server.closeAllConnections();
          return;
        }
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        ctx.close();
        if (!reachable) return resolve();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
