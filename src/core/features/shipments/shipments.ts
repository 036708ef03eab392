/**
 * Shipments as the cache holds them: found by id, tracking id or reference; removed at the
 * service per the service's interface 3.2, each record's outcome said before anything is sent.
 */
import type { Shipment } from '../../../shared/domain.js';
import { normaliseReference } from '../imports/index.js';
import type { Core } from '../../context.js';
import { ServiceError } from '../../platform/failure.js';
import { describeRemoval, predictRemoval, type RemovalOutcome } from './removal.js';

export interface RemovalPlanItem {
  shipment: Shipment;
  outcome: RemovalOutcome;
  description: string;
}

function normaliseKey(key: string): string {
  const trimmed = key.trim();
  // A tracking id is a uuid; anything else is a reference typed by a person.
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(trimmed) ? trimmed.toLowerCase() : normaliseReference(trimmed);
}

/**
 * A shipment by local id, tracking id or reference. Digits alone are a local id first, else a
 * reference (many bills of lading and bookings are numbers only).
 */
export function findShipment(core: Core, key: string): Shipment {
  const byId = /^\d+$/.test(key.trim()) ? core.read.getShipment(Number(key.trim())) : null;
  const shipment = byId ?? core.read.getShipment(normaliseKey(key));
  if (!shipment) throw new ServiceError(`No shipment "${key}" in the cache; run "quayside list --search ${key}" or track it first.`);
  return shipment;
}

/** What DELETE /v2/shipments will do to each record (the service's interface 3.2), before it is sent. */
export function planRemoval(core: Core, keys: string[]): RemovalPlanItem[] {
  const nowMs = core.now().getTime();
  return keys.map((key) => {
    const shipment = findShipment(core, key);
    const outcome = predictRemoval({ trackingId: shipment.trackingId, status: shipment.status, shipmentStatus: shipment.shipmentStatus, createdAt: shipment.createdAt }, nowMs);
    return { shipment, outcome, description: describeRemoval(outcome) };
  });
}

export async function removeShipments(core: Core, plan: RemovalPlanItem[]): Promise<{ deleted: string[]; archived: string[]; localOnly: number[] }> {
  const ids = [...new Set(plan.map((p) => p.shipment.trackingId).filter((id): id is string => Boolean(id)))];
  const localOnly = plan.filter((p) => !p.shipment.trackingId).map((p) => p.shipment.id);
  const result = ids.length > 0 ? await core.api().deleteShipments(ids) : { deleted: [], archived: [] };
  core.write((tx) => {
    tx.applyDeletion(result);
    tx.removeLocal(localOnly);
  });
  core.events.emit('shipments.changed', { ids: null, reason: 'removal' });
  if (result.deleted.length > 0) core.events.emit('credits.stale', {});
  return { ...result, localOnly };
}
