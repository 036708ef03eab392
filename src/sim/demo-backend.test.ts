/**
 * Sample data opens no port: the engine reaches the simulator through a fetch
 * that calls its handler directly. The API client behaves as over
 * HTTP: the scheduler retries a 503 and the rate budget counts the sends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore, apiKeyAccount } from '../core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator } from './index.js';
import { startDemoBackend, type DemoBackend } from './demo-backend.js';
import { tempDir } from '../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../test/support/cache-db.js';
import { openCore } from '../engine/open-core.js';

const listening = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

describe('sample data without an open port', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts the simulator in process: nothing listens, nothing outside can reach it', async () => {
    const before = listening();
    const { dir, cleanup } = tempDir('quayside-demo-port-');
    cleanups.push(cleanup);
    const first: DemoBackend = await startDemoBackend({ dataDir: dir });
    cleanups.push(() => first.close());
    expect(listening()).toBe(before);
    expect(first.apiBase.startsWith('http://')).toBe(false);
    const key = await first.secrets.get(apiKeyAccount(first.apiBase));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing outside the process can reach it: the address never resolves.
    await expect(fetch(`${first.apiBase}/v2/apikey?api_key=${key}`)).rejects.toThrow();
  });

  it('keeps the API client as it is over HTTP: a 503 is retried, the rate budget counts each send', async () => {
    const sim = await startSimulator({ listen: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 10, shipments: 3 }] });
    cleanups.push(() => sim.close());
    const { dir, cleanup } = tempDir('quayside-demo-client-');
    cleanups.push(cleanup);
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    const service = openCore({ dataDir: dir, apiBase: sim.url, secrets, fetch: sim.fetch, timeScale: 1000 }).core;
    cleanups.push(() => service.close());
    sim.control.failNext({ method: 'GET', path: '/v2/apikey', status: 503 });
    expect((await service.api().apiKeyInfo()).requests_remaining_count).toBe(10);
    expect(sim.control.stats(DEFAULT_API_KEY).requests['GET /v2/apikey']).toBe(2);
    const result = await service.api().track({ type: 'container', value: 'MSKU1234565', company: 'MAEU' });
    expect(result.success).toBe(true);
    expect(cacheDb(service).prepare("SELECT count(*) AS n FROM request_log WHERE bucket = 'tracking' AND answered_at IS NOT NULL").get()).toEqual({ n: 1 });
  });
});
