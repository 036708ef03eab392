/**
 * Hand-built tracking payloads shaped as the service's interface 2.3 / 2.6 describes them, for store tests
 * and the store benchmark. Locations are listed in an order that differs from their ids,
 * and every summary and event date is naive.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  Container,
  Location,
  RouteInfo,
  ShipmentRecord,
  TrackingData,
  TrackingEvent,
  TrackingResult,
} from '../../src/core/platform/api/types.js';
import { containerCheckDigit } from '../../src/shared/iso6346.js';
import { openData, type Data } from '../../src/core/data/index.js';

/** A valid ISO 6346 number from owner code + category + 6-digit serial. */
export function containerNumber(first10: string): string {
  return first10 + String(containerCheckDigit(first10));
}

export const SHANGHAI: Location = { id: 31, name: 'Shanghai', state: null, terminal: null, country: 'CN', lat: 31.2304, lng: 121.4737 };
export const SINGAPORE: Location = { id: 4, name: 'Singapore', state: null, terminal: null, country: 'SG', lat: 1.2644, lng: 103.8223 };
export const ROTTERDAM: Location = { id: 17, name: 'Rotterdam', state: 'South Holland', terminal: 'Maasvlakte', country: 'NL', lat: 51.9244, lng: 4.4777 };
const DUISBURG: Location = { id: 9, name: 'Duisburg', state: 'North Rhine-Westphalia', terminal: null, country: 'DE', lat: 51.4344, lng: 6.7623 };
export const HAMBURG: Location = { id: 12, name: 'Hamburg', state: null, terminal: null, country: 'DE', lat: 53.5511, lng: 9.9937 };

/** In an order that is not the order of the ids. */
const LOCATIONS: Location[] = [ROTTERDAM, SHANGHAI, DUISBURG, SINGAPORE, HAMBURG];
const TERMINALS = [
  { id: 7, name: 'ECT Delta' },
  { id: 2, name: 'Yangshan Deep Water Port' },
];

export function event(
  statusCode: string,
  status: string,
  date: string,
  actual: boolean,
  location: Location | null,
  extra: Partial<Pick<TrackingEvent, 'terminal' | 'vessel' | 'voyage'>> = {},
): TrackingEvent {
  return {
    location: location?.id ?? null,
    terminal: extra.terminal ?? null,
    status,
    status_code: statusCode,
    date,
    actual,
    vessel: extra.vessel ?? null,
    voyage: extra.voyage ?? null,
  };
}

/** The usual story, newest first: gate-in and loading at Shanghai, transshipment at Singapore, arrival expected. */
export function defaultEvents(eta = '2026-11-20T08:00:00'): TrackingEvent[] {
  return [
    event('VAD', 'Vessel arrival', eta, false, ROTTERDAM, { terminal: 7, vessel: 'MAERSK EMDEN', voyage: '447W' }),
    event('CLT', 'Transshipment loading', '2026-10-25T14:30:00', true, SINGAPORE, { vessel: 'MAERSK EMDEN', voyage: '447W' }),
    event('CLL', 'Loading at origin port', '2026-10-10T09:00:00', true, SHANGHAI, { terminal: 2, vessel: 'MSC OSCAR', voyage: 'FA238E' }),
    event('CGI', 'Gate in, laden', '2026-10-08T16:20:00', true, SHANGHAI, { terminal: 2 }),
  ];
}

export function container(number: string, events: TrackingEvent[] = defaultEvents(), type = "40' HC"): Container {
  return { number, type, events };
}

export interface DataOptions {
  eta?: string | null;
  shipmentStatus?: string | null;
  containers?: Container[];
  trackingId?: string | null;
  subscription?: string;
  note?: string | null;
  createdAt?: string;
  updatedAt?: string;
  routeInfo?: RouteInfo | null;
  bl?: string[];
  bk?: string[];
  carrier?: { name: string; full_name: string; scac: string };
}

export const MAERSK = { name: 'Maersk', full_name: 'Maersk A/S', scac: 'MAEU' };

