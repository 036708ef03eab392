/**
 * The API key: in the OS keychain (or QUAYSIDE_API_KEY for headless use), checked with
 * GET /v2/apikey before it is stored. It never reaches the cache, a log or an error message.
 */
import { AuthError } from '../../platform/api/errors.js';
import { apiKeyAccount } from '../../platform/secrets/index.js';
import type { Core } from '../../context.js';
import { ServiceError } from '../../platform/failure.js';

export async function keyStatus(core: Core): Promise<{ apiBase: string; source: 'environment' | 'keychain' | null; last4: string | null }> {
  const apiBase = core.apiBase();
  const fromEnvironment = core.environmentKey(apiBase);
  if (fromEnvironment) return { apiBase, source: 'environment', last4: fromEnvironment.slice(-4) };
  const stored = await core.secrets.get(apiKeyAccount(apiBase));
  return { apiBase, source: stored ? 'keychain' : null, last4: stored ? stored.slice(-4) : null };
}

/** Validates the key with GET /v2/apikey before it is stored; records the balance. */
export async function setKey(core: Core, candidate: string): Promise<{ remaining: number; checkedAt: string }> {
  const key = candidate.trim();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
    throw new ServiceError('That does not look like an API key (a uuid such as 1b4e28ba-2fa1-11d2-883f-0016d3cca427); copy it again from your account.');
  }
  let info;
  try {
    info = await core.clientWithKey(key).apiKeyInfo();
  } catch (err) {
    if (err instanceof AuthError) throw new ServiceError('The tracking service does not accept this API key; nothing was stored. Check it in your account and try again.');
    throw err;
  }
  await core.secrets.set(apiKeyAccount(core.apiBase()), key);
  core.rememberApiBase();
  const checkedAt = core.now().toISOString();
  core.write((tx) => tx.addCreditSnapshot(info.requests_remaining_count, checkedAt));
  core.events.emit('settings.changed', { setting: 'apiKey' });
  core.events.emit('credits.read', {});
  return { remaining: info.requests_remaining_count, checkedAt };
}

export async function deleteKey(core: Core): Promise<boolean> {
  const deleted = await core.secrets.delete(apiKeyAccount(core.apiBase()));
  core.events.emit('settings.changed', { setting: 'apiKey' });
  return deleted;
}
