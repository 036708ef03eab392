/**
 * A simulator of the tracking service, over real HTTP on 127.0.0.1 for tests and benchmarks, or in
 * process with no port (`listen: false`, answered through its `fetch`) for the app's sample data.
 *
 * Where the service's interface says "not shown" (or leaves room) it makes one choice and keeps
 * to it: error bodies, which status answers what, not-found references, the batch's timings, rate
 * limits and Retry-After, webhooks and their deliveries, injected faults. docs/testing.md ("The
 * simulator") lists them. Event dates are naive, generated around the current time, and `actual`
 * is decided at read time, so untouched shipments progress as real time passes. With `habits` the
 * ETAs fall short of the real arrival by the carrier's habit (habits.ts); `pastVoyages` gives an
 * account months of arrived voyages (past-voyages.ts, past-records.ts).
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
   * default; for the sample data and the performance figures.
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
