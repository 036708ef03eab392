/** Export of the view, a selection or a watchlist, written by the engine where the person chose. */
import { z } from 'zod';
import { answer, method, none, shipmentId, watchlistId } from './base.js';
import type { ShipmentFilterInput, ShipmentSortKey } from './shipments.js';
import { filter, sort } from './shipments.js';

export interface ExportColumnView {
  id: string;
  header: string;
}

export type ExportScope =
  | { kind: 'view'; filter: ShipmentFilterInput; sort?: ShipmentSortKey }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'watchlist'; watchlistId: number };

export interface ExportInput {
  format: 'csv' | 'xlsx';
  columns: string[];
  scope: ExportScope;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  rows: number;
  sizeBytes: number;
  /** Where the engine wrote it (the place chosen in the save dialog, or the harness's download folder). */
  savedTo: string;
  /** The harness only: where the browser fetches it. */
  download: string | null;
}

export const exportMethods = {
  'export.columns': method(none, answer<ExportColumnView[]>()),
  /** Written by the engine where the person chose (the desktop's save dialog) or to a download (harness); null: cancelled. */
  'export.run': method(z.strictObject({
    format: z.enum(['csv', 'xlsx']),
    columns: z.array(z.string().min(1).max(210)).min(1).max(100),
    scope: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('view'), filter, sort: sort.optional() }),
      z.strictObject({ kind: z.literal('ids'), ids: z.array(shipmentId).min(1).max(100_000) }),
      z.strictObject({ kind: z.literal('watchlist'), watchlistId }),
    ]),
  }), answer<ExportFile | null>()),
};
