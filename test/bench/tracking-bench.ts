/**
 * 20,000 new references through the real import path (validation, job, scheduler, batch
 * poller, store) against the simulator with its rate limits on, compressed by a time scale.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { runImport } from '../../src/core/features/imports/index.js';
import { QUEUED_MS, HANDLING_BASE_MS, HANDLING_PER_ITEM_MS } from '../../src/sim/batch.js';
import { Worker } from 'node:worker_threads';
import type { SimStats } from '../../src/sim/index.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { carrierDirectory } from '../../src/core/features/settings/index.js';
import { reached } from './report.js';
import { startBusyCore, startSimProcess } from './strict-load.js';
import { openCore } from '../../src/engine/open-core.js';

const BATCH = 500;
const CREATES_PER_WINDOW = 8;
const WINDOW_MS = 60_000;

/** The fastest the service's limits allow: the last batch can only be created in window ⌊(B−1)/8⌋, then it must be processed. */
export function lowerBoundMs(references: number, scale: number): number {
  const batches = Math.ceil(references / BATCH);
  const lastSize = references - (batches - 1) * BATCH;
  const lastSubmitAt = Math.floor((batches - 1) / CREATES_PER_WINDOW) * WINDOW_MS;
  return (lastSubmitAt + QUEUED_MS + HANDLING_BASE_MS + HANDLING_PER_ITEM_MS * lastSize) / scale;
}

/** A strict server: the same limits, and every answer takes this long (ms of service time), so a client that anchors its windows on when it sent (not when the answer came) gets 429s. */
const STRICT_LATENCY_MS = 400;

/** `shipments`: already tracked in the account when it starts (GET /v2/shipments has them). */
export function startSimWorker(apiKey: string, credits: number, timeScale: number, latencyMs = 0, shipments = 0) {
  const worker = new Worker(new URL('./sim-worker.mjs', import.meta.url), { workerData: { apiKey, credits, timeScale, latencyMs, shipments } });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url: next<{ url: string }>().then((m) => m.url),
    stats: () => {
      const reply = next<{ stats: SimStats }>();
      worker.postMessage('stats');
      return reply.then((m) => m.stats);
    },
    close: async () => {
      const reply = next();
      worker.postMessage('close');
      await reply;
      await worker.terminate();
    },
  };
}

export type TrackingServer =
  /** The simulator in a thread of this process, counting a request when it handles it. */
  | 'simulator'
  /** The simulator in this process's thread with 400 ms of service time on each answer (issue 15's strict server). */
  | 'latency'
  /**
   * Issue 25's strict server: the simulator in a process of its own counting each request on
   * arrival (rejected ones too), 400 ms of service time on each answer, while another process
   * keeps a core busy.
   */
  | 'strict';

export interface TrackingFigures {
  ratio: number;
  rateLimited: number;
  creations: number;
  minimumCreations: number;
  polls: number;
}

export async function runTrackingBench(references = 20_000, scale = 4, server: TrackingServer = 'simulator'): Promise<TrackingFigures> {
  const key = randomUUID();
  const latencyMs = server === 'simulator' ? 0 : STRICT_LATENCY_MS / scale;
  const sim = server === 'strict'
    ? startSimProcess({ apiKey: key, credits: references + 1000, timeScale: scale, latencyMs, strict: true })
    : startSimWorker(key, references + 1000, scale, latencyMs);
  const busy = server === 'strict' ? startBusyCore() : null;
  const url = await sim.url;
  const dir = mkdtempSync(join(tmpdir(), 'quayside-track-bench-'));
  const service = openCore({ dataDir: dir, apiBase: url, secrets: new MemorySecretStore(), envApiKey: key, timeScale: scale }).core;
  try {
    const file = join(dir, 'references.csv');
    writeReferenceCsv(file, references, 100000);
    await carrierDirectory(service);
    let trackingStartedAt = 0;
    const started = performance.now();
    const report = await runImport(service, file, {
      onEstimate: () => {
        trackingStartedAt = performance.now();
      },
    });
    const ended = performance.now();
    const stats = await sim.stats();
    const bound = lowerBoundMs(references, scale);
    const trackingMs = ended - trackingStartedAt;
    const figures: TrackingFigures = {
      ratio: trackingMs / bound,
      rateLimited: stats.rateLimited,
      creations: stats.requests['POST /v2/tracking/batch'] ?? 0,
      minimumCreations: Math.ceil(references / BATCH),
      polls: stats.requests['GET /v2/tracking/batch'] ?? 0,
    };
    const aim = server === 'simulator' || scale <= 4 ? 1.05 : 1.1;
    const serverText = {
      simulator: 'the simulator (in a thread of this process)',
      latency: `a server with ${STRICT_LATENCY_MS} ms of service time on every answer (in a thread of this process)`,
      strict: `a strict server: counts each request on arrival (rejected ones too), ${STRICT_LATENCY_MS} ms of service time on every answer, in its own process, another process keeping a core busy`,
    }[server];
    console.log(`  ${references.toLocaleString('en')} new references, time scale ${scale}, ${serverText} (limits on: 8 batch creations/min, 3 polls/s + 30/min)`);
    console.log(`  whole import (read, validate, track):  ${(ended - started).toFixed(0)} ms`);
    console.log(`  tracking phase:                        ${trackingMs.toFixed(0)} ms; lower bound from the limits ${bound.toFixed(0)} ms`);
    console.log(`  tracking time / lower bound:           ${figures.ratio.toFixed(3)} (aim ≤ ${aim.toFixed(2)})`);
    console.log(`  429s received:                         ${figures.rateLimited} (aim 0)`);
    console.log(`  batch creations / minimum / polls:     ${figures.creations} / ${figures.minimumCreations} / ${figures.polls}`);
    if (server === 'latency') reached('tracking-strict', [figures.ratio, figures.rateLimited], `${figures.ratio.toFixed(3)} ×, ${figures.rateLimited} × 429 (${references} refs, scale ${scale})`);
    if (server === 'simulator') reached('tracking', [figures.ratio, figures.rateLimited], `${figures.ratio.toFixed(3)} ×, ${figures.rateLimited} × 429 (${references} refs, scale ${scale})`);
    if (server === 'strict' && (scale === 4 || scale === 10)) {
      reached(scale === 4 ? 'strict-arrival-4' : 'strict-arrival-10', [figures.ratio, figures.rateLimited, figures.creations - figures.minimumCreations],
        `${figures.ratio.toFixed(3)} ×, ${figures.rateLimited} × 429, ${figures.creations}/${figures.minimumCreations} creations (${references} refs)`);
    }
    console.log(`  found ${report.found}, not found ${report.notFound}, failed ${report.failed}`);
    console.log(`  credits spent per unique found ref:    ${(stats.creditsSpent / report.found).toFixed(2)} (aim 1.00)`);
    return figures;
  } finally {
    service.close();
    await sim.close();
    await busy?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
