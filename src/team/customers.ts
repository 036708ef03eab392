/**
 * Customers and customer updates shared by a team (the design: features/customers/schema.md).
 * Customers are shared like watchlists: a team-wide UUID, pushed when changed here, pulled by
 * sequence number, a removed one kept as a tombstone; a live name is unique, and a customer of a
 * name the team already has becomes that customer (its rule the later write).
 *
 * Exactly one desk sends each update: one update per slot (INSERT … ON CONFLICT DO NOTHING under a
 * unique index on (customer, the update it follows): the first desk's wins, the others drop theirs
 * unsent) and one sender per update (every outbox move a compare-and-set on (state, attempt id)).
 * A claim whose desk died is made uncertain once its lease ran out and the desk is not seen; never
 * due again. Every desk pulls the updates: each lists what was sent, when, to whom, by which desk.
 */
import { randomUUID } from 'node:crypto';
import { customerRuleInput } from '../shared/customer-rules.js';
import type { Core } from '../core/context.js';
import type { NewUpdate, OutboxFields, PulledUpdate, UpdateRow as CachedUpdateRow } from '../core/data/index.js';
import type { TeamCustomerUpdates, TeamOutbox } from '../core/ports.js';
import { UNCERTAIN_SENTENCE } from '../core/features/customers/index.js';
import { TeamDbError } from './db/errors.js';
import { deskId, deskName, lockTeamWrites, teamConfigured, teamSession, type TeamSession } from './session.js';

const CUSTOMERS_PULLED_SETTING = 'team.customersPulledSeq';
const UPDATES_PULLED_SETTING = 'team.customerUpdatesPulledSeq';
const PAGE = 200;
/** A claim is its desk's while younger than this (by the team database's clock) or while the desk is seen. */
const LEASE = '10 minutes';

const OUTBOX_COLUMNS = 'state, attempts, attempt_id, claimed_by, claimed_at, next_attempt_at, sentence, answer, sent_at, sent_how, sent_by, refused_json, seq';

/** The outbox columns of a team update: a desk's cache has the same ones, and the team's order. */
type OutboxRow = Pick<CachedUpdateRow, 'attempts' | 'attempt_id' | 'claimed_by' | 'claimed_at' | 'next_attempt_at' | 'sentence' | 'answer' | 'sent_at' | 'sent_how' | 'sent_by' | 'refused_json'> & {
  state: OutboxFields['state'];
  seq: string;
};

interface UpdateRow extends OutboxRow {
  uuid: string;
  customer_uuid: string;
  follows_uuid: string | null;
  created_at: string;
  created_by: string;
  subject: string;
  to_json: string;
  cc_json: string;
  message_id: string;
  message: Buffer;
  text_body: string;
  html_body: string;
  attachment_name: string | null;
  changes: number;
  shipments: number;
  lines_json: string;
}

function entryOf(row: OutboxRow): OutboxFields {
  let refused: string[] = [];
  try {
    refused = JSON.parse(row.refused_json) as string[];
  } catch {
    refused = [];
  }
  return {
    state: row.state,
    attempts: row.attempts,
    attemptId: row.attempt_id,
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at,
    nextAttemptAt: row.next_attempt_at,
    sentence: row.sentence,
    answer: row.answer,
    sentAt: row.sent_at,
    sentHow: row.sent_how,
    refused,
  };
}

/** Customers changed here and not pushed yet (removed ones too). */
export function customersWaiting(core: Core): number {
  return core.read.customers.customersToPush().length;
}

