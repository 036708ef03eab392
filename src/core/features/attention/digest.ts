/**
 * The morning digest: once a day, at or after the person's time (Settings), one message "5
 * shipments need attention" goes to the host, which shows it as a desktop notification that
 * opens the Attention view. When it was last sent is kept in the cache, so a restart the same
 * morning does not send it twice. Nothing is sent while nothing needs attention.
 */
import type { AttentionDigest } from '../../../shared/contract/index.js';
import type { Cache } from '../../context.js';
import { digestOf, isDigestDue } from './attention.js';
import type { AttentionListCache } from './list-cache.js';
import { attentionSettings } from './settings.js';

export const DIGEST_SHOWN_SETTING = 'attention.digestShownAt';
const CHECK_EVERY_MS = 60_000;

export interface MorningDigestOptions {
  cache: Cache;
  list: AttentionListCache;
  now: () => Date;
  send(digest: AttentionDigest): void;
  /** How often the time is looked at (default a minute). */
  everyMs?: number;
}

/** Sends the digest if it is due now; answers what was sent, or null. */
export async function sendDigestIfDue(options: Omit<MorningDigestOptions, 'everyMs'>): Promise<AttentionDigest | null> {
  const now = options.now();
  const { digestTime } = attentionSettings(options.cache);
  if (!isDigestDue(digestTime, options.cache.read.getSetting(DIGEST_SHOWN_SETTING), now)) return null;
  options.cache.write((tx) => tx.setSetting(DIGEST_SHOWN_SETTING, now.toISOString()));
  const digest = digestOf((await options.list.list()).items, now);
  if (digest.count === 0) return null;
  options.send(digest);
  return digest;
}

/** Looks at the time every minute; returns the function that stops it. */
export function startMorningDigest(options: MorningDigestOptions): () => void {
  let checking = false;
  const check = () => {
    if (checking) return;
    checking = true;
    sendDigestIfDue(options)
      .catch(() => undefined) // A cache that cannot be read now is tried again next minute; the digest is not worth a crash.
      .finally(() => {
        checking = false;
      });
  };
  const timer = setInterval(check, options.everyMs ?? CHECK_EVERY_MS);
  timer.unref?.();
  const first = setTimeout(check, 0);
  first.unref?.();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
