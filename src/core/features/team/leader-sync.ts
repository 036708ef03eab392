/**
 * A sync round of the team's leader: every page of GET /v2/shipments (no credits), stored in the
 * leader's cache as `quayside sync` does, and published to the team database page by page, so the
 * other desks have it without calling the service themselves (one desk's worth of calls per round).
 */
import type { QuaysideService } from '../../core.js';
import type { SyncDone } from '../sync/sync.js';
import { markPublished, unpublishedChanges } from './changes.js';
import { publishRemovals, publishSnapshots } from './snapshots.js';
import type { TeamSession } from './session.js';

export async function leadSyncRound(service: QuaysideService, session: TeamSession): Promise<SyncDone & { published: number }> {
  const client = service.api();
  const store = service.store;
  const changesBefore = store.countChanges();
  const startedAt = new Date(service.now().getTime() - 1).toISOString();
  const checkedAt = service.now().toISOString();
  let shipments = 0;
  let pages = 0;
  let published = 0;
  const seen: string[] = [];
  // As in syncShipments: a list that changed size while it was read marks nothing removed.
  let stable = true;
  for (const status of ['ACTIVE', 'ARCHIVED'] as const) {
    let total: number | null = null;
    for (let page = 1, totalPages = 1; page <= totalPages; page++) {
      const result = await client.shipmentsPage({ page, limit: 500, status, needRoute: true }, { priority: 'background' });
      totalPages = result.meta.totalPages;
      if (total !== null && total !== result.meta.totalItems) stable = false;
      total = result.meta.totalItems;
      const raws = result.data.map((r) => JSON.stringify(r));
      store.recordShipmentRecords(result.data, raws, checkedAt);
      const changes = unpublishedChanges(store);
      const done = await publishSnapshots(session, result.data, raws, checkedAt, changes);
      markPublished(store, changes, done.changes);
      published += done.snapshots;
      for (const record of result.data) seen.push(record.id);
      shipments += result.data.length;
      pages++;
    }
  }
  const removedIds = stable ? store.markRemovedAtService(seen, startedAt) : [];
  const removed = removedIds.length;
  const trackingIdOf = store.db.prepare<[number], string>('SELECT tracking_id FROM shipments WHERE id = ?').pluck();
  // The removals' changes, and any a lookup here recorded since the last page.
  const changes = unpublishedChanges(store);
  const removedTrackingIds = removedIds.map((id) => trackingIdOf.get(id)).filter((id): id is string => typeof id === 'string');
  markPublished(store, changes, await publishRemovals(session, removedTrackingIds, changes));
  await session.db.query(
    `INSERT INTO sync_rounds (account, desk, started_at, finished_at, shipments, seq) VALUES ($1, $2, $3, now(), $4, (SELECT coalesce(max(seq), 0) FROM shipment_snapshots WHERE account = $1))
     ON CONFLICT (account) DO UPDATE SET desk = excluded.desk, started_at = excluded.started_at, finished_at = excluded.finished_at, shipments = excluded.shipments, seq = excluded.seq`,
    [session.account, session.desk, startedAt, shipments],
  );
  return { shipments, pages, changes: store.countChanges() - changesBefore, removed, checkedAt, published };
}
