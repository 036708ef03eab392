/**
 * Tracked shipments: the tracking lookup with its credit rules, stored records, and
 * DELETE with the 72-hour refund rule (the service's interface 3.2, 4.4, 4.6).
 */
import type { RequestEcho, ShipmentRecord, TrackingData, TrackingResult } from '../core/platform/api/types.js';
import { iso, type Account, type ShipmentRow } from './accounts.js';
import { carrierByScac, type CarrierInfo } from './carriers.js';
import type { SimContext } from './context.js';
import { generateTrackingData } from './generate.js';
import { HttpError } from './http-util.js';
import { DAY, HOUR } from './naive-time.js';
import { hashParts } from './random.js';
import { isNotFound, normaliseReference, referenceKey, resolveCarrier } from './references.js';
import { buildRouteInfo } from './route-info.js';

export interface TrackInput {
  type: string;
  value: string;
  company: string;
}

/** Checks a lookup request; throws 400 with a readable reason, or returns the carrier. */
export function validateTrackInput(ctx: SimContext, input: TrackInput): CarrierInfo {
  const { type, value, company } = input;
  if (type !== 'container' && type !== 'bl' && type !== 'bk') {
    throw new HttpError(400, 'type must be one of container, bl, bk');
  }
  if (value.trim() === '') throw new HttpError(400, 'value (the tracking number) is required');
  if (company.trim() === '') throw new HttpError(400, 'company (a carrier SCAC or AUTO) is required');
  if (company.toUpperCase() === 'AUTO' && type !== 'container') {
    throw new HttpError(400, `company=AUTO is only available for containers; a carrier SCAC is required for type ${type}`);
  }
  const carrier = resolveCarrier(ctx.seed, company, value);
  if (!carrier) throw new HttpError(400, `Unknown carrier SCAC ${company}; see GET /v2/companies`);
  if ((type === 'bk' && !carrier.bk) || (type === 'bl' && !carrier.bl)) {
    throw new HttpError(400, `${carrier.fullName} does not support tracking by ${type === 'bk' ? 'booking' : 'bill of lading'}`);
  }
  return carrier;
}

function echo(input: TrackInput): RequestEcho {
  return { track_number: { type: input.type, value: input.value }, company: input.company };
}

/** The row's current tracking data (without tracking_metadata and route_info). */
export function dataOf(ctx: SimContext, row: ShipmentRow): TrackingData {
  if (row.data) return row.data;
  const carrier = carrierByScac(row.scac)!;
  return generateTrackingData({ seed: ctx.seed, type: row.type, value: row.value, carrier, now: ctx.now(), habits: ctx.habits });
}

/** Materialises the row's data so that a control call can change it. */
export function mutableDataOf(ctx: SimContext, row: ShipmentRow): TrackingData {
  row.data ??= dataOf(ctx, row);
  return row.data;
}

function withRoute(ctx: SimContext, row: ShipmentRow, data: TrackingData, needRoute: boolean): TrackingData {
  if (!needRoute) return { ...data, route_info: null };
  const insufficient = hashParts(ctx.seed, 'no-route', row.type, row.value) % 100 < 8;
  return { ...data, route_info: buildRouteInfo(data, ctx.now(), insufficient) };
}

function endDate(row: ShipmentRow): number {
  return row.createdAt + 90 * DAY;
}

