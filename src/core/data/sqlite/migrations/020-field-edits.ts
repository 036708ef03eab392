/**
 * Migration 20: an imported or typed field is kept as every edit made to it (field_edits: the
 * value, when, which desk, from which import row or person, what that desk had seen), the current
 * value worked out from them (fields/merge.ts) in shipment_fields; one field per name whatever its
 * case or spacing (field_names: the key and the name first seen). The values already here become
 * edits "kept from before"; fields split by their capitals are merged, the newer value current and
 * the other kept in its history.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { fieldKey } from '../../../../shared/field-names.js';
import { type FieldEditFacts, mergeField } from '../../fields/merge.js';
import type { Migration } from '../migrate.js';

const FIELD_EDITS_NAME = 'imported fields kept per field with every edit, where it came from and what it saw; one field per name';

const TABLES = `
CREATE TABLE IF NOT EXISTS field_names (
  key  TEXT PRIMARY KEY,
  name TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS field_edits (
  id          INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,
  shipment_id INTEGER REFERENCES shipments (id) ON DELETE CASCADE,
  tracking_id TEXT,
  key         TEXT NOT NULL,
  name        TEXT NOT NULL,
  value       TEXT NOT NULL,
  edited_at   TEXT NOT NULL,
  desk_id     TEXT NOT NULL,
  desk_n      INTEGER NOT NULL,
  desk_name   TEXT,
  seen_seq    INTEGER NOT NULL DEFAULT 0,
  seq         INTEGER,
  earlier     INTEGER NOT NULL DEFAULT 0,
  source      TEXT NOT NULL,
  job_id      INTEGER,
  row_number  INTEGER,
  detail      TEXT,
  pushed      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS field_edits_by_shipment ON field_edits (shipment_id, key);
CREATE INDEX IF NOT EXISTS field_edits_waiting ON field_edits (tracking_id) WHERE shipment_id IS NULL;
CREATE INDEX IF NOT EXISTS field_edits_to_push ON field_edits (id) WHERE pushed = 0;
`;

/** The setting the desk's own id lives in (made once, kept with the cache). */
const DESK_ID_SETTING = 'team.deskId';

interface Kept {
  shipment_id: number;
  name: string;
  value: string;
  tracking_id: string | null;
  at: string | null;
  first_row: number | null;
}

