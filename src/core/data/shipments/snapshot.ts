/**
 * One shape for everything the service tells us about one shipment at one moment,
 * whether it came from a single lookup, a batch entry, or a page of `GET /v2/shipments`.
 */
import type { Outcome } from '../../../shared/domain.js';
import type { ShipmentRecord, TrackingData, TrackingResult } from '../../platform/api/types.js';
import { answerCompanyOf, type AnswerCompany } from './carrier-name.js';
import type { EncodedBody } from './raw-payloads.js';

type PayloadSource = 'tracking' | 'batch' | 'shipments';

/** An answer from the service; PENDING is a local state, never an answer. */
type AnswerOutcome = Exclude<Outcome, 'PENDING'>;

export interface Snapshot {
  trackingId: string | null;
  reference: string;
  type: string;
  /** Null: not known from this answer (an existing value or the carrier directory fills it). */
  carrierScac: string | null;
  /** The name the service listed the record under (or its data's name): a last resort, see carrier-name.ts. */
  carrierName: string | null;
  /** The carrier the answer's own data names, with its SCACs. */
  answerCompany: AnswerCompany | null;
  /** `undefined` everywhere below means "this answer does not say": keep what we have. */
  companyId: number | null | undefined;
  subscriptionStatus: string | undefined;
  note: string | null | undefined;
  serviceCreatedAt: string | undefined;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  serviceUpdatedAt: string | null;
  checkedAt: string;
  outcome: AnswerOutcome;
  resultStatus: string | null;
  outcomeDetail: string | null;
  /** Present only when outcome is OK. */
  data: TrackingData | null;
  raw: string;
  /** `raw` deflated beforehand (raw-deflater.ts) with a dictionary the cache holds (maybe not its newest): stored as it is. */
  encodedRaw?: EncodedBody;
  source: PayloadSource;
  receivedAt: string;
}

/** The key references are matched on: upper case without white space. */
export function referenceKey(reference: string): string {
  return reference.replace(/\s+/g, '').toUpperCase();
}

/**
 * Data found: OK. No data, or INFO_NOT_FOUND: INFO_NOT_FOUND (missing is not delivered,
 * and not an error of ours). Any other failure the service reports: ERROR.
 */
function outcomeOf(success: boolean, status: string, data: TrackingData | null): AnswerOutcome {
  if (success && data !== null) return 'OK';
  if (status === 'INFO_NOT_FOUND') return 'INFO_NOT_FOUND';
  if (success) return 'INFO_NOT_FOUND';
  return 'ERROR';
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value;
}

function scacFromData(data: TrackingData | null): string | null {
  return nonEmpty(data?.summary?.company?.scacs?.[0]);
}

function carrierNameFromData(data: TrackingData | null): string | null {
  return nonEmpty(data?.summary?.company?.full_name) ?? nonEmpty(data?.summary?.company?.name);
}

export interface TrackingResultInput {
  reference: string;
  type: string;
  /** The SCAC the lookup was made with; null or `AUTO` is resolved from the answer when it can be. */
  scac: string | null;
  result: TrackingResult;
  /** The exact JSON text received for this result. */
  raw: string;
  source: 'tracking' | 'batch';
  /** UTC ISO time the answer was received. */
  checkedAt: string;
}

export function snapshotFromTrackingResult(input: TrackingResultInput): Snapshot {
  const { result } = input;
  const outcome = outcomeOf(result.success, result.status, result.data);
  const data = outcome === 'OK' ? result.data : null;
  const meta = result.data?.tracking_metadata ?? null;
  const requested = nonEmpty(input.scac);
  const scac = requested !== null && requested.toUpperCase() !== 'AUTO' ? requested : scacFromData(data);
  return {
    trackingId: nonEmpty(meta?.id),
    reference: input.reference.trim(),
    type: input.type,
    carrierScac: scac,
    carrierName: carrierNameFromData(data),
    answerCompany: answerCompanyOf(data),
    companyId: undefined,
    subscriptionStatus: meta?.status ?? undefined,
    note: meta ? meta.note : undefined,
    serviceCreatedAt: meta?.created_at ?? undefined,
    startDate: undefined,
    endDate: meta ? meta.end_date : undefined,
    serviceUpdatedAt: meta?.updated_at ?? null,
    checkedAt: input.checkedAt,
    outcome,
    resultStatus: result.status,
    outcomeDetail: result.status_description,
    data,
    raw: input.raw,
    source: input.source,
    receivedAt: input.checkedAt,
  };
}

export function snapshotFromShipmentRecord(record: ShipmentRecord, raw: string, pageCheckedAt: string): Snapshot {
  const item = record.tracked_item;
  const answer = item.data;
  const outcome = outcomeOf(answer.success, answer.status, answer.data);
  const data = outcome === 'OK' ? answer.data : null;
  return {
    trackingId: record.id,
    reference: (nonEmpty(item.track_number) ?? record.track_number).trim(),
    type: item.track_number_type,
    carrierScac: scacFromData(data),
    carrierName: nonEmpty(item.company_name) ?? carrierNameFromData(data),
    answerCompany: answerCompanyOf(data),
    companyId: item.company_id,
    subscriptionStatus: record.status,
    note: record.note,
    serviceCreatedAt: record.created_at,
    startDate: record.start_date,
    endDate: record.end_date,
    serviceUpdatedAt: item.updated_at,
    checkedAt: item.checked_at ?? pageCheckedAt,
    outcome,
    resultStatus: answer.status,
    outcomeDetail: answer.status_description,
    data,
    raw,
    source: 'shipments',
    receivedAt: pageCheckedAt,
  };
}