function foundResult(ctx: SimContext, row: ShipmentRow, input: TrackInput, needRoute: boolean): TrackingResult {
  const data = withRoute(ctx, row, dataOf(ctx, row), needRoute);
  data.tracking_metadata = {
    id: row.id,
    end_date: iso(endDate(row)),
    status: row.status,
    note: row.note,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
  return { success: true, data, status: 'OK', status_description: 'Tracking data found', request: echo(input) };
}

/**
 * One lookup (single request or batch entry). An ACTIVE reference is returned free; a
 * found reference that is not ACTIVE costs one credit and becomes ACTIVE; a reference
 * with no data costs nothing and stores nothing.
 */
export function trackOne(ctx: SimContext, account: Account, input: TrackInput, carrier: CarrierInfo, needRoute: boolean): TrackingResult {
  const ref = normaliseReference(input.value);
  const stats = account.stats.trackingRequestsByReference;
  stats[ref] = (stats[ref] ?? 0) + 1;
  const now = ctx.now();
  const existing = account.byRef.get(referenceKey(input.type, ref));
  if (existing?.status === 'ACTIVE') {
    existing.checkedAt = now;
    return foundResult(ctx, existing, input, needRoute);
  }
  if (isNotFound(ctx.seed, input.type, ref)) {
    return {
      success: true,
      data: null,
      status: 'INFO_NOT_FOUND',
      status_description: `No tracking information was found for ${input.type} ${ref}`,
      request: echo(input),
    };
  }
  if (account.credits <= 0) {
    return {
      success: false,
      data: null,
      status: 'CREDITS_EXHAUSTED',
      status_description: 'No tracking credits are left on this API key; buy credits to track new references',
      request: echo(input),
    };
  }
  account.credits -= 1;
  account.stats.creditsSpent += 1;
  let row = existing;
  if (row) {
    row.status = 'ACTIVE';
    row.createdAt = now;
    row.updatedAt = now;
    row.checkedAt = now;
    row.data = undefined;
  } else {
    row = {
      id: ctx.uuid(),
      type: input.type,
      value: ref,
      scac: carrier.scac,
      createdAt: now,
      updatedAt: now,
      checkedAt: now,
      status: 'ACTIVE',
      note: null,
    };
    account.shipments.set(row.id, row);
    account.byRef.set(referenceKey(row.type, row.value), row);
  }
  account.sorted = null;
  return foundResult(ctx, row, input, needRoute);
}

export function shipmentRecord(ctx: SimContext, row: ShipmentRow, needRoute: boolean): ShipmentRecord {
  const carrier = carrierByScac(row.scac)!;
  const data = withRoute(ctx, row, dataOf(ctx, row), needRoute);
  return {
    id: row.id,
    tracked_item: {
      track_number: row.value,
      track_number_type: row.type,
      company_id: carrier.companyId,
      data: { success: true, data, status: 'OK', status_description: 'Tracking data found' },
      updated_at: iso(row.updatedAt),
      checked_at: iso(row.checkedAt),
      company_name: carrier.fullName,
    },
    start_date: iso(row.createdAt),
    end_date: iso(endDate(row)),
    status: row.status,
    note: row.note,
    created_at: iso(row.createdAt),
    track_number: row.value,
  };
}

/** DELETE /v2/shipments per record, exactly the table of the service's interface 3.2. */
export function deleteShipments(ctx: SimContext, account: Account, ids: string[]): { deleted: string[]; archived: string[] } {
  const deleted: string[] = [];
  const archived: string[] = [];
  const now = ctx.now();
  // Real hours, as the service counts them: the time scale compresses rate windows and waits, not a record's age.
  const refundWindow = 72 * HOUR;
  for (const id of ids) {
    const row = account.shipments.get(id);
    if (!row) continue;
    if (row.status === 'ARCHIVED') {
      removeRow(account, row);
      deleted.push(id);
      continue;
    }
    const young = now - row.createdAt <= refundWindow;
    const inTransit = dataOf(ctx, row).shipment_status === 'IN_TRANSIT';
    if (young && !inTransit) {
      removeRow(account, row);
      account.credits += 1;
      account.stats.creditsRefunded += 1;
      deleted.push(id);
    } else {
      row.status = 'ARCHIVED';
      row.updatedAt = now;
      archived.push(id);
    }
  }
  return { deleted, archived };
}

function removeRow(account: Account, row: ShipmentRow): void {
  account.shipments.delete(row.id);
  account.byRef.delete(referenceKey(row.type, row.value));
  account.sorted = null;
}

/** A row by tracking id, or by reference (any type). */
export function findRow(account: Account, idOrReference: string): ShipmentRow | undefined {
  const byId = account.shipments.get(idOrReference);
  if (byId) return byId;
  const ref = normaliseReference(idOrReference);
  for (const type of ['container', 'bl', 'bk']) {
    const row = account.byRef.get(referenceKey(type, ref));
    if (row) return row;
  }
  return undefined;
}
