/**
 * Input schemas for every method of the IPC contract. Main and the web harness validate each
 * call with these before the core sees it: the window is not trusted.
 */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from './domain.js';
import type { ApiMethod } from './contract.js';

const naiveDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const shortText = z.string().max(200);
const shipmentId = z.number().int().positive();

const filter = z.strictObject({
  search: z.string().max(500).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED']).optional(),
  shipmentStatus: shortText.optional(),
  outcome: z.enum(['OK', 'INFO_NOT_FOUND', 'PENDING', 'ERROR']).optional(),
  carrier: shortText.optional(),
  pod: shortText.optional(),
  etaFrom: naiveDate.optional(),
  etaTo: naiveDate.optional(),
  fields: z.record(shortText, shortText).optional(),
  watchlistId: z.number().int().positive().optional(),
});

const sort = z.enum(['recent', 'eta', 'reference', 'checked']);

const none = z.undefined();

const feedKind = z.enum(['eta_moved', 'event_added', 'status_changed', 'delivered', 'not_found', 'archived', 'removed']);
const watchlistId = z.number().int().positive();
const watchlistName = z.string().trim().min(1, 'a watchlist needs a name').max(80);
const jobId = z.number().int().positive();
const webhookId = z.string().min(1).max(100);
const importOptions = z.strictObject({
  fileId: z.string().regex(/^[a-f0-9]{16,64}$/, 'a file id from import.open'),
  sheet: shortText.optional(),
  mapping: z.record(shortText, shortText).optional(),
  carrier: shortText.optional(),
  acceptSuggestions: z.array(z.number().int().positive()).max(1_000_000).optional(),
});
const callbackUrl = z.string().max(2000).url('a full web address such as https://example.com/hooks/quayside');

export const INPUT_SCHEMAS = {
  'app.info': none,
  'app.sampleData': z.strictObject({ on: z.boolean() }),
  'shipments.list': filter.extend({
    sort: sort.optional(),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
  }),
  'shipments.ids': filter.extend({ sort: sort.optional() }),
  'shipments.facets': none,
  'shipments.get': shipmentId,
  'track.check': z.string().max(100),
  'track.run': z.strictObject({
    reference: z.string().min(1).max(100),
    type: z.enum(['container', 'bl', 'bk']).optional(),
    carrier: z.string().max(100).optional(),
  }),
  'notes.set': z.strictObject({
    shipmentId,
    note: z.string().max(NOTE_MAX_LENGTH, `a note has at most ${NOTE_MAX_LENGTH} characters`),
  }),
  'notes.pending': none,
  'removal.preview': z.array(shipmentId).min(1).max(100_000),
  'removal.run': z.array(shipmentId).min(1).max(100_000),
  'key.status': none,
  'key.set': z.string().min(1).max(200),
  'key.delete': none,
  'settings.get': none,
  'settings.update': z.strictObject({
    apiBase: z.string().max(500).optional(),
    theme: z.enum(['light', 'dark', 'system']).optional(),
    creditWarningBelow: z.number().int().min(0).max(100_000_000).optional(),
    syncIntervalMinutes: z.number().int().min(0).max(24 * 60).optional(),
  }),
  'connection.test': none,
  'carriers.list': z.strictObject({ refresh: z.boolean() }),
  'credits.get': none,
  'credits.refresh': none,
  'status.get': none,
  'sync.now': none,
  'sync.status': none,

  // The engine checks the rest (absolute, a spreadsheet's extension, a file, its size) when it opens it.
  'import.open': z.strictObject({ path: z.string().min(1).max(4096) }),
  'import.preview': importOptions,
  'import.start': importOptions.extend({ goOnWithWhatFits: z.boolean().optional() }),
  'import.jobs': none,
  'import.report': jobId,
  'import.reportCsv': jobId,
  'import.resume': jobId,

  'watchlists.list': none,
  'watchlists.create': z.discriminatedUnion('kind', [
    z.strictObject({ name: watchlistName, kind: z.literal('list'), shipmentIds: z.array(shipmentId).max(100_000) }),
    z.strictObject({ name: watchlistName, kind: z.literal('filter'), filter }),
  ]),
  'watchlists.fromImport': z.strictObject({ jobId, field: z.string().min(1).max(200) }),
  'watchlists.importValues': z.strictObject({ jobId, field: z.string().min(1).max(200).optional() }),
  'watchlists.addShipments': z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }),
  'watchlists.removeShipments': z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }),
  'watchlists.rename': z.strictObject({ watchlistId, name: watchlistName }),
  'watchlists.updateFilter': z.strictObject({ watchlistId, name: watchlistName, filter }),
  'watchlists.delete': watchlistId,
  'watchlists.markViewed': watchlistId,

  'feed.list': z.strictObject({
    watchlistId: watchlistId.optional(),
    kinds: z.array(feedKind).optional(),
    onlyUnseen: z.boolean().optional(),
    beforeId: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(500),
  }),
  'feed.markSeen': z.strictObject({ watchlistId: watchlistId.optional(), upToId: z.number().int().min(0) }),
  'notifications.get': none,
  'notifications.update': z.partialRecord(feedKind, z.boolean()),

  'map.view': filter,
  'map.route': shipmentId,

  'export.columns': none,
  'export.run': z.strictObject({
    format: z.enum(['csv', 'xlsx']),
    columns: z.array(z.string().min(1).max(210)).min(1).max(100),
    scope: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('view'), filter, sort: sort.optional() }),
      z.strictObject({ kind: z.literal('ids'), ids: z.array(shipmentId).min(1).max(100_000) }),
      z.strictObject({ kind: z.literal('watchlist'), watchlistId }),
    ]),
  }),

  'webhooks.list': none,
  'webhooks.eventTypes': none,
  'webhooks.create': z.strictObject({ callbackUrl, eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50), isActive: z.boolean() }),
  'webhooks.update': z.strictObject({
    webhookId,
    callbackUrl: callbackUrl.optional(),
    eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50).optional(),
    isActive: z.boolean().optional(),
    regenerateSecret: z.boolean().optional(),
  }),
  'webhooks.delete': webhookId,
  'webhooks.test': webhookId,
  'webhooks.deliveries': z.strictObject({ webhookId: webhookId.optional(), status: shortText.optional(), page: z.number().int().min(1).max(100_000) }),
} as const satisfies Record<ApiMethod, z.ZodType>;