/** Pushes the customers changed here; answers how many. */
export async function pushCustomers(core: Core, session: TeamSession): Promise<number> {
  if (core.read.customers.customersToPush().length === 0) return 0;
  // Each gets its team id before the push: a push cut off is repeated under the same id.
  core.write((tx) => {
    for (const c of tx.customers.customersToPush()) if (c.teamUuid === null) tx.customers.setCustomerTeamUuid(c.id, randomUUID());
  });
  const rows = core.read.customers.customersToPush();
  const rekeyed = await session.db.transaction(async (client) => {
    await lockTeamWrites(client, session);
    const moved = new Map<number, string>();
    for (const c of rows) {
      let uuid = c.teamUuid!;
      if (!c.deleted) {
        const same = await client.query<{ uuid: string }>('SELECT uuid FROM customers WHERE account = $1 AND lower(name) = lower($2) AND deleted_at IS NULL AND uuid <> $3', [
          session.account,
          c.name,
          uuid,
        ]);
        // The team has a customer of this name already: this one is it (this desk's rule the later write).
        if (same.rows[0]) moved.set(c.id, (uuid = same.rows[0].uuid));
      }
      await client.query(
        `INSERT INTO customers (account, uuid, name, rule_json, created_at, updated_by, deleted_at, seq)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END, nextval('team_seq'))
         ON CONFLICT (account, uuid) DO UPDATE SET name = excluded.name, rule_json = excluded.rule_json, updated_at = now(),
           updated_by = excluded.updated_by, deleted_at = excluded.deleted_at, seq = excluded.seq`,
        [session.account, uuid, c.name, c.ruleJson, c.createdAt, session.desk, c.deleted],
      );
    }
    await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    return moved;
  });
  core.write((tx) => {
    for (const c of rows) {
      const uuid = rekeyed.get(c.id);
      if (uuid !== undefined) tx.customers.setCustomerTeamUuid(c.id, uuid);
      tx.customers.markCustomerPushed(c.id, c.updatedAt);
    }
  });
  return rows.length;
}

/** Stores the team's customer changes this desk has not seen; answers how many changed something. */
export async function pullCustomers(core: Core, session: TeamSession): Promise<number> {
  let changed = 0;
  for (;;) {
    const after = core.read.getSetting(CUSTOMERS_PULLED_SETTING) ?? '0';
    const page = await session.db.query<{ uuid: string; name: string; rule_json: string; created_at: string; updated_at: Date; updated_by: string; deleted: boolean; seq: string }>(
      `SELECT uuid, name, rule_json, created_at, updated_at, updated_by, deleted_at IS NOT NULL AS deleted, seq FROM customers
        WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [session.account, after, PAGE],
    );
    if (page.rows.length === 0) break;
    const at = core.now().toISOString();
    changed += core.write((tx) => {
      let n = 0;
      for (const row of page.rows) {
        let rule;
        try {
          const parsed = customerRuleInput.safeParse(JSON.parse(row.rule_json));
          rule = parsed.success ? parsed.data : null;
        } catch {
          rule = null;
        }
        // A rule this Quayside cannot read (a newer one wrote it) is left out, never guessed at.
        if (rule === null) continue;
        const who = rule.who.kind === 'column' ? { kind: 'column' as const, column: rule.who.column, value: rule.who.value } : { kind: 'watchlist' as const, watchlist: rule.who.watchlist };
        const applied = tx.customers.applyPulledCustomer(
          { uuid: row.uuid, name: row.name, ruleJson: row.rule_json, who, createdAt: row.created_at, updatedAt: row.updated_at.toISOString(), updatedBy: row.updated_by, deleted: row.deleted },
          at,
        );
        if (applied) n++;
      }
      tx.setSetting(CUSTOMERS_PULLED_SETTING, page.rows[page.rows.length - 1]!.seq);
      return n;
    });
    if (page.rows.length < PAGE) break;
  }
  if (changed > 0) core.events.emit('customers.changed', { madeAt: 'team' });
  return changed;
}

function pulledUpdate(row: UpdateRow): PulledUpdate {
  let lines: PulledUpdate['lines'] = [];
  try {
    lines = JSON.parse(row.lines_json) as PulledUpdate['lines'];
  } catch {
    lines = [];
  }
  return {
    id: row.uuid,
    customerUuid: row.customer_uuid,
    followsId: row.follows_uuid,
    state: row.state,
    createdAt: row.created_at,
    createdBy: row.created_by,
    subject: row.subject,
    toJson: row.to_json,
    ccJson: row.cc_json,
    messageId: row.message_id,
    message: row.message,
    textBody: row.text_body,
    htmlBody: row.html_body,
    attachmentName: row.attachment_name,
    changes: row.changes,
    shipments: row.shipments,
    entry: entryOf(row),
    sentBy: row.sent_by,
    lines,
  };
}

/** Stores the team's updates (new ones, and moves of their outbox) this desk has not seen. */
export async function pullCustomerUpdates(core: Core, session: TeamSession): Promise<number> {
  const ids: string[] = [];
  for (;;) {
    const after = core.read.getSetting(UPDATES_PULLED_SETTING) ?? '0';
    const page = await session.db.query<UpdateRow>(
      `SELECT uuid, customer_uuid, follows_uuid, created_at, created_by, subject, to_json, cc_json, message_id, message, text_body, html_body,
              attachment_name, changes, shipments, lines_json, ${OUTBOX_COLUMNS}
         FROM customer_updates WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [session.account, after, PAGE],
    );
    if (page.rows.length === 0) break;
    core.write((tx) => {
      for (const row of page.rows) if (tx.customers.applyPulledUpdate(pulledUpdate(row), Number(row.seq))) ids.push(row.uuid);
      tx.setSetting(UPDATES_PULLED_SETTING, page.rows[page.rows.length - 1]!.seq);
    });
    if (page.rows.length < PAGE) break;
  }
  if (ids.length > 0) core.events.emit('customers.outbox', { ids, madeAt: 'team' });
  return ids.length;
}

