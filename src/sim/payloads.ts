/**
 * Outgoing webhook payloads (the service's interface 6.3). The shape shown for tracking.delivered is
 * used for every event type; `changes` items are {field, old_value, new_value}.
 */
import type { TrackingData } from '../core/platform/api/types.js';
import { containerCheckDigit } from '../shared/iso6346.js';
import { iso, type ShipmentRow } from './accounts.js';
import { carrierByScac } from './carriers.js';
import type { SimContext } from './context.js';
import { placeById, placeLabel } from './places.js';
import { buildRouteInfo } from './route-info.js';

const API_VERSION = '2024-06-01';

export const EVENT_TYPES: { type: string; group: string; description: string }[] = [
  { type: 'tracking.eta_update', group: 'tracking', description: 'Estimated arrival date changed' },
  { type: 'tracking.history_update', group: 'tracking', description: 'An event was added to the tracking history' },
  { type: 'tracking.info_found', group: 'tracking', description: 'Tracking data was found' },
  { type: 'tracking.info_not_found', group: 'tracking', description: 'Tracking data was not found' },
  { type: 'tracking.auto_archiving', group: 'tracking', description: 'Subscriptions were automatically archived' },
  { type: 'tracking.delivered', group: 'tracking', description: 'Shipment was delivered' },
  { type: 'tracking.test', group: 'tracking', description: 'Sent by POST /v2/webhooks/{id}/test' },
];

export interface Change {
  field: string;
  old_value: unknown;
  new_value: unknown;
}

const label = (id: number | null): string | null => {
  if (id === null) return null;
  const place = placeById(id);
  return place ? placeLabel(place) : null;
};

export function shipmentPayload(
  ctx: SimContext,
  row: ShipmentRow,
  data: TrackingData,
  type: string,
  changes: Change[],
): Record<string, unknown> {
  const carrier = carrierByScac(row.scac)!;
  const latest = data.containers
    .flatMap((c) => c.events)
    .filter((e) => e.actual && e.date !== null)
    .sort((a, b) => (a.date! < b.date! ? 1 : -1))[0];
  const delivered = data.shipment_status === 'DELIVERED';
  const route = delivered ? null : buildRouteInfo(data, ctx.now(), false);
  return {
    id: ctx.uuid(),
    type,
    api_version: API_VERSION,
    created_at: iso(ctx.now()),
    resource: {
      tracked_item_id: row.id,
      track_number: { type: row.type, value: row.value },
      company: carrier.fullName,
      company_scac: carrier.scac,
    },
    data: {
      shipment_status: data.shipment_status,
      route: {
        origin: label(data.summary.origin.location),
        pol: label(data.summary.pol.location),
        pod: label(data.summary.pod.location),
        destination: label(data.summary.destination.location),
      },
      final_location: label(data.summary.destination.location),
      current_position: route?.current_position ?? null,
      event: latest
        ? {
            location: label(latest.location),
            status: latest.status,
            status_code: latest.status_code,
            date: latest.date,
            actual: latest.actual,
            vessel: latest.vessel,
            voyage: latest.voyage,
          }
        : null,
    },
    changes,
  };
}

const SAMPLE_CONTAINER = 'MSCU123456' + String(containerCheckDigit('MSCU123456'));

/** tracking.test: a sample payload of the same shape (the service's interface: not shown). */
export function testPayload(ctx: SimContext): Record<string, unknown> {
  return {
    id: ctx.uuid(),
    type: 'tracking.test',
    api_version: API_VERSION,
    created_at: iso(ctx.now()),
    resource: {
      tracked_item_id: '00000000-0000-4000-8000-000000000000',
      track_number: { type: 'container', value: SAMPLE_CONTAINER },
      company: 'Mediterranean Shipping Company',
      company_scac: 'MSCU',
    },
    data: {
      shipment_status: 'IN_TRANSIT',
      route: { origin: 'Shanghai, China', pol: 'Shanghai, China', pod: 'Rotterdam, Netherlands', destination: 'Rotterdam, Netherlands' },
      final_location: 'Rotterdam, Netherlands',
      current_position: null,
      event: null,
    },
    changes: [],
  };
}
