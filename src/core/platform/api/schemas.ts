/**
 * Zod schemas of the tracking service's payloads (the service's interface section 2), annotated with the
 * types of types.ts so that a schema that drifts from its type fails to compile.
 *
 * Policy: enum-like values are open strings (unknown values are kept); fields types.ts makes
 * nullable are normalised to null when absent; arrays the spec says may be empty default to [];
 * anything present with the wrong type is rejected (numbers in strings are not coerced); naive
 * dates stay the strings they were. Objects are loose: fields the spec does not name are kept.
 */
import { z } from 'zod';
import type {
  ApiKeyInfo,
  BatchTask,
  Carrier,
  Container,
  DeleteShipmentsResult,
  LatLng,
  Location,
  Page,
  PageLinks,
  PageMeta,
  RequestEcho,
  RouteInfo,
  RoutePoint,
  ShipmentRecord,
  Summary,
  Terminal,
  TrackedItem,
  TrackingData,
  TrackingEvent,
  TrackingMetadata,
  TrackingResult,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEventType,
  WebhookTestResult,
} from './types.js';

/** Absent or null become null; any other value must match `schema`. */
function nullable<T>(schema: z.ZodType<T>): z.ZodType<T | null> {
  return schema.nullish().transform((v) => v ?? null);
}

/** Absent or null become []; a present value must be an array of `item`. */
function listOrEmpty<T>(item: z.ZodType<T>): z.ZodType<T[]> {
  return z.array(item).nullish().transform((v) => v ?? []);
}

const text = z.string();
const integer = z.int();

const latLng: z.ZodType<LatLng> = z.tuple([z.number(), z.number()]);

const EMPTY_POINT: RoutePoint = { location: null, terminal: null, date: null };

/** Rule 1 of 2.3: a null point means the information is missing, which an all-null point says too. */
const routePoint: z.ZodType<RoutePoint> = z
  .looseObject({ location: nullable(integer), terminal: nullable(integer), date: nullable(text) })
  .nullish()
  .transform((v) => v ?? { ...EMPTY_POINT });

const summary: z.ZodType<Summary> = z.looseObject({
  origin: routePoint,
  pol: routePoint,
  pod: routePoint,
  destination: routePoint,
  company: nullable(
    z.looseObject({ name: text, full_name: text, url: text, scacs: listOrEmpty(text) }),
  ),
});

const location: z.ZodType<Location> = z.looseObject({
  id: integer,
  name: text,
  state: nullable(text),
  terminal: nullable(text),
  country: text,
  lat: z.number(),
  lng: z.number(),
});

const terminal: z.ZodType<Terminal> = z.looseObject({ id: integer, name: text });

const trackingEvent: z.ZodType<TrackingEvent> = z.looseObject({
  location: nullable(integer),
  terminal: nullable(integer),
  status: text,
  status_code: text,
  date: nullable(text),
  actual: z.boolean(),
  vessel: nullable(text),
  voyage: nullable(text),
});

const container: z.ZodType<Container> = z.looseObject({
  number: text,
  type: text,
  events: z.array(trackingEvent),
});

const routeInfo: z.ZodType<RouteInfo> = z.looseObject({
  route: listOrEmpty(z.looseObject({ path: z.array(latLng), type: text })),
  current_position: nullable(latLng),
  last_updated: nullable(text),
  course: nullable(z.number()),
});

const trackingMetadata: z.ZodType<TrackingMetadata> = z.looseObject({
  id: text,
  end_date: nullable(text),
  status: text,
  note: nullable(text),
  created_at: text,
  updated_at: text,
});

const references = z
  .looseObject({ booking_numbers: listOrEmpty(text), bill_of_lading_numbers: listOrEmpty(text) })
  .nullish()
  .transform((v) => v ?? { booking_numbers: [], bill_of_lading_numbers: [] });

const trackingDataSchema: z.ZodType<TrackingData> = z.looseObject({
  summary,
  locations: z.array(location),
  terminals: listOrEmpty(terminal),
  containers: z.array(container),
  route_info: nullable(routeInfo),
  shipment_status: nullable(text),
  references,
  tracking_metadata: nullable(trackingMetadata),
});

const requestEcho: z.ZodType<RequestEcho> = z.looseObject({
  track_number: z.looseObject({ type: text, value: text }),
  company: text,
});

/** A single tracking response (the whole body) or one batch result entry. */
export const trackingResultSchema: z.ZodType<TrackingResult> = z.looseObject({
  success: z.boolean(),
  data: nullable(trackingDataSchema),
  status: text,
  status_description: nullable(text),
  request: nullable(requestEcho),
});

