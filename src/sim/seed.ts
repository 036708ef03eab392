/**
 * Pre-seeded tracked shipments. Only a few fields per row are stored; the tracking data
 * is generated on read, so 100,000 rows seed in well under a second.
 */
import type { Account } from './accounts.js';
import type { SimContext } from './context.js';
import { DAY, HOUR } from './naive-time.js';
import { Rng, hashParts } from './random.js';
import { isNotFound, makeReference, pickCarrier, referenceKey } from './references.js';

const NOTES = [
  'PO 45821 Acme Textiles', 'Urgent: customer calls daily', 'Reefer +4C bananas', 'Hold for customs docs',
  'Sample shipment', 'Invoice 2024-118', 'Nordic Furniture AB', 'Split delivery to 2 DCs', 'LC payment, docs to bank',
  'Tyres for Bremen plant', 'Promo stock: must arrive wk 12', 'Check demurrage', 'Fragile: glassware',
];

export function seedShipments(ctx: SimContext, account: Account, count: number): void {
  const now = ctx.now();
  const target = account.seeded + count;
  for (let i = account.seeded; i < target; i++) {
    for (let attempt = 0; ; attempt++) {
      const rng = new Rng(hashParts(ctx.seed, 'seed', account.apiKey, i, attempt));
      const carrier = pickCarrier(rng);
      const roll = rng.next();
      const type = roll < 0.7 ? 'container' : roll < 0.9 || !carrier.bk ? 'bl' : 'bk';
      const value = makeReference(type, carrier, rng);
      const key = referenceKey(type, value);
      if (isNotFound(ctx.seed, type, value) || account.byRef.has(key)) continue;
      const age = rng.chance(0.15) ? rng.int(72 * HOUR) : rng.int(60 * DAY);
      const createdAt = now - Math.floor(age / 1000) * 1000;
      const row = {
        id: ctx.uuid(),
        type,
        value,
        scac: carrier.scac,
        createdAt,
        // Never after now: createdAt is rounded down to a second, so adding the whole age could put
        // it up to 999 ms ahead, and a change made within that second looked older than the seed.
        updatedAt: Math.min(now, createdAt + Math.min(age, rng.int(DAY))),
        checkedAt: now - rng.int(6 * HOUR),
        status: 'ACTIVE' as const,
        note: rng.chance(0.2) ? rng.pick(NOTES) : null,
      };
      account.shipments.set(row.id, row);
      account.byRef.set(key, row);
      break;
    }
  }
  account.seeded = target;
  account.sorted = null;
}
