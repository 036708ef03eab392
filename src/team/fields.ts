/**
 * Field edits shared by the team: every edit a desk makes (an import row's value, a person's
 * correction) is pushed once, numbered by the team database, and pulled by every desk, its own
 * included. What a field holds is worked out on each desk from the edits alone (core/data/fields/
 * merge.ts), so desks holding the same edits show the same values, whatever order they came in;
 * an edit made without seeing a newer one shows beside it as a conflict, never in its place.
 */
import type { Core } from '../core/context.js';
import type { PulledEdit } from '../core/data/index.js';
import { lockTeamWrites, type TeamSession } from './session.js';

const PAGE = 500;

/** Edits waiting to be pushed (the `pending` of `team status`). */
export function pendingFieldEdits(core: Core): number {
  return core.read.team.fields.pendingEdits();
}

/** Pushes this desk's edits the team has not numbered; returns how many. */
export async function pushFieldEdits(core: Core, session: TeamSession): Promise<number> {
  let pushed = 0;
  for (;;) {
    const edits = core.read.team.fields.editsToPush(PAGE);
    if (edits.length === 0) return pushed;
    const numbered = await session.db.transaction(async (client) => {
      await lockTeamWrites(client, session);
      const column = <K extends keyof (typeof edits)[number]>(k: K) => edits.map((e) => e[k]);
      const written = await client.query(
        `INSERT INTO field_edits (account, uid, seq, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source, row_number, detail)
         SELECT $1, u.uid, nextval('team_seq'), u.tracking_id, u.name, u.value, u.edited_at, u.desk, u.desk_n, u.desk_name, u.seen_seq, u.earlier, u.source, u.row_number, u.detail
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::bigint[], $11::boolean[], $12::text[], $13::int[], $14::text[])
           AS u(uid, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source, row_number, detail)
         ON CONFLICT (account, uid) DO NOTHING`,
        [
          session.account,
          column('uid'), column('trackingId'), column('name'), column('value'), column('editedAt'), column('deskId'), column('deskN'),
          column('deskName'), column('seenSeq'), column('earlier'), column('source'), column('row'), column('detail'),
        ],
      );
      if ((written.rowCount ?? 0) > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
      // Those the team had already (a push whose answer was lost) keep the number they got then.
      const rows = await client.query<{ uid: string; seq: string }>('SELECT uid, seq FROM field_edits WHERE account = $1 AND uid = ANY($2::text[])', [session.account, column('uid')]);
      return rows.rows.map((r) => ({ uid: r.uid, seq: Number(r.seq) }));
    });
    core.write((tx) => tx.team.fields.markPushed(numbered));
    pushed += edits.length;
  }
}

interface EditRow {
  uid: string;
  seq: string;
  tracking_id: string;
  name: string;
  value: string;
  edited_at: string;
  desk: string;
  desk_n: string;
  desk_name: string | null;
  seen_seq: string;
  earlier: boolean;
  source: string;
  row_number: number | null;
  detail: string | null;
}

const asPulled = (r: EditRow): PulledEdit => ({
  uid: r.uid,
  seq: Number(r.seq),
  trackingId: r.tracking_id,
  name: r.name,
  value: r.value,
  editedAt: r.edited_at,
  deskId: r.desk,
  deskN: Number(r.desk_n),
  deskName: r.desk_name,
  seenSeq: Number(r.seen_seq),
  earlier: r.earlier,
  source: r.source,
  row: r.row_number,
  detail: r.detail,
});

/** Stores the team's edits this desk has not seen (a shipment not here yet gets them when it arrives); returns how many changed a field. */
export async function pullFieldEdits(core: Core, session: TeamSession): Promise<number> {
  let after = core.read.team.fields.pulledSeq();
  const changed = new Set<number>();
  for (;;) {
    const page = await session.db.query<EditRow>(
      `SELECT uid, seq, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source, row_number, detail
       FROM field_edits WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [session.account, after, PAGE * 2],
    );
    if (page.rows.length === 0) break;
    const upTo = Number(page.rows[page.rows.length - 1]!.seq);
    for (const id of core.write((tx) => tx.team.fields.storePulled(page.rows.map(asPulled), upTo))) changed.add(id);
    after = upTo;
    if (page.rows.length < PAGE * 2) break;
  }
  if (changed.size > 0) core.events.emit('shipments.changed', { ids: [...changed], reason: 'fields' });
  return changed.size;
}

/** Asks the leader for a sync round now (new shipments were tracked here). */
export async function requestSyncRound(session: TeamSession): Promise<void> {
  await session.db.query("SELECT pg_notify('quayside_team', $1)", [`sync:${session.account}`]);
}

/** Forgets where this desk was in its team's edits (joining another team, or leaving). */
export function forgetFieldMarks(core: Core): void {
  core.write((tx) => tx.team.fields.forgetFieldMarks());
}
