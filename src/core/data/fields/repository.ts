/**
 * Imported and typed fields (customer, PO, promised date…): every edit kept in field_edits, the
 * value each field holds now in shipment_fields (worked out by merge.ts after each edit), one
 * field per name (field_names). The only writer of both tables.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { fieldKey } from '../../../shared/field-names.js';
import type { WritableDB } from '../handles.js';
import type { SearchIndex } from '../shipments/search.js';
import { type FieldEditFacts, mergeField, observedBy } from './merge.js';
import { type EditRow, type FieldState, type FieldSource, type PulledEdit, editFacts, editView } from './rows.js';

export type { FieldEditView, FieldSource, FieldState, PulledEdit, EditToPush } from './rows.js';

const DESK_ID_SETTING = 'team.deskId';
/** A shipment's note, kept as a field's edits are (merged, shared, in conflict) but shown as the note, never as a field. */
const NOTE_KEY = '@note';
const DESK_N_SETTING = 'fields.deskN';
/** The team's field edits this desk has stored, up to this number (src/team/fields.ts moves it). */
export const FIELD_EDITS_PULLED_SETTING = 'team.fieldEditsPulledSeq';

export interface FieldReads {
  /** Every field name, as first seen. */
  names(): string[];
  /** The name a field is shown by, for any spelling of it; the name itself when no shipment has it. */
  canonical(name: string): string;
  /** The values a shipment's fields hold now. */
  values(shipmentId: number): Record<string, string>;
  /** Each field of a shipment with its current edit, its conflicts and its history. */
  states(shipmentId: number): FieldState[];
  /** Shipments with a field holding two values. */
  conflicted(): number[];
  /** The note as its edits have it (null: no edit of it was recorded here). */
  note(shipmentId: number): FieldState | null;
}

export interface FieldWrites {
  /**
   * Sets fields of a shipment: an edit for each value that differs from the field's (or of a field
   * in conflict, which settles it); returns the names changed. `blankKeeps`: a blank leaves the field
   * as it is (a sheet never erases), else clears it. `deferIndex`: the caller rebuilds the search
   * document. Without a source: the sample data's (and a test's), a blank clearing.
   */
  set(shipmentId: number, values: Readonly<Record<string, string>>, source?: FieldSource, options?: { blankKeeps: boolean; deferIndex?: boolean }): string[];
  /** The team's edits (from any desk, this one's included): stored, or their team numbers noted. */
  storePulled(edits: readonly PulledEdit[]): number[];
  /** A shipment got its tracking id: the team's edits waiting for it are now its. True when a field changed. */
  whenTracked(shipmentId: number, trackingId: string): boolean;
  /** Works out every field again (after the edits themselves were rewritten). */
  settleAll(): void;
  /** A person's note: an edit of the note (none when it holds that already); its uid, or null. */
  setNote(shipmentId: number, note: string): string | null;
  /**
   * A sync found the service holding `after` where it held `before`: where the note has edits
   * here, a value none of them made is recorded as the service's, beside them.
   */
  observeServiceNote(shipmentId: number, before: string | null, after: string | null): void;
}

