export * from './secret-store.js';
export { KeytarSecretStore } from './keytar-store.js';
