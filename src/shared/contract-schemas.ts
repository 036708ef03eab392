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
});

const sort = z.enum(['recent', 'eta', 'reference', 'checked']);

const none = z.undefined();

export const INPUT_SCHEMAS = {
  'app.info': none,
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
  }),
  'connection.test': none,
  'carriers.list': z.strictObject({ refresh: z.boolean() }),
  'credits.get': none,
  'credits.refresh': none,
  'status.get': none,
} as const satisfies Record<ApiMethod, z.ZodType>;
