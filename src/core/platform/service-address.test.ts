/**
 * The service address and where the key goes: http:// only to this machine,
 * said plainly; an address from a flag, the environment or a restored cache checked like one typed
 * in the settings; QUAYSIDE_API_KEY sent only to the address given with it. The simulator runs
 * in process; the fetch around it records which host each request went to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../context.js';
import { MemorySecretStore } from './secrets/index.js';
import { checkServiceAddress } from './service-address.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../sim/index.js';
import { tempDir } from '../../../test/helpers/store-fixtures.js';

describe('checkServiceAddress', () => {
  it.each(['http://127.0.0.1:4010', 'http://127.9.8.7', 'http://localhost:8080/', 'http://[::1]:4010', 'https://api.example.com/', 'https://10.0.0.5'])('accepts %s', (url) => {
    expect(checkServiceAddress(url).ok).toBe(true);
  });

  it.each([
    ['http://api.example.com', /does not send the API key to api\.example\.com over http:\/\/.*use https:\/\/api\.example\.com/],
    ['http://10.0.0.5:8080', /over http:\/\//],
    ['http://localhost.evil.example', /over http:\/\//],
    ['http://128.0.0.1', /over http:\/\//],
    ['ftp://api.example.com', /must start with https:\/\//],
    ['https://user:pw@api.example.com', /without a user name/],
    ['https://api.example.com/?api_key=x', /without a user name, password or query/],
    ['not an address', /is not a web address/],
  ])('refuses %s in words', (url, sentence) => {
    const checked = checkServiceAddress(url);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toMatch(sentence);
  });
});

describe('where the key goes', () => {
  let sim: Simulator;
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const open = async (options: { apiBase?: string | null; envApiKey?: string | null; stored?: string }) => {
    sim ??= await startSimulator({ listen: false });
    const { dir, cleanup } = tempDir('quayside-address-');
    cleanups.push(cleanup);
    const hosts: string[] = [];
    const recording: typeof fetch = (input, init) => {
      hosts.push(new URL(String(input)).host);
      return sim.fetch(input, init);
    };
    if (options.stored) {
      const first = new Core({ dataDir: dir, secrets: new MemorySecretStore() });
      const stored = options.stored;
      first.write((tx) => tx.setSetting('apiBase', stored));
      first.close();
    }
    const service = new Core({ dataDir: dir, apiBase: options.apiBase ?? null, envApiKey: options.envApiKey ?? null, secrets: new MemorySecretStore(), fetch: recording, timeScale: 1000 });
    cleanups.push(() => service.close());
    return { service, hosts };
  };

  it('sends QUAYSIDE_API_KEY to the address given with it', async () => {
    const { service, hosts } = await open({ apiBase: 'https://sample-data.quayside.invalid/', envApiKey: DEFAULT_API_KEY });
    expect((await service.api().apiKeyInfo()).api_key).toBe(DEFAULT_API_KEY);
    expect(hosts).toEqual(['sample-data.quayside.invalid']);
  });

  it('never sends QUAYSIDE_API_KEY to the address stored with the cache (a restored backup can change it)', async () => {
    const { service, hosts } = await open({ envApiKey: DEFAULT_API_KEY, stored: 'https://collector.example.net' });
    await expect(service.api().apiKeyInfo()).rejects.toThrow(/QUAYSIDE_API_KEY is sent only to the address given with it; set QUAYSIDE_API_BASE/);
    expect(hosts).toEqual([]);
  });

  it('checks an address from the environment or a flag, and one read from the cache, as the settings do', async () => {
    const fromEnvironment = await open({ apiBase: 'http://api.example.com', envApiKey: DEFAULT_API_KEY });
    await expect(async () => fromEnvironment.service.api().apiKeyInfo()).rejects.toThrow(/does not send the API key to api\.example\.com over http:\/\//);
    const restored = await open({ stored: 'http://collector.example.net' });
    expect(() => restored.service.apiBase()).toThrow(/over http:\/\//);
    expect(fromEnvironment.hosts).toEqual([]);
    expect(restored.hosts).toEqual([]);
  });

  it('refuses http:// to another machine in the settings, and keeps the address it had', async () => {
    const { service } = await open({ stored: 'https://api.example.com' });
    expect(() => service.setApiBase('http://api.example.com')).toThrow(/where anyone on the network could read it/);
    expect(service.currentApiBase()).toBe('https://api.example.com');
    expect(service.setApiBase('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
  });
});
