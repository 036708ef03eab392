/** The credit balance and its history, always in the window's header. */
import type { AreaHandlers, HandlerContext } from '../handlers.js';
import { creditsView, readCredits } from './credits.js';

export function createCreditsHandlers(ctx: HandlerContext): AreaHandlers<'credits'> {
  const { service } = ctx;
  return {
    'credits.get': async () => creditsView(service),
    'credits.refresh': async () => {
      await readCredits(service);
      ctx.emitCredits();
      return creditsView(service);
    },
  };
}
