/**
 * Migration 18: a reason marked handled is the team's (src/team/attention.ts), and a mark taken
 * back puts back the one it replaced. On `attention_acknowledgements`: `team_seq` (the team's number
 * of the mark, null until the team has it), `marked_by` (the desk that made it; null: this one),
 * `replaced` (the mark it replaced, as JSON, put back when this one is taken back). `…_to_push`:
 * marks made or taken back here since the last push (never by a pull); `seen_seq`, the team's mark
 * this desk held when it changed it (a take-back wins only over that one); `version`, so a change
 * made while a push was on its way stays to be pushed. `…_waiting`: the team's marks of shipments
 * not here yet. The marks already in the cache are queued: a desk that joins shares its marks.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate.js';

const TEAM_ATTENTION_NAME =
  "team attention marks: what this desk marked handled or took back since its last push, and the team's marks waiting for their shipment; the mark a mark replaced";

const TEAM_ATTENTION_TABLES = `
CREATE TABLE IF NOT EXISTS attention_acknowledgements_to_push (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  seen_seq    INTEGER,
  version     INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (shipment_id, kind)
) WITHOUT ROWID;

INSERT OR IGNORE INTO attention_acknowledgements_to_push (shipment_id, kind) SELECT shipment_id, kind FROM attention_acknowledgements;

CREATE TABLE IF NOT EXISTS attention_acknowledgements_waiting (
  tracking_id TEXT NOT NULL,
  kind        TEXT NOT NULL,
  mark        TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  PRIMARY KEY (tracking_id, kind)
) WITHOUT ROWID;
`;

/**
 * Runs twice without harm, as the migrations before it (a cache put back to an older version
 * number runs it again): a column is added only where it is missing.
 */
function teamAttention(db: Database): void {
  const columns = new Set((db.pragma('table_info(attention_acknowledgements)') as { name: string }[]).map((c) => c.name));
  if (!columns.has('team_seq')) db.exec('ALTER TABLE attention_acknowledgements ADD COLUMN team_seq INTEGER');
  if (!columns.has('marked_by')) db.exec('ALTER TABLE attention_acknowledgements ADD COLUMN marked_by TEXT');
  if (!columns.has('replaced')) db.exec('ALTER TABLE attention_acknowledgements ADD COLUMN replaced TEXT');
  db.exec(TEAM_ATTENTION_TABLES);
}

export const migration18: Migration = {
  version: 18,
  name: TEAM_ATTENTION_NAME,
  up: teamAttention,
};
