/**
 * The API key: in the OS keychain (or QUAYSIDE_API_KEY for headless use), checked with
 * GET /v2/apikey before it is stored. It never reaches the cache, a log or an error message.
 */
import { AuthError } from '../../platform/api/errors.js';
import { apiKeyAccount } from '../../platform/secrets/index.js';
import { ServiceError, type QuaysideService } from '../../core.js';

export async function keyStatus(service: QuaysideService): Promise<{ apiBase: string; source: 'environment' | 'keychain' | null; last4: string | null }> {
  const apiBase = service.apiBase();
  const fromEnvironment = service.environmentKey(apiBase);
  if (fromEnvironment) return { apiBase, source: 'environment', last4: fromEnvironment.slice(-4) };
  const stored = await service.secrets.get(apiKeyAccount(apiBase));
  return { apiBase, source: stored ? 'keychain' : null, last4: stored ? stored.slice(-4) : null };
}

/** Validates the key with GET /v2/apikey before it is stored; records the balance. */
export async function setKey(service: QuaysideService, candidate: string): Promise<{ remaining: number; checkedAt: string }> {
  const key = candidate.trim();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
    throw new ServiceError('That does not look like an API key (a uuid such as 1b4e28ba-2fa1-11d2-883f-0016d3cca427); copy it again from your account.');
  }
  let info;
  try {
    info = await service.clientWithKey(key).apiKeyInfo();
  } catch (err) {
    if (err instanceof AuthError) throw new ServiceError('The tracking service does not accept this API key; nothing was stored. Check it in your account and try again.');
    throw err;
  }
  await service.secrets.set(apiKeyAccount(service.apiBase()), key);
  service.rememberApiBase();
  const checkedAt = service.now().toISOString();
  service.store.addCreditSnapshot(info.requests_remaining_count, checkedAt);
  return { remaining: info.requests_remaining_count, checkedAt };
}

export async function deleteKey(service: QuaysideService): Promise<boolean> {
  return service.secrets.delete(apiKeyAccount(service.apiBase()));
}
