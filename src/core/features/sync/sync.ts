/**
 * Refreshing the cache from every page of GET /v2/shipments (no credits): how tracked shipments
 * are kept current, since a reference already tracked is never looked up again.
 */
import type { Core } from '../../context.js';
import type { DeflatedRaws } from '../../data/index.js';
import type { Page, ShipmentRecord } from '../../platform/api/types.js';
import { type ListStatus, PagesAhead } from './pages-ahead.js';

export interface SyncProgress {
  status: 'ACTIVE' | 'ARCHIVED';
  page: number;
  totalPages: number;
  shipments: number;
}

export interface SyncDone {
  shipments: number;
  pages: number;
  changes: number;
  /** Shipments the service no longer has (deleted there by anyone), now marked REMOVED here. */
  removed: number;
  checkedAt: string;
}

/**
 * When both lists were read whole and did not change size meanwhile, what the cache tracks and
 * the service no longer has is marked removed at the service.
 *
 * The lists are paged newest first (created_at desc), and pages are asked ahead of their turn
 * (pages-ahead.ts), each answered at its own moment. A shipment created meanwhile goes to the
 * head of the ACTIVE list: it moves the others one place on (a page's last record comes again at
 * the start of the next, none is skipped), the list's tail moves onto pages past its old end
 * (asked as soon as a page says the list has more), and the new shipment is read at the end,
 * from the head again until a page holds a record already read.
 */
export async function syncShipments(core: Core, onProgress?: (p: SyncProgress) => void): Promise<SyncDone> {
  const client = core.api();
  const changesBefore = core.read.countChanges();
  let shipments = 0;
  let pages = 0;
  // Rows written from here on (this sync's own, or a lookup meanwhile) are never taken for removed.
  const startedAt = new Date(core.now().getTime() - 1).toISOString();
  const checkedAt = core.now().toISOString();
  const seen = new Set<string>();
  // A shipment added or deleted while the lists are read shifts the pages, so one could be
  // missed: then nothing is marked removed this time.
  let stable = true;
  const fetch = (status: ListStatus, page: number) => client.shipmentsPage({ page, limit: 500, status, needRoute: true }, { priority: 'background' });
  const store = (result: Page<ShipmentRecord>, raws: readonly string[], deflated: DeflatedRaws | null) => {
    const stored = core.write((tx) => tx.recordShipmentRecords(result.data, raws, checkedAt, { deflated }));
    const changed = stored.results.filter((r) => r.status === 'inserted' || r.changes > 0).map((r) => r.shipmentId);
    if (changed.length > 0) core.events.emit('sync.page', { ids: changed });
    for (const record of result.data) seen.add(record.id);
    shipments += result.data.length;
    pages++;
  };
  const firstCount = new Map<ListStatus, number>();
  let grew = false;
  const ahead = new PagesAhead({ fetch, deflate: (records, raws) => core.deflatePage(records, raws) });
  try {
    for (let next = await ahead.next(); next !== null; next = await ahead.next()) {
      const { status, page, result } = next;
      // Asked ahead beyond the end of a list that shrank meanwhile: nothing there.
      if (page > 1 && page > result.meta.totalPages && result.data.length === 0) continue;
      const first = firstCount.get(status);
      if (first === undefined) firstCount.set(status, result.meta.totalItems);
      else if (first !== result.meta.totalItems) stable = false;
      if (status === 'ACTIVE' && first !== undefined && result.meta.totalItems > first) grew = true;
      // The pages asked meanwhile get a turn to leave before the write holds the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
      store(result, next.raws, next.deflated);
      onProgress?.({ status, page, totalPages: result.meta.totalPages, shipments });
    }
  } finally {
    ahead.stop();
  }
  for (let page = 1; grew; page++) {
    const result = await fetch('ACTIVE', page);
    const known = result.data.some((r) => seen.has(r.id));
    store(result, result.data.map((r) => JSON.stringify(r)), null);
    if (known || page >= result.meta.totalPages) break;
  }
  const removed = stable ? core.write((tx) => tx.markRemovedAtService([...seen], startedAt)).length : 0;
  core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return { shipments, pages, changes: core.read.countChanges() - changesBefore, removed, checkedAt };
}
