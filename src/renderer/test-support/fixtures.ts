/** Rows and views for component tests. */
import type { FakeHandlers } from './fake-bridge';
import type { CreditsView, SettingsView, ShipmentDetail, ShipmentListPage, ShipmentListQuery, ShipmentTableRow, StatusView } from '../../shared/contract';
import type { FeedItem } from '../../shared/contract';
import type { Shipment } from '../../shared/domain';

export function tableRow(index: number, patch: Partial<ShipmentTableRow> = {}, prefix = 'MSCU'): ShipmentTableRow {
  return {
    id: index + 1,
    trackingId: `trk-${index + 1}`,
    reference: `${prefix}${String(index).padStart(7, '0')}`,
    type: 'container',
    carrier: { scac: 'MSCU', name: 'MSC' },
    status: 'ACTIVE',
    shipmentStatus: 'IN_TRANSIT',
    outcome: 'OK',
    pol: { name: 'Shanghai', country: 'CN' },
    pod: { name: 'Rotterdam', country: 'NL' },
    eta: '2026-12-04T14:00:00',
    lastEtaMove: { at: '2026-11-20T10:00:00Z', from: '2026-12-01T08:00:00', to: '2026-12-04T14:00:00' },
    vessel: 'MSC AURORA',
    voyage: '123W',
    note: null,
    lastCheckedAt: '2026-11-23T02:00:00Z',
    notePending: false,
    lastFreeDay: null,
    progress: null,
    customer: null,
    likelyArrival: null,
    ...patch,
  };
}

/** A `shipments.list` answer over `total` generated rows. */
export function pageOf(query: ShipmentListQuery, total: number, prefix = 'MSCU'): ShipmentListPage {
  const rows: ShipmentTableRow[] = [];
  for (let i = query.offset; i < Math.min(total, query.offset + query.limit); i++) rows.push(tableRow(i, {}, prefix));
  return { total, offset: query.offset, rows };
}

export const SETTINGS: SettingsView = { apiBase: 'http://127.0.0.1:9', theme: 'light', dateFormat: 'system', timeFormat: 'system', creditWarningBelow: 100, syncIntervalMinutes: 0, importFileDays: 30, dataDir: '/tmp/quayside', demo: false };

export const CREDITS: CreditsView = {
  remaining: 812,
  checkedAt: '2026-11-23T02:00:00Z',
  history: [
    { remaining: 840, checkedAt: '2026-11-22T02:00:00Z' },
    { remaining: 812, checkedAt: '2026-11-23T02:00:00Z' },
  ],
  warningBelow: 100,
  low: false,
};

export const STATUS: StatusView = { online: true, queued: 0, inFlight: 0, waiting: null, outboxPending: 0, rateLimited: 0 };

/** The shipment of the row `tableRow(id - 1)` as the detail reads it: nothing tracked beyond the row unless patched. */
export function shipmentOf(id: number, patch: Partial<Shipment> = {}): Shipment {
  return {
    ...tableRow(id - 1),
    type: 'container',
    origin: null,
    pol: null,
    pod: null,
    destination: null,
    containers: [],
    currentPosition: null,
    changes: [],
    createdAt: null,
    fields: {},
    outcome: 'INFO_NOT_FOUND',
    shipmentStatus: null,
    ...patch,
  };
}

/** The detail of the shipment with this id (`shipmentOf(id)`). */
export function detailOf(id: number): ShipmentDetail {
  return { shipment: shipmentOf(id), pendingNote: null, raw: [], lastFreeDay: null };
}

/** A change of the feed: an ETA moved 3 days later unless patched. */
export function feedItem(id: number, patch: Partial<FeedItem> = {}): FeedItem {
  return {
    id,
    at: '2026-11-23T10:00:00Z',
    shipmentId: id,
    reference: `MSCU${String(id).padStart(7, '0')}`,
    kind: 'eta_moved',
    from: '2026-12-01T08:00:00',
    to: '2026-12-04T14:00:00',
    etaMoveDays: 3,
    containerNumber: null,
    ...patch,
  };
}

/** What the window's stores ask for once connected (connectStores): a quiet desk holding `total` shipments. */
export function connectedWindow(total: number): FakeHandlers {
  return {
    'settings.get': () => SETTINGS,
    'settings.keyStatus': () => ({ apiBase: null, source: null, last4: null }),
    'sync.statusBar': () => STATUS,
    'credits.get': () => CREDITS,
    'notes.pending': () => [],
    'shipments.facets': () => ({ carriers: [], pods: [], shipmentStatuses: [], fieldNames: [], total }),
  };
}