/** `deskName`: this desk's name as people read it, kept with each edit made here. */
export function createFieldRepository(db: WritableDB, search: SearchIndex, nowIso: () => string, deskName: () => string): { reads: FieldReads; writes: FieldWrites } {
  const setting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const putSetting = db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const names = db.prepare<[], { name: string }>('SELECT name FROM field_names ORDER BY name COLLATE NOCASE');
  const nameOf = db.prepare<[string], { name: string }>('SELECT name FROM field_names WHERE key = ?');
  const addName = db.prepare<[string, string]>('INSERT OR IGNORE INTO field_names (key, name) VALUES (?, ?)');
  const values = db.prepare<[number], { name: string; value: string }>('SELECT name, value FROM shipment_fields WHERE shipment_id = ? ORDER BY name');
  const editsOf = db.prepare<[number, string], EditRow>('SELECT * FROM field_edits WHERE shipment_id = ? AND key = ?');
  const allEditsOf = db.prepare<[number], EditRow>('SELECT * FROM field_edits WHERE shipment_id = ? ORDER BY key, id');
  const current = db.prepare<[number, string], { value: string; conflicts: number }>('SELECT value, conflicts FROM shipment_fields WHERE shipment_id = ? AND name = ?');
  const tracking = db.prepare<[number], { tracking_id: string | null }>('SELECT tracking_id FROM shipments WHERE id = ?');
  const byTracking = db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE tracking_id = ?');
  const insertEdit = db.prepare(
    `INSERT INTO field_edits (uid, shipment_id, tracking_id, key, name, value, edited_at, desk_id, desk_n, desk_name, seen_seq, seq, earlier, source, job_id, row_number, detail, pushed)
     VALUES (@uid, @shipment_id, @tracking_id, @key, @name, @value, @edited_at, @desk_id, @desk_n, @desk_name, @seen_seq, @seq, @earlier, @source, @job_id, @row_number, @detail, @pushed)`,
  );
  const byUid = db.prepare<[string], { id: number; shipment_id: number | null; key: string; seq: number | null }>('SELECT id, shipment_id, key, seq FROM field_edits WHERE uid = ?');
  // An edit the team has: its facts as the team holds them (one desk's clock and count), so every desk merges alike.
  const adopt = db.prepare(
    `UPDATE field_edits SET seq = @seq, value = @value, edited_at = @edited_at, desk_id = @desk_id, desk_n = @desk_n, desk_name = @desk_name,
       seen_seq = @seen_seq, earlier = @earlier, pushed = 1 WHERE id = @id`,
  );
  const waiting = db.prepare<[string], { key: string }>('SELECT DISTINCT key FROM field_edits WHERE tracking_id = ? AND shipment_id IS NULL');
  const attach = db.prepare<[number, string]>('UPDATE field_edits SET shipment_id = ? WHERE tracking_id = ? AND shipment_id IS NULL');
  const nameTracking = db.prepare<[string, number]>('UPDATE field_edits SET tracking_id = ? WHERE shipment_id = ? AND tracking_id IS NULL');
  const upsertValue = db.prepare<[number, string, string, number, number]>(
    `INSERT INTO shipment_fields (shipment_id, name, value, edit_id, conflicts) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (shipment_id, name) DO UPDATE SET value = excluded.value, edit_id = excluded.edit_id, conflicts = excluded.conflicts`,
  );
  const dropValue = db.prepare<[number, string]>('DELETE FROM shipment_fields WHERE shipment_id = ? AND name = ?');
  const everyField = db.prepare<[], { shipment_id: number; key: string }>('SELECT DISTINCT shipment_id, key FROM field_edits WHERE shipment_id IS NOT NULL');
  const conflicted = db.prepare<[], { shipment_id: number }>('SELECT DISTINCT shipment_id FROM shipment_fields WHERE conflicts > 0');
  const noteOf = db.prepare<[number], { note: string | null; tracking_id: string | null }>('SELECT note, tracking_id FROM shipments WHERE id = ?');
  const showNote = db.prepare<[string | null, number]>('UPDATE shipments SET note = ? WHERE id = ?');
  const jobFile = db.prepare<[number], { source_name: string | null }>('SELECT source_name FROM import_jobs WHERE id = ?');

  let deskId: string | null = null;
  const thisDesk = (): string => {
    if (deskId) return deskId;
    const kept = setting.get(DESK_ID_SETTING)?.value;
    if (kept) return (deskId = kept);
    const made = randomUUID();
    putSetting.run(DESK_ID_SETTING, made);
    return (deskId = made);
  };
  const nextDeskN = (): number => {
    const n = Number(setting.get(DESK_N_SETTING)?.value ?? '0') + 1;
    putSetting.run(DESK_N_SETTING, String(n));
    return n;
  };

  /** The name shown for a key, registering `asWritten` when the key is new. */
  const shownName = (key: string, asWritten: string): string => {
    addName.run(key, asWritten.trim());
    return nameOf.get(key)!.name;
  };

  /** Works out what the field holds now from its edits and writes it; true when the value shown changed. */
  const settle = (shipmentId: number, key: string): boolean => {
    const rows = editsOf.all(shipmentId, key);
    const merged = mergeField(rows.map(editFacts));
    if (!merged) return false;
    if (key === NOTE_KEY) {
      const shown = merged.current.value === '' ? null : merged.current.value;
      if (noteOf.get(shipmentId)?.note === shown) return false;
      showNote.run(shown, shipmentId);
      return true;
    }
    const row = rows.find((r) => r.uid === merged.current.uid)!;
    const name = shownName(key, row.name);
    const before = current.get(shipmentId, name);
    if (merged.current.value === '') {
      dropValue.run(shipmentId, name);
      return before !== undefined;
    }
    upsertValue.run(shipmentId, name, merged.current.value, row.id, merged.conflicts.length);
    return before?.value !== merged.current.value || before.conflicts !== merged.conflicts.length;
  };

  const reads: FieldReads = {
    names: () => names.all().map((r) => r.name),
    canonical: (name) => nameOf.get(fieldKey(name))?.name ?? name.trim(),
    values: (shipmentId) => Object.fromEntries(values.all(shipmentId).map((f) => [f.name, f.value])),
    note: (shipmentId) => stateOf(editsOf.all(shipmentId, NOTE_KEY))[0] ?? null,
    states(shipmentId) {
      return stateOf(allEditsOf.all(shipmentId).filter((r) => r.key !== NOTE_KEY));
    },
    conflicted: () => conflicted.all().map((r) => r.shipment_id),
  };

  function stateOf(rows: EditRow[]): FieldState[] {
    const me = setting.get(DESK_ID_SETTING)?.value ?? null;
    const files = new Map<number, string | null>();
    const fileOf = (jobId: number | null) => {
      if (jobId === null) return null;
      if (!files.has(jobId)) files.set(jobId, jobFile.get(jobId)?.source_name ?? null);
      return files.get(jobId)!;
    };
    const view = (r: EditRow) => editView(r, me, fileOf);
    const byKey = new Map<string, EditRow[]>();
    for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
    const states: FieldState[] = [];
    for (const [key, group] of byKey) {
      const merged = mergeField(group.map(editFacts))!;
      const row = (f: FieldEditFacts) => group.find((g) => g.uid === f.uid)!;
      states.push({
        key,
        name: nameOf.get(key)?.name ?? row(merged.current).name,
        value: merged.current.value === '' ? null : merged.current.value,
        current: view(row(merged.current)),
        conflicts: merged.conflicts.map((c) => view(row(c))),
        history: merged.history.map((h) => view(row(h))),
      });
    }
    return states.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** An edit made here now: this desk's next count, what it had pulled of the team's. */
  const addEdit = (shipmentId: number, trackingId: string | null, key: string, name: string, value: string, source: FieldSource | { kind: 'service' }, uid: string, by: string) => {
    insertEdit.run({
      uid,
      shipment_id: shipmentId,
      tracking_id: trackingId,
      key,
      name,
      value,
      edited_at: nowIso(),
      desk_id: source.kind === 'service' ? observedBy(thisDesk()) : thisDesk(),
      desk_n: nextDeskN(),
      desk_name: source.kind === 'import' && source.by ? source.by : by,
      seen_seq: Number(setting.get(FIELD_EDITS_PULLED_SETTING)?.value ?? '0'),
      seq: null,
      earlier: 0,
      source: source.kind,
      job_id: source.kind === 'import' ? source.jobId : null,
      row_number: source.kind === 'import' ? source.row : null,
      detail: source.kind === 'person' ? (source.detail ?? null) : source.kind === 'import' ? (source.file ?? null) : null,
      pushed: 0,
    });
  };
  const randomUid = () => randomBytes(8).toString('hex');
  const hashUid = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

  const writes: FieldWrites = {
    set(shipmentId, given, source = { kind: 'sample' }, { blankKeeps, deferIndex } = { blankKeeps: false }) {
      const trackingId = tracking.get(shipmentId);
      if (trackingId === undefined) return [];
      let by: string | null = null;
      const changed: string[] = [];
      for (const [asWritten, raw] of Object.entries(given)) {
        const key = fieldKey(asWritten);
        // '@…' keys are Quayside's own (the note): never a column.
        if (key === '' || key.startsWith('@')) continue;
        // A value stays as it came (a leading tab or quote is the customer's; exports guard it).
        const value = raw.trim() === '' ? '' : raw;
        if (value === '' && blankKeeps) continue;
        const name = shownName(key, asWritten);
        const now = current.get(shipmentId, name);
        if ((now?.value ?? '') === value && !(source.kind === 'person' && (now?.conflicts ?? 0) > 0)) continue;
        const uid = source.kind === 'import' && source.uidSeed ? hashUid(`${source.uidSeed} ${key}`) : randomUid();
        addEdit(shipmentId, trackingId.tracking_id, key, asWritten.trim(), value, source, uid, (by ??= deskName()));
        if (settle(shipmentId, key)) changed.push(name);
      }
      if (changed.length > 0 && !deferIndex) search.reindexShipment(shipmentId);
      return changed;
    },
    setNote(shipmentId, note) {
      const shipment = noteOf.get(shipmentId);
      if (!shipment) return null;
      const merged = mergeField(editsOf.all(shipmentId, NOTE_KEY).map(editFacts));
      if ((merged?.current.value ?? shipment.note ?? '') === note && (merged?.conflicts.length ?? 0) === 0) return null;
      const uid = randomUid();
      addEdit(shipmentId, shipment.tracking_id, NOTE_KEY, NOTE_KEY, note, { kind: 'person' }, uid, deskName());
      if (settle(shipmentId, NOTE_KEY)) search.reindexShipment(shipmentId);
      return uid;
    },
    observeServiceNote(shipmentId, before, after) {
      const shipment = noteOf.get(shipmentId);
      const rows = editsOf.all(shipmentId, NOTE_KEY);
      if (!shipment || rows.length === 0) return;
      const value = after ?? '';
      if (mergeField(rows.map(editFacts))!.current.value === value) return;
      // Every desk that reads the same change at the service makes the same edit of it.
      addEdit(shipmentId, shipment.tracking_id, NOTE_KEY, NOTE_KEY, value, { kind: 'service' }, hashUid(`${shipment.tracking_id} ${before ?? ''} ${value}`), 'the tracking service');
      if (settle(shipmentId, NOTE_KEY)) search.reindexShipment(shipmentId);
    },
    storePulled(edits) {
      const touched = new Map<number, Set<string>>();
      for (const e of edits) {
        const known = byUid.get(e.uid);
        if (known) {
          if (known.seq === e.seq) continue;
          adopt.run({ id: known.id, seq: e.seq, value: e.value, edited_at: e.editedAt, desk_id: e.deskId, desk_n: e.deskN, desk_name: e.deskName, seen_seq: e.seenSeq, earlier: e.earlier ? 1 : 0 });
          if (known.shipment_id !== null) touched.set(known.shipment_id, (touched.get(known.shipment_id) ?? new Set()).add(known.key));
          continue;
        }
        const shipmentId = byTracking.get(e.trackingId)?.id ?? null;
        const key = fieldKey(e.name);
        if (!key.startsWith('@')) addName.run(key, e.name.trim());
        insertEdit.run({
          uid: e.uid,
          shipment_id: shipmentId,
          tracking_id: e.trackingId,
          key,
          name: e.name,
          value: e.value,
          edited_at: e.editedAt,
          desk_id: e.deskId,
          desk_n: e.deskN,
          desk_name: e.deskName,
          seen_seq: e.seenSeq,
          seq: e.seq,
          earlier: e.earlier ? 1 : 0,
          source: e.source,
          job_id: null,
          row_number: e.row,
          detail: e.detail,
          pushed: 1,
        });
        if (shipmentId !== null) touched.set(shipmentId, (touched.get(shipmentId) ?? new Set()).add(key));
      }
      const changed: number[] = [];
      for (const [shipmentId, keys] of touched) {
        let any = false;
        for (const key of keys) any = settle(shipmentId, key) || any;
        if (any) changed.push(shipmentId);
      }
      search.reindexShipments(changed);
      return changed;
    },
    settleAll() {
      const changed = new Set<number>();
      for (const { shipment_id, key } of everyField.all()) if (settle(shipment_id, key)) changed.add(shipment_id);
      search.reindexShipments(changed);
    },
    whenTracked(shipmentId, trackingId) {
      nameTracking.run(trackingId, shipmentId);
      const keys = waiting.all(trackingId);
      if (keys.length === 0) return false;
      attach.run(shipmentId, trackingId);
      let any = false;
      for (const { key } of keys) any = settle(shipmentId, key) || any;
      return any;
    },
  };
  return { reads, writes };
}
