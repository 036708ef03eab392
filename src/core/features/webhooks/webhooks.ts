/**
 * Webhooks (api-v2.md 4.11 to 4.16): read from the service each time, nothing cached. A new
 * webhook's signing secret is kept in the keychain for verifying deliveries; the webhook exists
 * once the service answered, so a keychain failure does not undo it: `secretKept` false tells the
 * caller to show the secret for the person to keep.
 */
import type { Webhook } from '../../platform/api/types.js';
import { SecretStoreError, webhookSecretAccount } from '../../platform/secrets/index.js';
import type { QuaysideService } from '../../core.js';
import { AppFailure } from '../../errors.js';
import { isSafeCallbackUrl } from '../../../shared/contract/base.js';

/** The engine's schema checks this for the window; the CLI comes here directly. */
function checkCallbackUrl(url: string | undefined): void {
  if (url !== undefined && !isSafeCallbackUrl(url)) {
    throw new AppFailure('invalid-input', 'A callback URL must be an https:// address such as https://example.com/hooks/quayside (http:// only for a receiver on this computer: localhost or 127.0.0.1); nothing was sent.');
  }
}

async function keepWebhookSecret(service: QuaysideService, hook: Webhook): Promise<boolean> {
  if (!hook.secret) return false;
  try {
    await service.secrets.set(webhookSecretAccount(service.apiBase(), hook.id), hook.secret);
    return true;
  } catch (err) {
    if (err instanceof SecretStoreError) return false;
    throw err;
  }
}

export async function createWebhook(service: QuaysideService, input: { callbackUrl: string; eventTypes: string[]; isActive: boolean }): Promise<Webhook & { secretKept: boolean }> {
  checkCallbackUrl(input.callbackUrl);
  const hook = await service.api().createWebhook(input);
  return { ...hook, secretKept: await keepWebhookSecret(service, hook) };
}

export async function updateWebhook(
  service: QuaysideService,
  id: string,
  input: { callbackUrl?: string; eventTypes?: string[]; isActive?: boolean; regenerateSecret?: boolean },
): Promise<Webhook & { secretKept: boolean }> {
  checkCallbackUrl(input.callbackUrl);
  const hook = await service.api().updateWebhook(id, input);
  return { ...hook, secretKept: await keepWebhookSecret(service, hook) };
}

/** Whether the signing secret of a webhook is kept in the keychain (it is never read back out). */
export async function hasWebhookSecret(service: QuaysideService, id: string): Promise<boolean> {
  try {
    return (await service.secrets.get(webhookSecretAccount(service.apiBase(), id))) !== null;
  } catch (err) {
    if (err instanceof SecretStoreError) return false;
    throw err;
  }
}

export async function deleteWebhook(service: QuaysideService, id: string): Promise<void> {
  await service.api().deleteWebhook(id);
  await service.secrets.delete(webhookSecretAccount(service.apiBase(), id)).catch((err: unknown) => {
    if (!(err instanceof SecretStoreError)) throw err;
  });
}
