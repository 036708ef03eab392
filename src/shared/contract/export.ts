/** Export of the view, a selection or a watchlist, written by the engine where the person chose. */
import { z } from 'zod';
import { count, method, none, shipmentId, watchlistId } from './base.js';
import { filter, groupBy, order, sort } from './shipments.js';

const exportColumnViewSchema = z.strictObject({
  /** A fixed column's id, or `field:<name>` for an imported column. */
  id: z.string(),
  header: z.string(),
  /** In the one default set (the window's ticks before a person chooses, and `quayside export` without --columns). */
  byDefault: z.boolean(),
});
export type ExportColumnView = z.output<typeof exportColumnViewSchema>;

const exportScope = z.discriminatedUnion('kind', [
  // The table's order as shown (its grouping first): `order` wins over `sort`.
  z.strictObject({ kind: z.literal('view'), filter, sort: sort.optional(), order: order.optional(), groupBy: groupBy.optional() }),
  z.strictObject({ kind: z.literal('ids'), ids: z.array(shipmentId).min(1).max(100_000) }),
  z.strictObject({ kind: z.literal('watchlist'), watchlistId }),
]);
export type ExportScope = z.input<typeof exportScope>;

const exportInput = z.strictObject({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(z.string().min(1).max(210)).min(1).max(100),
  scope: exportScope,
});
export type ExportInput = z.input<typeof exportInput>;

const exportFileSchema = z.strictObject({
  fileName: z.string(),
  mimeType: z.string(),
  rows: count,
  sizeBytes: count,
  /** Where the engine wrote it (the place chosen in the save dialog, or the harness's download folder). */
  savedTo: z.string(),
  /** The harness only: where the browser fetches it. */
  download: z.string().nullable(),
});
export type ExportFile = z.output<typeof exportFileSchema>;

export const exportMethods = {
  'export.columns': method(none, z.array(exportColumnViewSchema)),
  /** Written by the engine where the person chose (the desktop's save dialog) or to a download (harness); null: cancelled. */
  'export.run': method(exportInput, exportFileSchema.nullable()),
};
