/**
 * The team database's own numbered migrations, apart from the SQLite cache's: the version is the
 * one row of `quayside_schema`. Each migration runs in one transaction with its version bump
 * (PostgreSQL's DDL is transactional), under an advisory lock so two desks joining at once apply
 * it once. A database set up by a newer Quayside is refused and left as it is.
 *
 * Every team row carries `account`: the salted fingerprint of the API key (fingerprint.ts), never
 * the key, so two accounts can share one database without mixing.
 */
import type pg from 'pg';
import { TeamDbError } from './errors.js';

export interface TeamMigration {
  version: number;
  name: string;
  statements: readonly string[];
}

/** pg_advisory_xact_lock key of the migration runner (fixed; "QSMG"). */
const MIGRATION_LOCK = 0x51534d47;

const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  {
    version: 1,
    name: 'desks, the salt, the rate budget',
    statements: [
      `CREATE TABLE team_meta (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        salt text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now())`,
      `INSERT INTO team_meta (salt) VALUES (encode(sha256(random()::text::bytea || clock_timestamp()::text::bytea || pg_backend_pid()::text::bytea), 'hex'))`,
      `CREATE TABLE desks (
        account text NOT NULL,
        desk text NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        session_pid integer,
        PRIMARY KEY (account, desk))`,
      // Epoch milliseconds by the database's clock: desks' clocks differ, the server's is one.
      `CREATE TABLE rate_sends (
        id bigserial PRIMARY KEY,
        account text NOT NULL,
        bucket text NOT NULL,
        sent_at double precision NOT NULL,
        answered_at double precision,
        owner text NOT NULL)`,
      'CREATE INDEX rate_sends_window ON rate_sends (account, bucket, sent_at)',
      `CREATE TABLE rate_blocks (
        account text NOT NULL,
        bucket text NOT NULL,
        until_at double precision NOT NULL,
        PRIMARY KEY (account, bucket))`,
      `CREATE TABLE rate_waiters (
        account text NOT NULL,
        bucket text NOT NULL,
        owner text NOT NULL,
        priority integer NOT NULL,
        expires_at double precision NOT NULL,
        PRIMARY KEY (account, bucket, owner))`,
    ],
  },
  {
    version: 2,
    name: "the sync leader's shipment snapshots",
    statements: [
      // One team-wide order of writes: a desk pulls what has a higher number than it last saw.
      'CREATE SEQUENCE team_seq',
      // The record exactly as GET /v2/shipments gave it (text, not jsonb: the raw answer is kept).
      `CREATE TABLE shipment_snapshots (
        account text NOT NULL,
        shipment_id text NOT NULL,
        record text NOT NULL,
        checked_at timestamptz NOT NULL,
        written_by text NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (account, shipment_id))`,
      'CREATE INDEX shipment_snapshots_seq ON shipment_snapshots (account, seq)',
      `CREATE TABLE sync_rounds (
        account text PRIMARY KEY,
        desk text NOT NULL,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL,
        shipments integer NOT NULL,
        seq bigint NOT NULL)`,
    ],
  },
  {
    version: 3,
    name: 'imported fields, each shipment\'s newest set with the older ones kept',
    statements: [
      // Keyed by the service's tracking id: the one id every desk's cache has for a shipment.
      `CREATE TABLE shipment_fields (
        account text NOT NULL,
        tracking_id text NOT NULL,
        fields text NOT NULL,
        desk text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        seq bigint NOT NULL,
        PRIMARY KEY (account, tracking_id))`,
      'CREATE INDEX shipment_fields_seq ON shipment_fields (account, seq)',
      `CREATE TABLE shipment_fields_history (
        account text NOT NULL,
        tracking_id text NOT NULL,
        fields text NOT NULL,
        desk text NOT NULL,
        changed_at timestamptz NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now())`,
      'CREATE INDEX shipment_fields_history_by_shipment ON shipment_fields_history (account, tracking_id)',
    ],
  },
  {
    version: 4,
    name: 'shipments the leader found deleted at the service',
    statements: ['ALTER TABLE shipment_snapshots ADD COLUMN removed_at timestamptz'],
  },
  {
    version: 5,
    name: 'watchlists: chosen lists and saved filters, their members as adds and removes, deletes as tombstones',
    statements: [
      // list_id: the UUID made on the desk that created the list (each desk's SQLite id differs).
      // A deleted list keeps its row (deleted_at, the tombstone) so every desk deletes it too.
      `CREATE TABLE watchlists (
        account text NOT NULL,
        list_id text NOT NULL,
        kind text NOT NULL,
        name text NOT NULL,
        filter text,
        created_by text NOT NULL,
        desk text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        seq bigint NOT NULL,
        PRIMARY KEY (account, list_id))`,
      'CREATE INDEX watchlists_seq ON watchlists (account, seq)',
      'CREATE UNIQUE INDEX watchlists_live_name ON watchlists (account, lower(name)) WHERE deleted_at IS NULL',
      // One row per list and shipment (by the service's tracking id): its last add or remove.
      `CREATE TABLE watchlist_members (
        account text NOT NULL,
        list_id text NOT NULL,
        tracking_id text NOT NULL,
        removed boolean NOT NULL DEFAULT false,
        desk text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        seq bigint NOT NULL,
        PRIMARY KEY (account, list_id, tracking_id))`,
      'CREATE INDEX watchlist_members_seq ON watchlist_members (account, seq)',
    ],
  },
  {
    version: 6,
    name: 'import jobs as team jobs: their items claimed under a lease, their batch tasks',
    statements: [
      // job_key: a random id given by the desk that started the job; report: its report when published (the rows that were never sent).
      `CREATE TABLE team_import_jobs (
        account text NOT NULL,
        job_key text NOT NULL,
        desk text NOT NULL,
        origin_job_id integer NOT NULL,
        file_name text NOT NULL,
        need_route boolean NOT NULL,
        total integer NOT NULL,
        report text NOT NULL,
        state text NOT NULL DEFAULT 'running',
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        finished_by text,
        -- Renewed by every desk working the job: once past, no desk works it (its desk died) and another takes it up.
        worked_until timestamptz NOT NULL,
        PRIMARY KEY (account, job_key))`,
      // One row per reference to send; claimed_by/lease_until by the database's clock while a desk holds it.
      `CREATE TABLE team_import_items (
        account text NOT NULL,
        job_key text NOT NULL,
        item_id integer NOT NULL,
        type text NOT NULL,
        reference text NOT NULL,
        company text NOT NULL,
        fields text,
        state text NOT NULL DEFAULT 'queued',
        attempts integer NOT NULL DEFAULT 0,
        claimed_by text,
        lease_until timestamptz,
        uncertain_since timestamptz,
        task_id text,
        outcome text,
        message text,
        tracking_id text,
        done_by text,
        result_at timestamptz,
        PRIMARY KEY (account, job_key, item_id))`,
      'CREATE INDEX team_import_items_state ON team_import_items (account, job_key, state)',
      `CREATE TABLE team_import_tasks (
        account text NOT NULL,
        job_key text NOT NULL,
        task_id text NOT NULL,
        submitted_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        item_count integer NOT NULL,
        state text NOT NULL DEFAULT 'CREATED',
        next_poll_at timestamptz NOT NULL,
        polled_by text,
        poll_lease timestamptz,
        finished_at timestamptz,
        PRIMARY KEY (account, task_id))`,
      'CREATE INDEX team_import_tasks_job ON team_import_tasks (account, job_key)',
    ],
  },
  {
    version: 7,
    name: "the change history, each change once team-wide (as the sync leader recorded it), and credit snapshots",
    statements: [
      // tracking_id as in shipment_snapshots.shipment_id; at as the recording desk saw it (UTC);
      // from/to as the desk's change log holds them (naive dates for an ETA moved).
      `CREATE TABLE shipment_changes (
        account text NOT NULL,
        seq bigint NOT NULL,
        tracking_id text NOT NULL,
        at text NOT NULL,
        kind text NOT NULL,
        from_value text,
        to_value text,
        container_number text,
        desk text NOT NULL,
        PRIMARY KEY (account, seq))`,
      'CREATE INDEX shipment_changes_by_shipment ON shipment_changes (account, tracking_id)',
      // One row per balance read, by the desk that read it (the same reading pushed twice is one row).
      `CREATE TABLE credit_snapshots (
        account text NOT NULL,
        desk text NOT NULL,
        checked_at text NOT NULL,
        remaining integer NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (account, desk, checked_at))`,
      'CREATE INDEX credit_snapshots_seq ON credit_snapshots (account, seq)',
    ],
  },
  {
    version: 8,
    name: 'desks by an id of their own (two data folders on one computer are two desks), balance readings by it',
    statements: [
      // A desk's id is made once and kept with its cache; its name (desk) is for people and may repeat.
      // Rows of a desk from before (keyed by its name) keep the name as their id: that desk
      // registers again under its new id, and the old row ages out of the "seen" list.
      'ALTER TABLE desks ADD COLUMN desk_id text',
      "UPDATE desks SET desk_id = 'name:' || desk",
      'ALTER TABLE desks ALTER COLUMN desk_id SET NOT NULL',
      'ALTER TABLE desks DROP CONSTRAINT desks_pkey',
      'ALTER TABLE desks ADD PRIMARY KEY (account, desk_id)',
      'ALTER TABLE credit_snapshots ADD COLUMN desk_id text',
      "UPDATE credit_snapshots SET desk_id = 'name:' || desk",
      'ALTER TABLE credit_snapshots ALTER COLUMN desk_id SET NOT NULL',
      'ALTER TABLE credit_snapshots DROP CONSTRAINT credit_snapshots_pkey',
      'ALTER TABLE credit_snapshots ADD PRIMARY KEY (account, desk_id, checked_at)',
    ],
  },
  {
    version: 9,
    name: 'customers and their rules, and the customer updates: one per slot, each claimed and sent by exactly one desk',
    statements: [
      // uuid: made on the desk that first pushed the customer; a removed one keeps its row (the tombstone).
      `CREATE TABLE customers (
        account text NOT NULL,
        uuid text NOT NULL,
        name text NOT NULL,
        rule_json text NOT NULL,
        created_at text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL,
        deleted_at timestamptz,
        seq bigint NOT NULL,
        PRIMARY KEY (account, uuid))`,
      'CREATE INDEX customers_seq ON customers (account, seq)',
      'CREATE UNIQUE INDEX customers_live_name ON customers (account, lower(name)) WHERE deleted_at IS NULL',
      // The update's outbox fields move only by a compare-and-set on (state, attempt_id); times as
      // the desks write them (UTC ISO text); lines name shipments by the service's tracking id.
      `CREATE TABLE customer_updates (
        account text NOT NULL,
        uuid text NOT NULL,
        customer_uuid text NOT NULL,
        follows_uuid text,
        state text NOT NULL CHECK (state IN ('due', 'sending', 'sent', 'waiting', 'uncertain', 'draft')),
        created_at text NOT NULL,
        created_by text NOT NULL,
        subject text NOT NULL,
        to_json text NOT NULL,
        cc_json text NOT NULL,
        message_id text NOT NULL,
        message bytea NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        attachment_name text,
        changes integer NOT NULL,
        shipments integer NOT NULL,
        lines_json text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        attempt_id text,
        claimed_by text,
        claimed_at text,
        claimed_db_at timestamptz,
        next_attempt_at text,
        sentence text,
        answer text,
        sent_at text,
        sent_how text,
        sent_by text,
        refused_json text NOT NULL DEFAULT '[]',
        seq bigint NOT NULL,
        PRIMARY KEY (account, uuid))`,
      'CREATE INDEX customer_updates_seq ON customer_updates (account, seq)',
      // One update per slot: the first desk's update that follows the customer's newest wins
      // (PostgreSQL 14 has no NULLS NOT DISTINCT: the first update of a customer follows '').
      `CREATE UNIQUE INDEX customer_updates_slot ON customer_updates (account, customer_uuid, coalesce(follows_uuid, ''))`,
    ],
  },
  {
    version: 10,
    name: 'attention marks: a reason marked handled (or taken back) on one desk is handled on every desk',
    statements: [
      // One row per shipment (by the service's tracking id) and reason: the latest push wins; a
      // take-back keeps the row (removed) with a new number, so every desk pulls it.
      `CREATE TABLE attention_handled (
        account text NOT NULL,
        tracking_id text NOT NULL,
        kind text NOT NULL,
        occurrence text NOT NULL,
        severity double precision NOT NULL,
        comment text,
        acknowledged_at text NOT NULL,
        update_uuid text,
        removed boolean NOT NULL DEFAULT false,
        desk text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        seq bigint NOT NULL,
        PRIMARY KEY (account, tracking_id, kind))`,
      'CREATE INDEX attention_handled_seq ON attention_handled (account, seq)',
    ],
  },
  {
    version: 11,
    name: 'field edits: every edit of an imported or typed field, numbered, with what its desk had seen; the sets before kept as edits from before',
    statements: [
      // edited_at as the desk wrote it (UTC ISO text): desks compare it as text, alike everywhere.
      `CREATE TABLE field_edits (
        account text NOT NULL,
        uid text NOT NULL,
        seq bigint NOT NULL,
        tracking_id text NOT NULL,
        name text NOT NULL,
        value text NOT NULL,
        edited_at text NOT NULL,
        desk text NOT NULL,
        desk_n bigint NOT NULL,
        desk_name text,
        seen_seq bigint NOT NULL,
        earlier boolean NOT NULL,
        source text NOT NULL,
        row_number integer,
        detail text,
        arrived_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, uid))`,
      'CREATE INDEX field_edits_seq ON field_edits (account, seq)',
      `INSERT INTO field_edits (account, uid, seq, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source)
       SELECT s.account, md5(s.account || ' ' || s.tracking_id || ' ' || s.changed_at::text || ' ' || kv.key), nextval('team_seq'), s.tracking_id, kv.key, kv.value,
              to_char(s.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'team', 0, s.desk, 0, true, 'earlier'
       FROM (SELECT account, tracking_id, fields, desk, changed_at FROM shipment_fields_history
             UNION ALL SELECT account, tracking_id, fields, desk, changed_at FROM shipment_fields) s,
            jsonb_each_text(s.fields::jsonb) kv
       WHERE btrim(kv.value) <> ''
       ON CONFLICT (account, uid) DO NOTHING`,
    ],
  },
  {
    version: 12,
    name: 'customer updates: a draft a person threw away, or one a newer update replaced, is discarded',
    statements: [
      'ALTER TABLE customer_updates DROP CONSTRAINT IF EXISTS customer_updates_state_check',
      "ALTER TABLE customer_updates ADD CONSTRAINT customer_updates_state_check CHECK (state IN ('due', 'sending', 'sent', 'waiting', 'uncertain', 'draft', 'discarded'))",
    ],
  },
];

export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS.length;

async function currentVersion(client: pg.ClientBase): Promise<number> {
  await client.query('CREATE TABLE IF NOT EXISTS quayside_schema (version integer NOT NULL)');
  const row = (await client.query<{ version: number }>('SELECT version FROM quayside_schema')).rows[0];
  if (row) return row.version;
  await client.query('INSERT INTO quayside_schema (version) VALUES (0)');
  return 0;
}

/** Brings the team database to this Quayside's version; returns the versions applied. */
export async function migrateTeamDatabase(client: pg.ClientBase, label: string, migrations: readonly TeamMigration[] = TEAM_MIGRATIONS): Promise<number[]> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Team migration "${m.name}" has version ${m.version}, expected ${i + 1}.`);
  });
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const version = await currentVersion(client);
    if (version > migrations.length) {
      throw new TeamDbError(
        'newer',
        `The team database at ${label} was set up by a newer Quayside (schema ${version}; this one knows up to ${migrations.length}). Update Quayside on this desk; nothing in the team database was changed.`,
      );
    }
    for (const migration of migrations) {
      if (migration.version <= version) continue;
      for (const statement of migration.statements) await client.query(statement);
      await client.query('UPDATE quayside_schema SET version = $1', [migration.version]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return applied;
}
