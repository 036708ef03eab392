/** field_edits as stored, and as the window, the CLI and the team see them. */
import type { FieldEditFacts } from './merge.js';

/** Where an edit came from: a sheet's row, a person (a correction, an undo, a conflict settled), the sample data, or a value kept from before edits were recorded. */
export type FieldSource =
  | {
      kind: 'import';
      /** This desk's job; null for a team's job another desk started. */
      jobId: number | null;
      row: number | null;
      file?: string;
      /** The same row stored by two desks is one edit (a team job's item). */
      uidSeed?: string;
      /** Who imported it, where not this desk (a team job another desk started). */
      by?: string;
    }
  | { kind: 'person'; detail?: 'undo' | 'resolve' | null }
  | { kind: 'sample' };

type FieldSourceKind = 'import' | 'person' | 'sample' | 'earlier' | 'service';

export interface EditRow {
  id: number;
  uid: string;
  shipment_id: number | null;
  tracking_id: string | null;
  key: string;
  name: string;
  value: string;
  edited_at: string;
  desk_id: string;
  desk_n: number;
  desk_name: string | null;
  seen_seq: number;
  seq: number | null;
  earlier: number;
  source: string;
  job_id: number | null;
  row_number: number | null;
  detail: string | null;
  pushed: number;
}

export interface FieldEditView {
  uid: string;
  /** The field's name as this edit wrote it. */
  name: string;
  /** '' when the edit cleared the field. */
  value: string;
  /** When it was made (UTC). */
  at: string;
  /** The desk that made it, by its name (null where none was known). */
  by: string | null;
  /** Made on this desk. */
  mine: boolean;
  source: FieldSourceKind;
  /** The sheet (an import), or what a person did ('undo', 'resolve'). */
  detail: string | null;
  /** The sheet's row, for an import. */
  row: number | null;
  /** The team has it (false: it waits on this desk to be pushed, or the desk works alone). */
  shared: boolean;
}

export interface FieldState {
  key: string;
  /** The name shown (the first seen). */
  name: string;
  /** Null when the field was cleared. */
  value: string | null;
  current: FieldEditView;
  /** Other values made without seeing the current one, newest first: a person chooses. */
  conflicts: FieldEditView[];
  history: FieldEditView[];
}

/** An edit as the team database holds it. */
export interface PulledEdit {
  uid: string;
  seq: number;
  trackingId: string;
  name: string;
  value: string;
  editedAt: string;
  deskId: string;
  deskN: number;
  deskName: string | null;
  seenSeq: number;
  earlier: boolean;
  source: string;
  row: number | null;
  detail: string | null;
}

/** An edit of this desk the team does not have yet. */
export type EditToPush = Omit<PulledEdit, 'seq'> & { id: number };

export function editFacts(r: EditRow): FieldEditFacts {
  return { uid: r.uid, value: r.value, editedAt: r.edited_at, deskId: r.desk_id, deskN: r.desk_n, seq: r.seq, seenSeq: r.seen_seq, earlier: r.earlier === 1 };
}

export function editView(r: EditRow, me: string | null, fileOf: (jobId: number | null) => string | null): FieldEditView {
  return {
    uid: r.uid,
    name: r.name,
    value: r.value,
    at: r.edited_at,
    by: r.desk_name,
    mine: r.desk_id === me,
    source: (['import', 'person', 'sample', 'earlier', 'service'] as const).find((k) => k === r.source) ?? 'person',
    detail: r.detail ?? (r.source === 'import' ? fileOf(r.job_id) : null),
    row: r.row_number,
    shared: r.seq !== null,
  };
}
