/** What needs attention (issue 17): the use cases, their settings and the public shapes. */
export { acknowledge, digestOf, isDigestDue, listAttention, listAttentionInTurns, morningDigest, unacknowledge, COMMENT_MAX_LENGTH } from './attention.js';
export { attentionListCache } from './list-cache.js';
export type { AttentionList, AttentionListCache } from './list-cache.js';
export { sendDigestIfDue, startMorningDigest, DIGEST_SHOWN_SETTING } from './digest.js';
export type { AcknowledgeInput, ListAttentionOptions, MorningDigest } from './attention.js';
export { attentionSettings, freeDaysSettings, updateAttentionSettings, updateFreeDays } from './settings.js';
export { demurrageClock } from './clock.js';
export type { DemurrageClock } from './clock.js';
export { addDays, daysBetween, naiveDay } from './naive-days.js';
export { DEFAULT_THRESHOLDS, REASON_KINDS, isReasonKind } from './types.js';
export type {
  Acknowledgement,
  AttentionItem,
  AttentionReason,
  AttentionSettings,
  AttentionSettingsPatch,
  FreeDaysPatch,
  FreeDaysSettings,
  ReasonKind,
} from './types.js';
