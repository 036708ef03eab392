/**
 * One lookup (GET /v2/tracking), the way the window's quick track and `quayside track` both do
 * it. Credits are money: a reference already ACTIVE in the cache is answered from the cache and
 * spends nothing, unless forced.
 */
import type { Shipment, TrackingType } from '../../../shared/domain.js';
import type { TrackingResult } from '../../platform/api/types.js';
import { ServiceError, type QuaysideService } from '../../core.js';
import { carrierDirectory } from '../settings/carriers.js';
import { planLookup } from './reference.js';

export interface TrackOutcome {
  shipment: Shipment;
  /** True when the cache answered and nothing was sent. */
  fromCache: boolean;
  result: TrackingResult | null;
}

export interface TrackOptions {
  type?: TrackingType;
  carrier?: string;
  route?: boolean;
  force?: boolean;
}

export async function trackReference(service: QuaysideService, raw: string, options: TrackOptions = {}): Promise<TrackOutcome> {
  const known = service.store.listCarriers();
  const plan = planLookup(raw, options, known.length > 0 || options.carrier ? known : (await carrierDirectory(service)).carriers);
  const active = service.store.findActive(plan.type, plan.value);
  if (active && !options.force) {
    const shipment = service.store.getShipment(active.id);
    if (shipment) return { shipment, fromCache: true, result: null };
  }
  const result = await service.api().track({
    company: plan.company,
    type: plan.type,
    value: plan.value,
    forceUpdate: Boolean(options.force),
    needRoute: Boolean(options.route),
  });
  const { shipmentId: id } = service.store.recordTrackingResult({
    reference: plan.value,
    type: plan.type,
    scac: plan.company === 'AUTO' ? null : plan.company,
    result,
    raw: JSON.stringify(result),
    source: 'tracking',
    checkedAt: service.now().toISOString(),
  });
  const shipment = service.store.getShipment(id);
  if (!shipment) throw new ServiceError(`The answer for ${plan.value} could not be read back from the cache; run the command again.`);
  return { shipment, fromCache: false, result };
}
