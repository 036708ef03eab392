/** The simulator in its own thread, so its CPU time is not counted against the app's. */
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulator } from '../../src/sim/index.js';

const { apiKey, credits, timeScale, latencyMs, shipments } = workerData as { apiKey: string; credits: number; timeScale: number; latencyMs?: number; shipments?: number };
const sim = await startSimulator({ timeScale, accounts: [{ apiKey, credits, shipments: shipments ?? 0 }], faults: { latencyMs: latencyMs ?? 0 } });
parentPort!.postMessage({ url: sim.url });
parentPort!.on('message', async (message: string) => {
  if (message === 'stats') parentPort!.postMessage({ stats: sim.control.stats(apiKey) });
  if (message === 'close') {
    await sim.close();
    parentPort!.postMessage({ closed: true });
  }
});
