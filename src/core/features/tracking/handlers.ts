/** Quick track: what a typed reference would cost, then the lookup (answered from the cache when already tracked). */
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { buildCarrierDirectory } from '../imports/index.js';
import { readReference } from './reading.js';
import { trackReference } from './track.js';

export function createTrackingHandlers(core: Core): AreaHandlers<'tracking'> {
  return {
    'tracking.check': async (input) => {
      const { reference, type, carrier } = typeof input === 'string' ? { reference: input, type: undefined, carrier: undefined } : input;
      const reading = readReference(reference, { type, carrier }, buildCarrierDirectory(core.read.listCarriers()));
      if (reading.problem !== null || reading.type === null || reading.carrier === null) {
        return {
          ok: false,
          problem: reading.problem ?? 'Choose the type and the carrier.',
          suggestion: reading.suggestion,
          type: reading.type,
          typeFrom: reading.typeFrom,
          needs: reading.needs,
        };
      }
      const cached = core.read.findActive(reading.type, reading.value);
      return {
        ok: true,
        plan: {
          reference: reading.value,
          type: reading.type,
          typeFrom: reading.typeFrom ?? 'given',
          carrier: reading.carrier,
          carrierName: reading.carrierName,
          carrierFrom: reading.carrierFrom ?? 'given',
          cachedId: cached?.id ?? null,
          costsCredit: cached === null,
        },
      };
    },
    'tracking.run': async (input) => {
      const outcome = await trackReference(core, input.reference, { type: input.type, carrier: input.carrier });
      return { shipment: outcome.shipment, fromCache: outcome.fromCache };
    },
  };
}
