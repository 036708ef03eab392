/** What needs attention: the use cases, their settings and the public shapes. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { startMorningDigest } from './digest.js';
import { createAttentionHandlers } from './handlers.js';
import { attentionListCache, type AttentionListCache } from './list-cache.js';

export { acknowledge, acknowledgeTold, isDigestDue, listAttention, morningDigest, reasonNow, unacknowledge } from './attention.js';
export { acknowledgeMany, undoMany } from './handle-many.js';
export { attentionListCache } from './list-cache.js';
export type { AttentionListCache } from './list-cache.js';
export { sendDigestIfDue, DIGEST_SHOWN_SETTING } from './digest.js';
export { attentionSettings, customerColumn, freeDaysSettings, updateAttentionSettings, updateFreeDays } from './settings.js';
export { DEFAULT_THRESHOLDS, REASON_KINDS } from './types.js';
export type {
  AttentionItem,
  ReasonKind,
} from './types.js';

export interface AttentionFeature extends FeatureParts<'attention'> {
  /** The list as the window asks for it, kept until the cache changes (list-cache.ts). */
  cache: AttentionListCache;
}

/** The Attention view's handlers over one list cache; in the background, the morning digest (`attention.digest`). */
export function attentionFeature(core: Core): AttentionFeature {
  const cache = attentionListCache(core, core.now);
  let stop: (() => void) | null = null;
  return {
    cache,
    handlers: createAttentionHandlers(core, cache),
    start() {
      stop = startMorningDigest({ cache: core, list: cache, now: core.now, send: (digest) => core.events.emit('attention.digest', digest) });
    },
    close: () => stop?.(),
  };
}
