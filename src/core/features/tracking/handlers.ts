/** Quick track: what a typed reference would cost, then the lookup (answered from the cache when already tracked). */
import { checkContainerNumber } from '../../../shared/iso6346.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { LookupError, planLookup } from './reference.js';
import { trackReference } from './track.js';

export function createTrackingHandlers(core: Core): AreaHandlers<'tracking'> {
  return {
    'tracking.check': async (reference) => {
      const carriers = core.read.listCarriers();
      try {
        const plan = planLookup(reference, {}, carriers);
        const cached = core.read.findActive(plan.type, plan.value);
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
      const outcome = await trackReference(core, input.reference, { type: input.type, carrier: input.carrier });
      return { shipment: outcome.shipment, fromCache: outcome.fromCache };
    },
  };
}
