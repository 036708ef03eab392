/** The credits feature's public face: the balance, its history and the low-balance warning. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { followBalance } from './credits.js';
import { createCreditsHandlers } from './handlers.js';

export { CREDIT_WARNING_SETTING, DEFAULT_CREDIT_WARNING, creditsView, readCredits } from './credits.js';

/** The balance is read again whenever something may have changed it, background work or not (a person's lookup spends). */
export function creditsFeature(core: Core): FeatureParts<'credits'> {
  const stop = followBalance(core);
  return { handlers: createCreditsHandlers(core), close: stop };
}
