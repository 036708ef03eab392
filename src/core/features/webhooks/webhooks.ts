/**
 * Webhooks (the service's interface 4.11 to 4.16): read from the service each time, nothing cached.
 *
 * The signing secret is shown once (on create and on regenerate) and not kept. The service signs
 * each delivery for the receiver at the callback URL (the service's interface 6.2): the forwarder's own server,
 * not Quayside, which has no address the service could deliver to and no code that reads a
 * delivery. A secret kept with nothing to verify only adds one more place it can leak from, so
 * Quayside forgets it, including one an older version kept in the keychain.
 */
import type { Webhook } from '../../platform/api/types.js';
import { SecretStoreError, webhookSecretAccount } from '../../platform/secrets/index.js';
import type { Core } from '../../context.js';
import { AppFailure } from '../../platform/failure.js';
import { isSafeCallbackUrl } from '../../../shared/contract/base.js';

/** Removes a secret an earlier Quayside kept in the keychain for this webhook; a keychain that cannot be reached is left for next time. */
export async function forgetWebhookSecret(core: Core, id: string): Promise<void> {
  await core.secrets.delete(webhookSecretAccount(core.apiBase(), id)).catch((err: unknown) => {
    if (!(err instanceof SecretStoreError)) throw err;
  });
}

/** The engine's schema checks this for the window; the CLI comes here directly. */
function checkCallbackUrl(url: string | undefined): void {
  if (url !== undefined && !isSafeCallbackUrl(url)) {
    throw new AppFailure('invalid-input', 'A callback URL must be an https:// address such as https://example.com/hooks/quayside (http:// only for a receiver on this computer: localhost or 127.0.0.1); nothing was sent.');
  }
}

/** `secretKept` is always false (a public field of `webhooks create --json`): the secret is the person's to keep. */
export async function createWebhook(core: Core, input: { callbackUrl: string; eventTypes: string[]; isActive: boolean }): Promise<Webhook & { secretKept: boolean }> {
  checkCallbackUrl(input.callbackUrl);
  const hook = await core.api().createWebhook(input);
  return { ...hook, secretKept: false };
}

export async function updateWebhook(
  core: Core,
  id: string,
  input: { callbackUrl?: string; eventTypes?: string[]; isActive?: boolean; regenerateSecret?: boolean },
): Promise<Webhook & { secretKept: boolean }> {
  checkCallbackUrl(input.callbackUrl);
  const hook = await core.api().updateWebhook(id, input);
  if (hook.secret) await forgetWebhookSecret(core, id);
  return { ...hook, secretKept: false };
}

export async function deleteWebhook(core: Core, id: string): Promise<void> {
  await core.api().deleteWebhook(id);
  await forgetWebhookSecret(core, id);
}