export function trackingData(o: DataOptions = {}): TrackingData {
  const eta = o.eta === undefined ? '2026-11-20T08:00:00' : o.eta;
  const carrier = o.carrier ?? MAERSK;
  const trackingId = o.trackingId === undefined ? '0f8b6c1e-3a52-4c1e-9d7a-2b1f4e6a9c01' : o.trackingId;
  return {
    summary: {
      origin: { location: SHANGHAI.id, terminal: 2, date: '2026-10-08T16:20:00' },
      pol: { location: SHANGHAI.id, terminal: 2, date: '2026-10-10T09:00:00' },
      pod: { location: ROTTERDAM.id, terminal: 7, date: eta },
      destination: { location: DUISBURG.id, terminal: null, date: null },
      company: { name: carrier.name, full_name: carrier.full_name, url: 'https://example.com', scacs: [carrier.scac] },
    },
    locations: LOCATIONS,
    terminals: TERMINALS,
    containers: o.containers ?? [container(containerNumber('MSKU123456'), defaultEvents(eta ?? undefined))],
    route_info: o.routeInfo === undefined ? null : o.routeInfo,
    shipment_status: o.shipmentStatus === undefined ? 'IN_TRANSIT' : o.shipmentStatus,
    references: { booking_numbers: o.bk ?? ['BKG-778812'], bill_of_lading_numbers: o.bl ?? ['MAEU-244118870'] },
    tracking_metadata:
      trackingId === null
        ? null
        : {
            id: trackingId,
            end_date: null,
            status: o.subscription ?? 'ACTIVE',
            note: o.note === undefined ? null : o.note,
            created_at: o.createdAt ?? '2026-10-08T10:00:00.000Z',
            updated_at: o.updatedAt ?? '2026-10-26T06:00:00.000Z',
          },
  };
}

export function routeInfo(lat: number, lng: number): RouteInfo {
  return {
    route: [{ path: [[31.2, 121.5], [1.26, 103.8], [lat, lng]], type: 'sea' }],
    current_position: [lat, lng],
    last_updated: '2026-10-26T05:00:00.000Z',
    course: 291,
  };
}

export function okResult(data: TrackingData, value: string, type = 'container', company = 'MAEU'): TrackingResult {
  return { success: true, data, status: 'OK', status_description: 'Found', request: { track_number: { type, value }, company } };
}

export function notFoundResult(value: string, type = 'container', company = 'MAEU'): TrackingResult {
  return {
    success: true,
    data: null,
    status: 'INFO_NOT_FOUND',
    status_description: 'No information found for this number',
    request: { track_number: { type, value }, company },
  };
}

export function errorResult(value: string, description = 'Carrier site unavailable', type = 'container', company = 'MAEU'): TrackingResult {
  return { success: false, data: null, status: 'CARRIER_ERROR', status_description: description, request: { track_number: { type, value }, company } };
}

export interface RecordOptions {
  id: string;
  reference: string;
  type?: string;
  data: TrackingData | null;
  status?: string;
  note?: string | null;
  createdAt?: string;
  updatedAt?: string;
  checkedAt?: string;
  companyName?: string;
}

/** A stored tracked item (GET /v2/shipments): its tracking data carries no tracking_metadata. */
export function shipmentRecord(o: RecordOptions): ShipmentRecord {
  const data = o.data === null ? null : { ...o.data, tracking_metadata: null };
  return {
    id: o.id,
    tracked_item: {
      track_number: o.reference,
      track_number_type: o.type ?? 'container',
      company_id: 11,
      data: data
        ? { success: true, data, status: 'OK', status_description: 'Found' }
        : { success: true, data: null, status: 'INFO_NOT_FOUND', status_description: 'No information found' },
      updated_at: o.updatedAt ?? '2026-10-26T06:00:00.000Z',
      checked_at: o.checkedAt ?? '2026-10-26T06:00:00.000Z',
      company_name: o.companyName ?? 'Maersk A/S',
    },
    start_date: o.createdAt ?? '2026-10-08T10:00:00.000Z',
    end_date: '2027-01-08T10:00:00.000Z',
    status: o.status ?? 'ACTIVE',
    note: o.note ?? null,
    created_at: o.createdAt ?? '2026-10-08T10:00:00.000Z',
    track_number: o.reference,
  };
}

/** A deterministic uuid from a number, for many records. */
export function uuidFor(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `5e1d0c2a-7b3f-4a6e-8c9d-${hex}`;
}

/** A fresh temporary directory; removed by the returned cleanup. */
export function tempDir(prefix = 'quayside-store-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A store on a fresh file in a temp dir; `close` closes it and removes the dir. */
export function openTempStore(options?: Parameters<typeof openData>[1]): { store: Data; close: () => void } {
  const t = tempDir();
  const store = openData(path.join(t.dir, 'cache.sqlite'), options);
  return {
    store,
    close: () => {
      store.close();
      t.cleanup();
    },
  };
}
