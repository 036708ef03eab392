/**
 * The sync leader's shipment snapshots in the team database: the leader writes each record of
 * GET /v2/shipments as the service gave it, with a team-wide sequence number; the other desks pull
 * what is numbered above what they saw last and store it in their cache as if they had synced,
 * but for the changes: those are the leader's rows, published in the same transaction (changes.ts).
 * Writes of one key hold an advisory lock for their transaction, so numbers commit in order and
 * a pull never skips a row that commits later with a lower number. A NOTIFY tells the listening
 * desks to pull now; a desk that missed it pulls at its next beat anyway.
 */
import type { Core } from '../core/context.js';
import type { OwnChange } from '../core/data/index.js';
import type { ShipmentRecord } from '../core/platform/api/types.js';
import { shipmentRecordSchema } from '../core/platform/api/schemas.js';
import { insertChanges } from './changes.js';
import { LAST_PULL_SETTING, lockTeamWrites, PULLED_SEQ_SETTING, type TeamSession } from './session.js';

export { PULLED_SEQ_SETTING } from './session.js';
const PULL_PAGE = 1_000;

/** What a publish wrote: snapshots that changed, and the team numbers of the changes (by local id). */
export interface Published {
  snapshots: number;
  changes: [number, string][];
}

/**
 * Marks the shipments the leader found removed at the service as removed here too, through the
 * store's own rule: every tracked shipment but these counts as seen. The change is the leader's
 * row, pulled with the others (changes.ts).
 */
function markRemoved(core: Core, trackingIds: readonly string[]): number {
  const gone = new Set(trackingIds);
  const seen = core.read.team.trackingIds().filter((id) => !gone.has(id));
  return core.write((tx) => tx.markRemovedAtService(seen, new Date(core.now().getTime() + 1).toISOString(), { recordChanges: false })).length;
}

/**
 * Publishes one page of records, and the changes the leader's cache recorded (those of this page
 * and any before, by a lookup here), numbered after the snapshots in the same transaction.
 */
export async function publishSnapshots(
  session: TeamSession,
  records: readonly ShipmentRecord[],
  raws: readonly string[],
  checkedAt: string,
  changes: readonly OwnChange[] = [],
): Promise<Published> {
  if (records.length === 0 && changes.length === 0) return { snapshots: 0, changes: [] };
  return session.db.transaction(async (client) => {
    await lockTeamWrites(client, session);
    const written = await client.query(
      `INSERT INTO shipment_snapshots (account, shipment_id, record, checked_at, written_by, seq)
       SELECT $1, u.id, u.record, $4, $5, nextval('team_seq') FROM unnest($2::text[], $3::text[]) AS u(id, record)
       ON CONFLICT (account, shipment_id) DO UPDATE
         SET record = excluded.record, checked_at = excluded.checked_at, written_by = excluded.written_by, seq = excluded.seq, removed_at = NULL
         WHERE shipment_snapshots.record IS DISTINCT FROM excluded.record OR shipment_snapshots.removed_at IS NOT NULL`,
      [session.account, records.map((r) => r.id), raws, checkedAt, session.desk],
    );
    const published = await insertChanges(client, session, changes);
    // A hint, delivered at commit to the desks listening (leader-lock.ts); the pull is the truth.
    if ((written.rowCount ?? 0) + published.length > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    return { snapshots: written.rowCount ?? 0, changes: published };
  });
}

/** Shipments the leader found gone from the service (deleted there by anyone): every desk marks them removed; their changes follow. */
export async function publishRemovals(session: TeamSession, trackingIds: readonly string[], changes: readonly OwnChange[]): Promise<[number, string][]> {
  if (trackingIds.length === 0 && changes.length === 0) return [];
  return session.db.transaction(async (client) => {
    await lockTeamWrites(client, session);
    const marked = await client.query(
      `UPDATE shipment_snapshots SET removed_at = now(), written_by = $3, seq = nextval('team_seq')
       WHERE account = $1 AND shipment_id = ANY($2::text[]) AND removed_at IS NULL`,
      [session.account, trackingIds, session.desk],
    );
    const published = await insertChanges(client, session, changes);
    if ((marked.rowCount ?? 0) + published.length > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    return published;
  });
}

/** Stores in this desk's cache every snapshot it has not seen; returns how many. */
export async function pullSnapshots(core: Core, session: TeamSession): Promise<number> {
  let after = core.read.getSetting(PULLED_SEQ_SETTING) ?? '0';
  let stored = 0;
  const removed: string[] = [];
  for (;;) {
    const all = await session.db.query<{ shipment_id: string; record: string; checked_at: Date; seq: string; removed: boolean }>(
      'SELECT shipment_id, record, checked_at, seq, removed_at IS NOT NULL AS removed FROM shipment_snapshots WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, after, PULL_PAGE],
    );
    if (all.rows.length === 0) break;
    for (const row of all.rows) if (row.removed) removed.push(row.shipment_id);
    const page = { rows: all.rows.filter((row) => !row.removed) };
    // One call per leader round (its check time), in sequence order.
    let i = 0;
    while (i < page.rows.length) {
      const checkedAt = page.rows[i]!.checked_at.toISOString();
      const records: ShipmentRecord[] = [];
      const raws: string[] = [];
      for (; i < page.rows.length && page.rows[i]!.checked_at.toISOString() === checkedAt; i++) {
        const parsed = shipmentRecordSchema.safeParse(JSON.parse(page.rows[i]!.record));
        // A record this version cannot read (written by a newer leader) waits for an update, unread.
        if (!parsed.success) continue;
        records.push(parsed.data);
        raws.push(page.rows[i]!.record);
      }
      // The leader recorded their changes; they come as the team's rows (changes.ts), not derived again.
      if (records.length > 0) core.write((tx) => tx.recordShipmentRecords(records, raws, checkedAt, { deriveChanges: false }));
      stored += records.length;
    }
    after = all.rows[all.rows.length - 1]!.seq;
    if (removed.length > 0) stored += markRemoved(core, removed.splice(0));
    const pulledUpTo = after;
    core.write((tx) => tx.setSetting(PULLED_SEQ_SETTING, pulledUpTo));
    if (all.rows.length < PULL_PAGE) break;
  }
  const pulledAt = core.now().toISOString();
  core.write((tx) => tx.setSetting(LAST_PULL_SETTING, pulledAt));
  if (stored > 0) core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return stored;
}
