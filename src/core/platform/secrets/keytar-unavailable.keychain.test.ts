import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from './keytar-store.js';
import { SecretStoreError } from './secret-store.js';

// This file runs in its own process (vitest's forks pool): point it at a session bus that
// does not exist, as on a headless server without a Secret Service.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/quayside-test-bus';
delete process.env.DISPLAY;

describe('KeytarSecretStore without a reachable keychain', () => {
  it('says what to do in one sentence, and never what the secret was', async () => {
    const store = new KeytarSecretStore('QuaysideTest');
    const secret = 'do-not-print-0123456789';
    const err = await store.set('account', secret).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SecretStoreError);
    expect((err as Error).message).toMatch(/system keychain is not available.*QUAYSIDE_API_KEY/);
    expect(String(err)).not.toContain(secret);
  });
});
