import { createHmac } from 'node:crypto';

/**
 * What the team database knows of an API key: an HMAC-SHA256 of it under the database's own
 * random salt. Every desk of one key computes the same value; the key itself never leaves the desk.
 */
export function accountFingerprint(salt: string, apiKey: string): string {
  return createHmac('sha256', salt).update(apiKey.trim()).digest('hex');
}
