/**
 * Where the API key lives. The real one is the OS keychain; the key is never written to
 * the cache, a log line or an error message.
 */
export interface SecretStore {
  /** A short name for messages: "the system keychain". */
  readonly description: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'Quayside';

/** One keychain entry per API base URL, so a demo or test service never sees a real key. */
export function apiKeyAccount(apiBase: string): string {
  return `api-key@${apiBase.replace(/\/+$/, '')}`;
}

/** The name of the entry holding a webhook's signing secret. */
export function webhookSecretAccount(apiBase: string, webhookId: string): string {
  return `webhook-secret:${webhookId}@${apiBase.replace(/\/+$/, '')}`;
}

export class SecretStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SecretStoreError';
  }
}

/** For unit tests and for headless runs that must not touch any keychain. */
export class MemorySecretStore implements SecretStore {
  readonly description = 'memory';
  private readonly secrets = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}