/** Customers pushed and pulled, then the team's updates pulled: a beat's or a command's share. */
export async function shareCustomers(core: Core, session: TeamSession): Promise<number> {
  await pushCustomers(core, session);
  return (await pullCustomers(core, session)) + (await pullCustomerUpdates(core, session));
}

/** Forgets this desk's marks of its team's customers and updates (leaving, or joining another team). */
export function forgetCustomerMarks(core: Core): void {
  core.write((tx) => {
    tx.customers.forgetCustomerTeam();
    for (const key of [CUSTOMERS_PULLED_SETTING, UPDATES_PULLED_SETTING]) tx.setSetting(key, null);
  });
}

/** The session, or null alone; a team database that cannot be reached says so as 'unreachable'. */
async function sessionOrUnreachable(core: Core): Promise<TeamSession | 'unreachable' | null> {
  if (!teamConfigured(core)) return null;
  try {
    return await teamSession(core);
  } catch (err) {
    if (err instanceof TeamDbError && err.kind !== 'not-joined') return 'unreachable';
    throw err;
  }
}

async function offer(core: Core, update: NewUpdate): Promise<'won' | 'lost' | 'unreachable' | null> {
  const session = await sessionOrUnreachable(core);
  if (session === null || session === 'unreachable') return session;
  try {
    await pushCustomers(core, session);
    const customer = core.read.customers.getCustomer(update.customerId);
    if (!customer?.teamUuid) return 'lost';
    const lines = update.lines.flatMap((l) => {
      const trackingId = core.read.team.trackingIdOf(l.shipmentId);
      return trackingId ? [{ trackingId, newsJson: l.newsJson, etaTold: l.etaTold, freeDaysTold: l.freeDaysTold, noDataTold: l.noDataTold }] : [];
    });
    const inserted = await session.db.transaction(async (client) => {
      const row = await client.query(
        `INSERT INTO customer_updates (account, uuid, customer_uuid, follows_uuid, state, created_at, created_by, subject, to_json, cc_json, message_id, message,
           text_body, html_body, attachment_name, changes, shipments, lines_json, seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, nextval('team_seq'))
         ON CONFLICT DO NOTHING RETURNING uuid`,
        [
          session.account, update.id, customer.teamUuid, update.followsId, update.state, update.createdAt, session.desk, update.subject, update.toJson, update.ccJson,
          update.messageId, update.message, update.textBody, update.htmlBody, update.attachmentName, update.changes, update.shipments, JSON.stringify(lines),
        ],
      );
      if (row.rows.length > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
      return row.rows.length > 0;
    });
    return inserted ? 'won' : 'lost';
  } catch (err) {
    if (err instanceof TeamDbError && err.kind === 'unreachable') return 'unreachable';
    throw err;
  }
}

function teamOutbox(core: Core): TeamOutbox {
  const session = async () => {
    const s = await sessionOrUnreachable(core);
    if (s === null) throw new TeamDbError('not-joined', 'This desk is in no team.');
    if (s === 'unreachable') throw new TeamDbError('unreachable', 'The team database cannot be reached; the update waits in the outbox.');
    return s;
  };
  return {
    async load(id) {
      const s = await session();
      const row = (await s.db.query<OutboxRow>(`SELECT ${OUTBOX_COLUMNS} FROM customer_updates WHERE account = $1 AND uuid = $2`, [s.account, id])).rows[0];
      return row ? entryOf(row) : null;
    },
    async replace(id, expected, next) {
      const s = await session();
      const sentBy = next.state === 'sent' ? s.desk : null;
      const row = (
        await s.db.query<{ seq: string }>(
          `UPDATE customer_updates SET state = $3, attempts = $4, attempt_id = $5, claimed_by = $6, claimed_at = $7,
             claimed_db_at = CASE WHEN $3 = 'sending' THEN now() ELSE claimed_db_at END, next_attempt_at = $8, sentence = $9, answer = $10,
             sent_at = $11, sent_how = $12, sent_by = CASE WHEN $3 = 'sent' THEN $13 ELSE sent_by END, refused_json = $14, seq = nextval('team_seq')
           WHERE account = $1 AND uuid = $2 AND state = $15 AND attempt_id IS NOT DISTINCT FROM $16 RETURNING seq`,
          [
            s.account, id, next.state, next.attempts, next.attemptId, next.claimedBy, next.claimedAt, next.nextAttemptAt, next.sentence, next.answer,
            next.sentAt, next.sentHow, sentBy, JSON.stringify(next.refused), expected.state, expected.attemptId,
          ],
        )
      ).rows[0];
      if (!row) return false;
      await s.db.query("SELECT pg_notify('quayside_team', $1)", [s.account]);
      // The move shows here at once; the other desks pull it.
      core.write((tx) => tx.customers.moveOnFromTeam(id, next, sentBy, Number(row.seq)));
      return true;
    },
  };
}

async function settleAbandoned(core: Core): Promise<number> {
  const s = await sessionOrUnreachable(core);
  if (s === null || s === 'unreachable') return 0;
  const settled = await s.db.query<{ uuid: string }>(
    `UPDATE customer_updates u SET state = 'uncertain', sentence = $2, claimed_by = NULL, seq = nextval('team_seq')
      WHERE u.account = $1 AND u.state = 'sending' AND u.claimed_db_at < now() - $3::interval
        AND NOT EXISTS (SELECT 1 FROM desks d WHERE d.account = u.account AND u.claimed_by LIKE d.desk_id || ':%' AND d.last_seen_at > now() - $3::interval)
      RETURNING uuid`,
    [s.account, UNCERTAIN_SENTENCE, LEASE],
  );
  if (settled.rows.length > 0) await pullCustomerUpdates(core, s);
  return settled.rows.length;
}

/** The core's port for a team's customer updates (src/core/ports.ts). */
export function teamCustomerUpdates(core: Core): TeamCustomerUpdates {
  return {
    desk: () => (teamConfigured(core) ? { id: deskId(core), name: deskName(core) } : null),
    offer: (update) => offer(core, update),
    outbox: () => (teamConfigured(core) ? teamOutbox(core) : null),
    settleAbandoned: () => settleAbandoned(core),
  };
}