export const batchTaskSchema: z.ZodType<BatchTask> = z.looseObject({
  task_id: text,
  status: text,
  results: listOrEmpty(trackingResultSchema),
});

export const batchCreatedSchema: z.ZodType<{ task_id: string }> = z.looseObject({ task_id: text });

const trackedItem: z.ZodType<TrackedItem> = z.looseObject({
  track_number: text,
  track_number_type: text,
  company_id: nullable(integer),
  data: z.looseObject({
    success: z.boolean(),
    data: nullable(trackingDataSchema),
    status: text,
    status_description: nullable(text),
  }),
  updated_at: nullable(text),
  checked_at: nullable(text),
  company_name: nullable(text),
});

export const shipmentRecordSchema: z.ZodType<ShipmentRecord> = z.looseObject({
  id: text,
  tracked_item: trackedItem,
  start_date: nullable(text),
  end_date: nullable(text),
  status: text,
  note: nullable(text),
  created_at: text,
  track_number: text,
});

const pageMeta: z.ZodType<PageMeta> = z.looseObject({
  itemsPerPage: integer,
  totalItems: integer,
  currentPage: integer,
  totalPages: integer,
  sortBy: listOrEmpty(z.tuple([text, text])),
  filter: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? {}),
});

const pageLinks: z.ZodType<PageLinks> = z.looseObject({
  first: nullable(text),
  previous: nullable(text),
  current: nullable(text),
  next: nullable(text),
  last: nullable(text),
});

export function pageSchema<T>(item: z.ZodType<T>): z.ZodType<Page<T>> {
  return z.looseObject({ data: z.array(item), meta: pageMeta, links: pageLinks });
}

/** The carrier map of 4.1: full carrier name → capability. */
export const carrierMapSchema: z.ZodType<Record<string, Omit<Carrier, 'name'>>> = z.record(
  z.string(),
  z.looseObject({ scac: text, cn: z.boolean(), bl: z.boolean(), bk: z.boolean() }),
);

export const apiKeyInfoSchema: z.ZodType<ApiKeyInfo> = z.looseObject({
  creation_date: text,
  api_key: text,
  requests_remaining_count: integer,
});

export const deleteShipmentsResultSchema: z.ZodType<DeleteShipmentsResult> = z.looseObject({
  deleted: listOrEmpty(text),
  archived: listOrEmpty(text),
});

export const webhookEventTypeSchema: z.ZodType<WebhookEventType> = z.looseObject({
  type: text,
  group: text,
  description: text,
});

export const webhookSchema: z.ZodType<Webhook> = z.looseObject({
  id: text,
  callback_url: text,
  is_active: z.boolean(),
  event_types: listOrEmpty(text),
  created_at: text,
  updated_at: text,
  secret: text.optional(),
});

const webhookAttempt: z.ZodType<WebhookAttempt> = z.looseObject({
  id: text,
  notification_id: text,
  attempt_number: integer,
  http_status: nullable(integer),
  error_message: nullable(text),
  attempted_at: text,
});

export const webhookDeliverySchema: z.ZodType<WebhookDelivery> = z.looseObject({
  id: text,
  webhook_id: text,
  event_type: text,
  payload: z.record(z.string(), z.unknown()),
  status: text,
  attempt_count: integer,
  next_attempt_at: nullable(text),
  delivered_at: nullable(text),
  created_at: text,
  webhook: nullable(webhookSchema),
  attempts: listOrEmpty(webhookAttempt),
});

export const webhookTestResultSchema: z.ZodType<WebhookTestResult> = z
  .looseObject({
    success: z.boolean(),
    http_status: nullable(integer),
    error_message: text.nullish(),
  })
  // A null error_message means "none", which the type says by leaving the field out.
  .transform(({ error_message, ...rest }) => (error_message == null ? rest : { ...rest, error_message }));

/** The common response envelope (2.1). `success` and `status` are absent from some answers. */
export interface Envelope<T> {
  success: boolean | null;
  data: T;
  status: string | null;
  status_description: string | null;
}

export function envelopeSchema<T>(data: z.ZodType<T>): z.ZodType<Envelope<T>> {
  return z.looseObject({
    success: nullable(z.boolean()),
    data,
    status: nullable(text),
    status_description: nullable(text),
  });
}

/** Formats a zod issue path the way a JavaScript reader writes it: `data.containers[0].events[2].date`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(body)' : out;
}
