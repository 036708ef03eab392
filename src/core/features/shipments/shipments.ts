/**
 * Shipments as the cache holds them: found by id, tracking id or reference; removed at the
 * service per api-v2.md 3.2, each record's outcome said before anything is sent.
 */
import type { Shipment } from '../../../shared/domain.js';
import { normaliseReference } from '../imports/sheets/normalise.js';
import { ServiceError, type QuaysideService } from '../../core.js';
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
export function findShipment(service: QuaysideService, key: string): Shipment {
  const byId = /^\d+$/.test(key.trim()) ? service.store.getShipment(Number(key.trim())) : null;
  const shipment = byId ?? service.store.getShipment(normaliseKey(key));
  if (!shipment) throw new ServiceError(`No shipment "${key}" in the cache; run "quayside list --search ${key}" or track it first.`);
  return shipment;
}

/** What DELETE /v2/shipments will do to each record (api-v2.md 3.2), before it is sent. */
export function planRemoval(service: QuaysideService, keys: string[]): RemovalPlanItem[] {
  const nowMs = service.now().getTime();
  return keys.map((key) => {
    const shipment = findShipment(service, key);
    const outcome = predictRemoval({ trackingId: shipment.trackingId, status: shipment.status, shipmentStatus: shipment.shipmentStatus, createdAt: shipment.createdAt }, nowMs);
    return { shipment, outcome, description: describeRemoval(outcome) };
  });
}

export async function removeShipments(service: QuaysideService, plan: RemovalPlanItem[]): Promise<{ deleted: string[]; archived: string[]; localOnly: number[] }> {
  const ids = [...new Set(plan.map((p) => p.shipment.trackingId).filter((id): id is string => Boolean(id)))];
  const localOnly = plan.filter((p) => !p.shipment.trackingId).map((p) => p.shipment.id);
  const result = ids.length > 0 ? await service.api().deleteShipments(ids) : { deleted: [], archived: [] };
  service.store.applyDeletion(result);
  service.store.removeLocal(localOnly);
  return { ...result, localOnly };
}
