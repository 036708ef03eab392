/**
 * Imported fields (customer, PO, promised date…) shared by the team. A desk's imports write them
 * to its cache as ever; this desk then pushes each finished import row's fields, in the order the
 * rows were answered, from a mark kept in the cache: while the team database is unreachable the
 * mark stays put, so the rows wait (the import rows are the outbox) and go out on reconnect.
 * Conflict rule: the set that reaches the team database last (by its clock) is the shipment's
 * fields; the set it replaced is kept in shipment_fields_history. Every desk pulls by sequence
 * number; a set for a shipment its cache does not have yet waits until a snapshot brings it.
 *
 * Reads the imports' rows (import_items) and the shipments' tracking ids from the cache: the
 * imports are the one writer of imported fields.
 */
import type { Core } from '../core/context.js';
import { lockTeamWrites, type TeamSession } from './session.js';

const PAGE = 500;

/** Import rows whose fields wait to be pushed (the `pending` of `team status`). */
export function pendingFieldRows(core: Core): number {
  return core.read.team.fields.pendingRows();
}

/** Pushes the fields of import rows answered since the last push; returns how many. */
export async function pushImportedFields(core: Core, session: TeamSession): Promise<number> {
  let pushed = 0;
  for (;;) {
    const rows = core.read.team.fields.rowsToPush(PAGE);
    if (rows.length === 0) return pushed;
    // The newest row per shipment within the page (a sheet may list one twice).
    const newest = new Map<string, string>();
    for (const row of rows) newest.set(row.tracking_id, row.fields);
    await writeFieldSets(session, newest);
    const last = rows[rows.length - 1]!;
    core.write((tx) => tx.team.fields.markPushed(last));
    pushed += rows.length;
  }
}

/**
 * Writes field sets (tracking id → fields JSON) as `desk`'s (this desk's, or for a team import the
 * desk that started it), the replaced sets kept in the history.
 */
export async function writeFieldSets(session: TeamSession, newest: ReadonlyMap<string, string>, desk: string = session.desk): Promise<void> {
  if (newest.size === 0) return;
  await session.db.transaction(async (client) => {
    await lockTeamWrites(client, session);
    const ids = [...newest.keys()];
    const sets = [...newest.values()];
    await client.query(
      `INSERT INTO shipment_fields_history (account, tracking_id, fields, desk, changed_at)
       SELECT f.account, f.tracking_id, f.fields, f.desk, f.changed_at
       FROM shipment_fields f JOIN unnest($2::text[], $3::text[]) AS u(id, fields) ON f.tracking_id = u.id
       WHERE f.account = $1 AND f.fields IS DISTINCT FROM u.fields`,
      [session.account, ids, sets],
    );
    const written = await client.query(
      `INSERT INTO shipment_fields (account, tracking_id, fields, desk, seq)
       SELECT $1, u.id, u.fields, $4, nextval('team_seq') FROM unnest($2::text[], $3::text[]) AS u(id, fields)
       ON CONFLICT (account, tracking_id) DO UPDATE
         SET fields = excluded.fields, desk = excluded.desk, changed_at = now(), seq = excluded.seq
         WHERE shipment_fields.fields IS DISTINCT FROM excluded.fields`,
      [session.account, ids, sets, desk],
    );
    if ((written.rowCount ?? 0) > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
  });
}

/** Stores the team's field sets this desk has not seen (and those that waited for their shipment); returns how many. */
export async function pullImportedFields(core: Core, session: TeamSession): Promise<number> {
  let stored = 0;
  let after = core.read.team.fields.pulledSeq();
  for (;;) {
    const page = await session.db.query<{ tracking_id: string; fields: string; seq: string }>(
      'SELECT tracking_id, fields, seq FROM shipment_fields WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, after, PAGE],
    );
    const upTo = page.rows.length > 0 ? page.rows[page.rows.length - 1]!.seq : null;
    if (upTo !== null) {
      stored += core.write((tx) => tx.team.fields.storePulled(page.rows, upTo, false));
      after = upTo;
    }
    if (page.rows.length < PAGE) break;
  }
  // Shipments that arrived since (by a snapshot): their fields are the team's current ones.
  const nowLocal = core.read.team.fields.waitingFor().filter((id) => core.read.team.fields.hasShipment(id));
  const current =
    nowLocal.length === 0
      ? []
      : (await session.db.query<{ tracking_id: string; fields: string }>('SELECT tracking_id, fields FROM shipment_fields WHERE account = $1 AND tracking_id = ANY($2::text[])', [session.account, nowLocal])).rows;
  stored += core.write((tx) => tx.team.fields.storePulled(current, null, true));
  if (stored > 0) core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return stored;
}

/** Asks the leader for a sync round now (new shipments were tracked here). */
export async function requestSyncRound(session: TeamSession): Promise<void> {
  await session.db.query("SELECT pg_notify('quayside_team', $1)", [`sync:${session.account}`]);
}

/** Forgets where this desk was in its team's fields (joining another team, or leaving). */
export function forgetFieldMarks(core: Core): void {
  core.write((tx) => tx.team.fields.forgetFieldMarks());
}
