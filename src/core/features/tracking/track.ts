/**
 * One lookup (GET /v2/tracking), the way the window's quick track and `quayside track` both do
 * it. Credits are money: a reference already ACTIVE in the cache is answered from the cache and
 * spends nothing, unless forced.
 */
import type { Shipment, TrackingType } from '../../../shared/domain.js';
import type { TrackingResult } from '../../platform/api/types.js';
import type { Core } from '../../context.js';
import { ServiceError } from '../../platform/failure.js';
import { carrierDirectory } from '../settings/index.js';
import { type LookupPlan, planLookup } from './reference.js';

export interface TrackOutcome {
  shipment: Shipment;
  /** True when the cache answered and nothing was sent. */
  fromCache: boolean;
  result: TrackingResult | null;
  /** What was looked up: the type, the carrier and where the carrier came from (a guess, or the person's). */
  plan: LookupPlan;
}

export interface TrackOptions {
  type?: TrackingType;
  carrier?: string;
  route?: boolean;
  force?: boolean;
}

export async function trackReference(core: Core, raw: string, options: TrackOptions = {}): Promise<TrackOutcome> {
  const known = core.read.listCarriers();
  const plan = planLookup(raw, options, known.length > 0 || options.carrier ? known : (await carrierDirectory(core)).carriers);
  const active = core.read.findActive(plan.type, plan.value);
  if (active && !options.force) {
    const shipment = core.read.getShipment(active.id);
    if (shipment) return { shipment, fromCache: true, result: null, plan };
  }
  const result = await core.api().track({
    company: plan.company,
    type: plan.type,
    value: plan.value,
    forceUpdate: Boolean(options.force),
    needRoute: Boolean(options.route),
  });
  const { shipmentId: id } = core.write((tx) => tx.recordTrackingResult({
    reference: plan.value,
    type: plan.type,
    scac: plan.company === 'AUTO' ? null : plan.company,
    result,
    raw: JSON.stringify(result),
    source: 'tracking',
    checkedAt: core.now().toISOString(),
  }));
  const shipment = core.read.getShipment(id);
  if (!shipment) throw new ServiceError(`The answer for ${plan.value} could not be read back from the cache; run the command again.`);
  core.events.emit('shipments.changed', { ids: [id], reason: 'track' });
  core.events.emit('credits.stale', {});
  return { shipment, fromCache: false, result, plan };
}
