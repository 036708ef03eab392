/** Quick track: what a typed reference would cost, then the lookup (answered from the cache when already tracked). */
import { checkContainerNumber } from '../../../shared/iso6346.js';
import type { AreaHandlers, HandlerContext } from '../handlers.js';
import { LookupError, planLookup } from './reference.js';
import { trackReference } from './track.js';

export function createTrackingHandlers(ctx: HandlerContext): AreaHandlers<'tracking'> {
  const { service } = ctx;
  const store = service.store;
  return {
    'tracking.check': async (reference) => {
      const carriers = store.listCarriers();
      try {
        const plan = planLookup(reference, {}, carriers);
        const cached = store.findActive(plan.type, plan.value);
        return {
          ok: true,
          plan: {
            reference: plan.value,
            type: plan.type,
            carrier: plan.company,
            carrierName: carriers.find((c) => c.scac === plan.company)?.name ?? null,
            cachedId: cached?.id ?? null,
            costsCredit: cached === null,
          },
        };
      } catch (err) {
        if (!(err instanceof LookupError)) throw err;
        const check = checkContainerNumber(reference.trim().toUpperCase().replace(/[\s-]/g, ''));
        return { ok: false, problem: err.message, suggestion: check.valid ? null : (check.suggestion ?? null) };
      }
    },
    'tracking.run': async (input) => {
      const outcome = await trackReference(service, input.reference, { type: input.type, carrier: input.carrier });
      if (!outcome.fromCache) {
        ctx.shipmentsChanged([outcome.shipment.id], 'track');
        ctx.emitCredits(true);
      }
      return { shipment: outcome.shipment, fromCache: outcome.fromCache };
    },
  };
}
