/** The credit balance and its history, always in the window's header. */
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { creditsView, readCredits } from './credits.js';

export function createCreditsHandlers(core: Core): AreaHandlers<'credits'> {
  return {
    'credits.get': async () => creditsView(core),
    'credits.refresh': async () => {
      await readCredits(core);
      return creditsView(core);
    },
  };
}
