/**
 * Sample data for a first look without a key: the simulator in process, answering through a
 * `fetch` that calls its handler directly (no port is opened, so no other program or web page
 * can reach it), with a funded account of a few hundred shipments, its key in memory only, and
 * the cache in `<data folder>/demo`, apart from the real one. Used by the desktop shell
 * (File → Explore with Sample Data, the first-run button) and the web harness's --demo.
 */
import { join } from 'node:path';
import { MemorySecretStore, apiKeyAccount, type SecretStore } from '../core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator } from './index.js';
import { addDemoCustomers, addDemoPromises } from './demo-customers.js';
import { DEMO_LOCAL_REFERENCES, DEMO_PAST_VOYAGES, prepareDemoHistory } from './demo-history.js';
import type { AppRuntime } from '../engine/runtime.js';
import { syncShipments } from '../core/features/sync/index.js';

/** The demo cache's shipments: the tracked ones, and the months of past voyages the Performance view reads. */
export const DEMO_SHIPMENTS = 300 + DEMO_PAST_VOYAGES;
const DEMO_CREDITS = 500;

export interface DemoBackend {
  dataDir: string;
  apiBase: string;
  /** The transport to the in-process simulator: the API client's fetch. */
  fetch: typeof fetch;
  secrets: SecretStore;
  /** Fills the demo cache from the simulator (first sync) and reads the balance; never rejects. */
  fill(runtime: AppRuntime, log: (line: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function demoDataDir(dataDir: string): string {
  return join(dataDir, 'demo');
}

export async function startDemoBackend(options: { dataDir: string; timeScale?: number }): Promise<DemoBackend> {
  // The simulator's own key: its shipments (and so the stories of the past) are generated from it.
  // Nothing outside this process can reach the simulator, so a known key opens nothing.
  const apiKey = DEFAULT_API_KEY;
  const sim = await startSimulator({ accounts: [{ apiKey, credits: DEMO_CREDITS, shipments: DEMO_SHIPMENTS - DEMO_PAST_VOYAGES - DEMO_LOCAL_REFERENCES, pastVoyages: DEMO_PAST_VOYAGES }], timeScale: options.timeScale, listen: false });
  const history = await prepareDemoHistory(sim, apiKey);
  const secrets = new MemorySecretStore();
  await secrets.set(apiKeyAccount(sim.url), apiKey);
  return {
    dataDir: demoDataDir(options.dataDir),
    apiBase: sim.url,
    fetch: sim.fetch,
    secrets,
    async fill(runtime, log) {
      try {
        // The past first: the write path takes snapshots in time order.
        history.write(runtime.core, log);
      } catch (err) {
        log(`Sample data: their past could not be written: ${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        const done = await syncShipments(runtime.core);
        log(`Sample data: ${done.shipments} shipments from the built-in simulator.`);
        await runtime.dispatch('credits.refresh', undefined);
      } catch (err) {
        log(`Sample data could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        await addDemoCustomers(runtime, log);
        await addDemoPromises(runtime, log);
      } catch (err) {
        log(`Sample data: the customers could not be added: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    close: () => sim.close(),
  };
}