function keepFieldEdits(db: Database): void {
  db.exec(TABLES);
  const columns = new Set((db.pragma('table_info(shipment_fields)') as { name: string }[]).map((c) => c.name));
  if (!columns.has('edit_id')) db.exec('ALTER TABLE shipment_fields ADD COLUMN edit_id INTEGER');
  if (!columns.has('conflicts')) db.exec('ALTER TABLE shipment_fields ADD COLUMN conflicts INTEGER NOT NULL DEFAULT 0');
  keepNoteEdits(db);
  if ((db.prepare('SELECT count(*) AS n FROM field_edits').get() as { n: number }).n > 0) return;

  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(DESK_ID_SETTING, randomUUID());
  const deskId = (db.prepare('SELECT value FROM settings WHERE key = ?').get(DESK_ID_SETTING) as { value: string }).value;
  const now = new Date().toISOString();
  // When each value was last set by an import row, and the import row that first named its column.
  const kept = db
    .prepare(
      `WITH set_by AS (
         SELECT i.shipment_id, j.key AS name, j.value AS value, max(i.result_at) AS at, min(i.id) AS first_row
         FROM import_items i, json_each(i.fields) j
         WHERE i.shipment_id IS NOT NULL AND i.fields IS NOT NULL AND json_valid(i.fields)
         GROUP BY 1, 2, 3)
       SELECT f.shipment_id, f.name, f.value, s.tracking_id, b.at, b.first_row
       FROM shipment_fields f JOIN shipments s ON s.id = f.shipment_id
       LEFT JOIN set_by b ON b.shipment_id = f.shipment_id AND b.name = f.name AND b.value = f.value
       ORDER BY f.shipment_id, f.name`,
    )
    .all() as Kept[];

  const firstSeen = new Map<string, { name: string; row: number }>();
  for (const k of kept) {
    const key = fieldKey(k.name);
    const row = k.first_row ?? Number.MAX_SAFE_INTEGER;
    const seen = firstSeen.get(key);
    if (!seen || row < seen.row || (row === seen.row && k.name < seen.name)) firstSeen.set(key, { name: k.name, row });
  }
  const addName = db.prepare('INSERT OR IGNORE INTO field_names (key, name) VALUES (?, ?)');
  for (const [key, seen] of firstSeen) addName.run(key, seen.name);

  const insertEdit = db.prepare(
    `INSERT INTO field_edits (uid, shipment_id, tracking_id, key, name, value, edited_at, desk_id, desk_n, earlier, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'earlier')`,
  );
  const dropRow = db.prepare('DELETE FROM shipment_fields WHERE shipment_id = ? AND name = ?');
  const setCurrent = db.prepare('UPDATE shipment_fields SET name = ?, edit_id = ? WHERE shipment_id = ? AND name = ?');
  let n = 0;
  // Per shipment and key: every value becomes an edit kept from before; the newest is current.
  const byShipmentKey = new Map<string, { kept: Kept; facts: FieldEditFacts }[]>();
  for (const k of kept) {
    const key = fieldKey(k.name);
    const uid = randomBytes(8).toString('hex');
    const at = k.at ?? now;
    const id = Number(insertEdit.run(uid, k.shipment_id, k.tracking_id, key, k.name, k.value, at, deskId, ++n).lastInsertRowid);
    const facts: FieldEditFacts = { uid: String(id), value: k.value, editedAt: at, deskId, deskN: n, seq: null, seenSeq: 0, earlier: true };
    const group = `${k.shipment_id} ${key}`;
    byShipmentKey.set(group, [...(byShipmentKey.get(group) ?? []), { kept: k, facts }]);
  }
  for (const group of byShipmentKey.values()) {
    const current = mergeField(group.map((g) => g.facts))!.current;
    const newest = group.find((g) => g.facts === current)!.kept;
    for (const g of group) if (g.kept !== newest) dropRow.run(g.kept.shipment_id, g.kept.name);
    setCurrent.run(firstSeen.get(fieldKey(newest.name))!.name, Number(current.uid), newest.shipment_id, newest.name);
  }
  db.prepare("UPDATE settings SET value = ? WHERE key = 'fields.deskN'").run(String(n));
  db.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES ('fields.deskN', ?)").run(String(n));
}

/**
 * The note as the service last held it (shipments.service_note), so a sync can tell a note
 * changed there from the one this desk shows; each waiting note edit names its edit
 * (notes_outbox.edit_uid) and says when a newer note took its place unsent (superseded_*).
 */
function keepNoteEdits(db: Database): void {
  const shipments = new Set((db.pragma('table_info(shipments)') as { name: string }[]).map((c) => c.name));
  if (!shipments.has('service_note')) {
    db.exec('ALTER TABLE shipments ADD COLUMN service_note TEXT');
    db.exec('UPDATE shipments SET service_note = note WHERE id NOT IN (SELECT shipment_id FROM notes_outbox WHERE sent_at IS NULL AND failed_at IS NULL)');
  }
  const outbox = new Set((db.pragma('table_info(notes_outbox)') as { name: string }[]).map((c) => c.name));
  if (!outbox.has('edit_uid')) db.exec('ALTER TABLE notes_outbox ADD COLUMN edit_uid TEXT');
  if (!outbox.has('superseded_by')) db.exec('ALTER TABLE notes_outbox ADD COLUMN superseded_by TEXT');
}

export const migration20: Migration = {
  version: 20,
  name: FIELD_EDITS_NAME,
  up: keepFieldEdits,
};
