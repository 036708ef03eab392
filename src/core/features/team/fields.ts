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
import type { QuaysideService } from '../../core.js';
import type { TeamSession } from './session.js';

const PUSHED_SETTING = 'team.fieldsPushedUpTo';
const PULLED_SETTING = 'team.fieldsPulledSeq';
const WAITING_SETTING = 'team.fieldsWaiting';
const PAGE = 500;

interface PushMark {
  at: string;
  id: number;
}

function pushMark(service: QuaysideService): PushMark {
  return JSON.parse(service.store.getSetting(PUSHED_SETTING) ?? '{"at":"","id":0}') as PushMark;
}

/** Import rows whose fields wait to be pushed (the `pending` of `team status`). */
export function pendingFieldRows(service: QuaysideService): number {
  const mark = pushMark(service);
  const count = service.store.db.prepare<[string, string, number], { n: number }>(
    `SELECT count(*) AS n FROM import_items i JOIN shipments s ON s.id = i.shipment_id
     WHERE i.state = 'done' AND i.fields IS NOT NULL AND s.tracking_id IS NOT NULL AND i.result_at IS NOT NULL
       AND (i.result_at > ? OR (i.result_at = ? AND i.id > ?))`,
  );
  return count.get(mark.at, mark.at, mark.id)?.n ?? 0;
}

/** Pushes the fields of import rows answered since the last push; returns how many. */
export async function pushImportedFields(service: QuaysideService, session: TeamSession): Promise<number> {
  const store = service.store;
  const rowsAfter = store.db.prepare<[string, string, number, number], { id: number; fields: string; result_at: string; tracking_id: string }>(
    `SELECT i.id, i.fields, i.result_at, s.tracking_id FROM import_items i JOIN shipments s ON s.id = i.shipment_id
     WHERE i.state = 'done' AND i.fields IS NOT NULL AND s.tracking_id IS NOT NULL AND i.result_at IS NOT NULL
       AND (i.result_at > ? OR (i.result_at = ? AND i.id > ?))
     ORDER BY i.result_at, i.id LIMIT ?`,
  );
  let pushed = 0;
  for (;;) {
    const mark = pushMark(service);
    const rows = rowsAfter.all(mark.at, mark.at, mark.id, PAGE);
    if (rows.length === 0) return pushed;
    // The newest row per shipment within the page (a sheet may list one twice).
    const newest = new Map<string, string>();
    for (const row of rows) newest.set(row.tracking_id, row.fields);
    await writeFieldSets(session, newest);
    const last = rows[rows.length - 1]!;
    store.setSetting(PUSHED_SETTING, JSON.stringify({ at: last.result_at, id: last.id } satisfies PushMark));
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
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quayside-writes:${session.account}`]);
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

function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a).filter((k) => a[k]!.trim() !== '');
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** Stores the team's field sets this desk has not seen (and those that waited for their shipment); returns how many. */
export async function pullImportedFields(service: QuaysideService, session: TeamSession): Promise<number> {
  const store = service.store;
  const shipmentOf = store.db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE tracking_id = ?');
  const waiting = new Set(JSON.parse(store.getSetting(WAITING_SETTING) ?? '[]') as string[]);
  let stored = 0;
  const apply = (trackingId: string, fields: string): void => {
    const shipment = shipmentOf.get(trackingId);
    if (!shipment) {
      waiting.add(trackingId);
      return;
    }
    waiting.delete(trackingId);
    const values = JSON.parse(fields) as Record<string, string>;
    if (sameFields(values, store.getShipmentFields(shipment.id))) return;
    store.setShipmentFields(shipment.id, values);
    stored++;
  };
  let after = store.getSetting(PULLED_SETTING) ?? '0';
  for (;;) {
    const page = await session.db.query<{ tracking_id: string; fields: string; seq: string }>(
      'SELECT tracking_id, fields, seq FROM shipment_fields WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, after, PAGE],
    );
    for (const row of page.rows) apply(row.tracking_id, row.fields);
    if (page.rows.length > 0) {
      after = page.rows[page.rows.length - 1]!.seq;
      store.setSetting(PULLED_SETTING, after);
    }
    if (page.rows.length < PAGE) break;
  }
  // Shipments that arrived since (by a snapshot): their fields are the team's current ones.
  const nowLocal = [...waiting].filter((id) => shipmentOf.get(id));
  if (nowLocal.length > 0) {
    const current = await session.db.query<{ tracking_id: string; fields: string }>('SELECT tracking_id, fields FROM shipment_fields WHERE account = $1 AND tracking_id = ANY($2::text[])', [
      session.account,
      nowLocal,
    ]);
    for (const row of current.rows) apply(row.tracking_id, row.fields);
  }
  store.setSetting(WAITING_SETTING, waiting.size > 0 ? JSON.stringify([...waiting]) : null);
  return stored;
}

/** Asks the leader for a sync round now (new shipments were tracked here). */
export async function requestSyncRound(session: TeamSession): Promise<void> {
  await session.db.query("SELECT pg_notify('quayside_team', $1)", [`sync:${session.account}`]);
}

/** Forgets where this desk was in its team's fields (joining another team, or leaving). */
export function forgetFieldMarks(service: QuaysideService): void {
  for (const key of [PUSHED_SETTING, PULLED_SETTING, WAITING_SETTING]) service.store.setSetting(key, null);
}
