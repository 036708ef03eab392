/**
 * The simulator and the API client: how long the simulator takes to seed 100,000 shipments,
 * and how long the client takes to give up on a server that never answers. Prints; asserts
 * nothing (the tests check the outcome: src/sim/data.test.ts, src/core/api/errors.test.ts).
 *   npx tsx test/bench/service-bench.ts
 */
import { pathToFileURL } from 'node:url';
import { TrackingClient } from '../../src/core/platform/api/client.js';
import { NetworkError } from '../../src/core/platform/api/errors.js';
import * as fx from '../support/api-fixtures.js';
import { startTestServer } from '../support/api-test-server.js';
import { startSimulator } from '../../src/sim/index.js';
import { directScheduler } from '../support/direct-scheduler.js';

/** startSimulator with an account of `count` seeded shipments, until it serves. */
async function runSimSeedBench(count = 100_000): Promise<void> {
  const key = '11111111-2222-4333-8444-555555555555';
  const started = performance.now();
  const sim = await startSimulator({ accounts: [{ apiKey: key, credits: 10, shipments: count }] });
  const ms = performance.now() - started;
  await sim.close();
  console.log(`  simulator: ${count.toLocaleString('en')} seeded shipments, serving after ${ms.toFixed(0)} ms`);
}

/** A request to a server that never answers, with timeoutMs 300: time until the NetworkError. */
async function runClientTimeoutBench(timeoutMs = 300): Promise<void> {
  const server = await startTestServer();
  try {
    server.respond({ hang: true });
    const client = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: fx.KEY, timeoutMs });
    const started = performance.now();
    const err = await client.batchTask(fx.TASK_ID).then(
      () => null,
      (e: unknown) => e,
    );
    const ms = performance.now() - started;
    const what = err instanceof NetworkError ? `NetworkError${err.timedOut ? ' (timed out)' : ''}` : String(err);
    console.log(`  API client: a server that never answers, timeoutMs ${timeoutMs}: ${what} after ${ms.toFixed(0)} ms`);
  } finally {
    await server.close();
  }
}

export async function runServiceBench(): Promise<void> {
  await runSimSeedBench();
  await runClientTimeoutBench();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runServiceBench();
}
