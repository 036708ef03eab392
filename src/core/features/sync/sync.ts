/**
 * Refreshing the cache from every page of GET /v2/shipments (no credits): how tracked shipments
 * are kept current, since a reference already tracked is never looked up again.
 */
import type { Core } from '../../context.js';

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
 */
export async function syncShipments(core: Core, onProgress?: (p: SyncProgress) => void): Promise<SyncDone> {
  const client = core.api();
  const changesBefore = core.read.countChanges();
  let shipments = 0;
  let pages = 0;
  // Rows written from here on (this sync's own, or a lookup meanwhile) are never taken for removed.
  const startedAt = new Date(core.now().getTime() - 1).toISOString();
  const checkedAt = core.now().toISOString();
  const seen: string[] = [];
  // The lists are paged newest first: a shipment added or deleted while they are read shifts the
  // pages, so one could be missed. Then nothing is marked removed this time.
  let stable = true;
  const fetchPage = (status: 'ACTIVE' | 'ARCHIVED', page: number) => {
    const asked = client.shipmentsPage({ page, limit: 500, status, needRoute: true }, { priority: 'background' });
    // Awaited in turn below; a page asked ahead whose turn never comes (a write failed first) is not an unhandled failure.
    asked.catch(() => undefined);
    return asked;
  };
  for (const status of ['ACTIVE', 'ARCHIVED'] as const) {
    let total: number | null = null;
    let next = fetchPage(status, 1);
    for (let page = 1, totalPages = 1; page <= totalPages; page++) {
      const result = await next;
      totalPages = result.meta.totalPages;
      if (total !== null && total !== result.meta.totalItems) stable = false;
      total = result.meta.totalItems;
      // The next page is asked before this one is stored, and the request given a turn to leave
      // (the write holds the thread): the service answers it while the cache writes.
      if (page < totalPages) {
        next = fetchPage(status, page + 1);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const stored = core.write((tx) => tx.recordShipmentRecords(result.data, result.data.map((r) => JSON.stringify(r)), checkedAt));
      const changed = stored.results.filter((r) => r.status === 'inserted' || r.changes > 0).map((r) => r.shipmentId);
      if (changed.length > 0) core.events.emit('sync.page', { ids: changed });
      for (const record of result.data) seen.push(record.id);
      shipments += result.data.length;
      pages++;
      onProgress?.({ status, page, totalPages, shipments });
    }
  }
  const removed = stable ? core.write((tx) => tx.markRemovedAtService(seen, startedAt)).length : 0;
  core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return { shipments, pages, changes: core.read.countChanges() - changesBefore, removed, checkedAt };
}
