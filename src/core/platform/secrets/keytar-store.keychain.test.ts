import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from './keytar-store.js';
import { MemorySecretStore, apiKeyAccount } from './secret-store.js';

// The real Secret Service runs when the tests are started by `npm test` (scripts/test.mjs
// wraps them in dbus-run-session with gnome-keyring). CI must have it: there, a missing
// keychain is a failure, not a skip.
const keychainAvailable = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const mustRun = process.env.CI === 'true' || process.env.QUAYSIDE_REQUIRE_KEYCHAIN === '1';

describe('KeytarSecretStore against the real keychain daemon', () => {
  it.runIf(keychainAvailable || mustRun)('stores, reads back and deletes a key under the Quayside service', async () => {
    const store = new KeytarSecretStore('QuaysideTest');
    const account = apiKeyAccount(`http://127.0.0.1:1/${randomUUID()}/`);
    const key = randomUUID();
    expect(await store.get(account)).toBeNull();
    await store.set(account, key);
    expect(await store.get(account)).toBe(key);
    // A second base URL is a different entry: a demo service never sees a real key.
    expect(await store.get(apiKeyAccount('http://127.0.0.1:2'))).toBeNull();
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });
});

describe('MemorySecretStore', () => {
  it('keeps secrets per account', async () => {
    const store = new MemorySecretStore();
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    expect(await store.get('b')).toBeNull();
    expect(await store.delete('a')).toBe(true);
    expect(await store.get('a')).toBeNull();
  });
});

describe('apiKeyAccount', () => {
  it('ignores a trailing slash so the CLI and the app share one entry', () => {
    expect(apiKeyAccount('https://svc.example/')).toBe(apiKeyAccount('https://svc.example'));
  });
});
