/**
 * Note edits and the outbox. `notes.set` saves at once and queues the edit for the service;
 * until the `notes.outbox` event says it was sent, the note is shown as pending. An edit the
 * service refused for good keeps its message.
 */
import { create } from 'zustand';
import type { Events } from '../../shared/contract';
import type { NoteSaveResult } from '../../shared/contract';
import { call } from '../api/call';
import { eventsSince } from '../api/newest';
import { useDetail } from './detail';
import { useShipments } from './shipments';

export interface NoteState {
  pending: boolean;
  failed: string | null;
}

export interface NotesState {
  /** What the window has learnt since the rows were read; wins over a row's `notePending`. */
  known: ReadonlyMap<number, NoteState>;
  save(shipmentId: number, note: string): Promise<NoteSaveResult>;
  applyOutbox(event: Events['notes.outbox']): void;
  loadPending(): Promise<void>;
}

/**
 * The outbox may send a note before the answer of its `notes.set` reaches the window (the event
 * comes over another channel). What each shipment's last outbox event said, so that a save does
 * not mark as pending a note already sent or refused while it waited for its answer.
 */
const outbox = eventsSince<number, { sentNote: string | null } | { failed: string }>();

export const useNotes = create<NotesState>()((set, get) => ({
  known: new Map(),

  async save(shipmentId, note) {
    const asked = outbox.mark();
    const answer = await call('notes.set', { shipmentId, note });
    const meanwhile = outbox.since(asked, shipmentId);
    const failed = meanwhile !== undefined && 'failed' in meanwhile ? meanwhile.failed : null;
    const sent = meanwhile !== undefined && 'sentNote' in meanwhile && (meanwhile.sentNote ?? '') === (answer.note ?? '');
    const result: NoteSaveResult = answer.pending && (sent || failed !== null) ? { ...answer, pending: false } : answer;
    const known = new Map(get().known);
    known.set(shipmentId, { pending: result.pending, failed });
    set({ known });
    useShipments.getState().patchRow(shipmentId, { note: result.note, notePending: result.pending });
    if (useDetail.getState().openId === shipmentId) useDetail.getState().patchNote(result.note, result.pending);
    return result;
  },

  applyOutbox(event) {
    for (const s of event.sent) outbox.heard(s.shipmentId, { sentNote: s.note });
    for (const f of event.failed) outbox.heard(f.shipmentId, { failed: f.message });
    const known = new Map(get().known);
    for (const p of event.pending) known.set(p.shipmentId, { pending: true, failed: null });
    for (const s of event.sent) known.set(s.shipmentId, { pending: false, failed: null });
    for (const f of event.failed) known.set(f.shipmentId, { pending: false, failed: f.message });
    set({ known });
    const openId = useDetail.getState().openId;
    if (openId !== null && [...event.sent, ...event.failed].some((n) => n.shipmentId === openId)) void useDetail.getState().reload();
  },

  async loadPending() {
    const pending = await call('notes.pending');
    const known = new Map(get().known);
    for (const p of pending) known.set(p.shipmentId, { pending: true, failed: null });
    set({ known });
  },
}));

/** Pending and failure of one shipment's note, from what the window learnt or else from the row. */
export function noteStateOf(known: ReadonlyMap<number, NoteState>, id: number, rowPending: boolean | undefined): NoteState {
  return known.get(id) ?? { pending: rowPending ?? false, failed: null };
}

export function resetNotesStore(): void {
  outbox.clear();
  useNotes.setState({ known: new Map() });
}
