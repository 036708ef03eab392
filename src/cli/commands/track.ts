import { TRACKING_TYPES, type TrackingType } from '../../shared/domain.js';
import type { Command } from '../context.js';
import { UsageError } from '../errors.js';
import { outcomeText, shipmentDetail } from '../format.js';
import { trackReference } from '../../core/features/tracking/index.js';

export const trackCommand: Command = {
  name: 'track',
  usage: 'track <value> [--type container|bl|bk] [--carrier SCAC|AUTO] [--route] [--force] [--json]',
  summary: 'look up one reference (from the cache at no cost when it is already tracked)',
  options: { type: { type: 'string' }, carrier: { type: 'string' }, route: { type: 'boolean' }, force: { type: 'boolean' } },
  async run(ctx, args, values) {
    // "track MSKU 123456 5" as typed from a paper: the words are one reference.
    const value = args.join(' ');
    if (!value.trim()) throw new UsageError('Give the reference to track.');
    const type = values.type as string | undefined;
    if (type !== undefined && !TRACKING_TYPES.includes(type as TrackingType)) {
      throw new UsageError(`--type must be container, bl or bk, not "${type}".`);
    }
    const { shipment, fromCache, plan } = await trackReference(ctx.service(), value, {
      type: type as TrackingType | undefined,
      carrier: values.carrier as string | undefined,
      route: Boolean(values.route),
      force: Boolean(values.force),
    });
    ctx.out.data(shipment);
    const guessed = plan.carrierFrom === 'bl-prefix' ? "the B/L's first four letters" : plan.carrierFrom === 'owner-code' ? "the container's owner code" : null;
    if (guessed && !fromCache) {
      const name = shipment.carrier.name && shipment.carrier.scac === plan.company ? `${shipment.carrier.name} (${plan.company})` : plan.company;
      ctx.out.note(`Carrier ${name} guessed from ${guessed}; pass --carrier SCAC to choose another.`);
    }
    if (fromCache) ctx.out.note(`${shipment.reference} is already tracked; shown from the cache, no credit spent (--force asks the service again).`);
    else if (shipment.outcome === 'OK') ctx.out.note(`${shipment.reference} was looked up at the service; a new tracking spends 1 credit ("quayside credits" shows the balance).`);
    if (shipment.outcome === 'INFO_NOT_FOUND') {
      ctx.out.line(`${shipment.reference}: ${outcomeText(shipment)}. Check the number and carrier, or try again later.`);
      return;
    }
    ctx.out.line(shipmentDetail(shipment));
  },
};
