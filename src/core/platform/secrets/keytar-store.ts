import { createRequire } from 'node:module';
import { KEYCHAIN_SERVICE, SecretStoreError, type SecretStore } from './secret-store.js';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

const UNAVAILABLE =
  'The system keychain is not available here; unlock or start it (on Linux: a Secret Service such as GNOME Keyring), or set QUAYSIDE_API_KEY for headless use.';

/** The OS keychain through keytar (macOS Keychain, Windows Credential Vault, Secret Service). */
export class KeytarSecretStore implements SecretStore {
  readonly description = 'the system keychain';
  private keytar: Keytar | null = null;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  private load(): Keytar {
    if (this.keytar) return this.keytar;
    try {
      // keytar is a CommonJS native addon; loading it lazily keeps the CLI usable with
      // QUAYSIDE_API_KEY on machines where libsecret is missing.
      this.keytar = createRequire(import.meta.url)('keytar') as Keytar;
      return this.keytar;
    } catch (err) {
      throw new SecretStoreError(UNAVAILABLE, { cause: err });
    }
  }

  private async call<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    const keytar = this.load();
    try {
      return await fn(keytar);
    } catch (err) {
      // keytar's messages never contain the secret; they name the missing service.
      throw new SecretStoreError(UNAVAILABLE, { cause: err });
    }
  }

  get(account: string): Promise<string | null> {
    return this.call((k) => k.getPassword(this.service, account));
  }

  set(account: string, secret: string): Promise<void> {
    return this.call((k) => k.setPassword(this.service, account, secret));
  }

  delete(account: string): Promise<boolean> {
    return this.call((k) => k.deletePassword(this.service, account));
  }
}
