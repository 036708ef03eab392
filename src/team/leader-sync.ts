/**
 * A sync round of the team's leader: every page of GET /v2/shipments (no credits), stored in the
 * leader's cache as `quayside sync` does, and published to the team database page by page, so the
 * other desks have it without calling the service themselves (one desk's worth of calls per round).
 */
import type { Core } from '../core/context.js';
import type { SyncDone } from '../core/features/sync/index.js';
import { publishRemovals, publishSnapshots } from './snapshots.js';
import type { TeamSession } from './session.js';

export async function leadSyncRound(core: Core, session: TeamSession): Promise<SyncDone & { published: number }> {
  const client = core.api();
  const changesBefore = core.read.countChanges();
  const startedAt = new Date(core.now().getTime() - 1).toISOString();
  const checkedAt = core.now().toISOString();
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
      const changes = core.write((tx) => {
        tx.recordShipmentRecords(result.data, raws, checkedAt);
        return tx.team.changes.unpublishedChanges();
      });
      const done = await publishSnapshots(session, result.data, raws, checkedAt, changes);
      core.write((tx) => tx.team.changes.markPublished(changes, done.changes));
      published += done.snapshots;
      for (const record of result.data) seen.push(record.id);
      shipments += result.data.length;
      pages++;
    }
  }
  const removedIds = stable ? core.write((tx) => tx.markRemovedAtService(seen, startedAt)) : [];
  const removed = removedIds.length;
  // The removals' changes, and any a lookup here recorded since the last page.
  const changes = core.write((tx) => tx.team.changes.unpublishedChanges());
  const removedTrackingIds = removedIds.map((id) => core.read.team.trackingIdOf(id)).filter((id): id is string => typeof id === 'string');
  const removalsPublished = await publishRemovals(session, removedTrackingIds, changes);
  core.write((tx) => tx.team.changes.markPublished(changes, removalsPublished));
  await session.db.query(
    `INSERT INTO sync_rounds (account, desk, started_at, finished_at, shipments, seq) VALUES ($1, $2, $3, now(), $4, (SELECT coalesce(max(seq), 0) FROM shipment_snapshots WHERE account = $1))
     ON CONFLICT (account) DO UPDATE SET desk = excluded.desk, started_at = excluded.started_at, finished_at = excluded.finished_at, shipments = excluded.shipments, seq = excluded.seq`,
    [session.account, session.desk, startedAt, shipments],
  );
  core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return { shipments, pages, changes: core.read.countChanges() - changesBefore, removed, checkedAt, published };
}
