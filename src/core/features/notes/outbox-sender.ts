/**
 * Sends queued note edits to the service, oldest first, through the scheduler. Offline, the
 * scheduler holds the request and probes until the service answers again, so an edit made on
 * a train goes out by itself when the network is back; it also survives a restart (the
 * outbox is in SQLite and is drained when the app starts).
 */
import { BadRequestError, UnexpectedStatusError } from '../../platform/api/errors.js';
import type { OutboxEntry } from '../../data/index.js';
import type { Core } from '../../context.js';
import { toAppError } from '../../platform/failure.js';
import { APP_ERROR_CODE } from '../../platform/says-what-to-do.js';
import type { DomainEvents } from '../../events.js';

/** Retry for failures that are not about the network (the scheduler already waits those out). */
const RETRY_MS = [5_000, 30_000, 120_000, 600_000];

export class NotesSender {
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retries = 0;
  private closed = false;

  constructor(private readonly core: Core) {}

  /** Starts sending what waits; cheap to call often. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when nothing is being sent (for tests and a clean shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private async drain(): Promise<void> {
    const outcome = await sendWaitingNotes(this.core, { stop: () => this.closed });
    if (outcome === 'all-sent') this.retries = 0;
    else if (outcome === 'will-retry') this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)] ?? 600_000;
    this.retries++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, wait / this.core.timeScale);
    this.retryTimer.unref?.();
  }
}

/**
 * Sends what waits in the outbox, oldest first, through the scheduler: the one way a note reaches
 * the service, from the window and from `quayside note` alike, so a newer edit always replaces an
 * older one still waiting. `only`: just that shipment's edit (a person at a terminal waits for it).
 * Each outcome is told as `notes.outbox`, and a sent or refused edit as `shipments.changed`.
 */
export async function sendWaitingNotes(core: Core, options: { only?: number; stop?: () => boolean } = {}): Promise<'all-sent' | 'will-retry' | 'stopped'> {
  const told = (outbox: DomainEvents['notes.outbox'], entry?: OutboxEntry) => {
    core.events.emit('notes.outbox', outbox);
    if (entry) core.events.emit('shipments.changed', { ids: [entry.shipmentId], reason: 'note' });
  };
  for (;;) {
    if (options.stop?.()) return 'stopped';
    const entry = options.only === undefined ? core.read.waitingNotes()[0] : core.read.waitingNote(options.only);
    if (!entry) return 'all-sent';
    const newer = newerNote(core, entry);
    if (newer !== null) {
      core.write((tx) => tx.markNoteSuperseded(entry.id, newer));
      told({ sent: [], failed: [{ shipmentId: entry.shipmentId, message: newer }] }, entry);
      if (options.only !== undefined) throw new NoteSupersededError(newer);
      continue;
    }
    try {
      const record = await core.api().setNote(entry.trackingId, entry.note ?? '', { priority: 'interactive' });
      if (options.stop?.()) return 'stopped';
      core.write((tx) => tx.markNoteSent(entry.id, record.note ?? null));
      told({ sent: [{ shipmentId: entry.shipmentId, note: record.note ?? null }], failed: [] }, entry);
    } catch (err) {
      if (options.stop?.()) return 'stopped';
      const { message } = toAppError(err);
      if (refusedForGood(err)) {
        core.write((tx) => tx.markNoteFailed(entry.id, message));
        told({ sent: [], failed: [{ shipmentId: entry.shipmentId, message }] }, entry);
        if (options.only !== undefined) throw err;
        continue;
      }
      core.write((tx) => tx.markNoteAttempt(entry.id, message));
      told({ sent: [], failed: [] });
      if (options.only !== undefined) throw err;
      return 'will-retry';
    }
  }
}

/** A waiting note that is no longer its note's current edit: it is not sent (who made the newer one, in words), else null. */
function newerNote(core: Core, entry: OutboxEntry): string | null {
  if (entry.editUid === null) return null;
  const note = core.read.fields.note(entry.shipmentId);
  if (!note || note.current.uid === entry.editUid) return null;
  const who = note.current.source === 'service' ? 'the note was changed at the tracking service' : `${note.current.mine ? 'a newer edit on this desk' : (note.current.by ?? 'a colleague')} changed it`;
  const mine = [note.current, ...note.conflicts, ...note.history].find((e) => e.uid === entry.editUid);
  const kept = note.conflicts.some((e) => e.uid === entry.editUid) ? 'yours is kept beside it until one is chosen' : 'yours is kept in its history';
  return `Not sent: ${who} to ${note.value === null ? 'no note' : `"${note.value}"`} without this desk seeing it first, so your "${mine?.value ?? entry.note ?? ''}" would have replaced it; ${kept}. Save your note again to send it anyway.`;
}

/** Thrown to a person waiting for their note (`quayside note`): a newer one took its place, unsent. */
class NoteSupersededError extends Error {
  readonly [APP_ERROR_CODE] = 'invalid-input' as const;
}

/** The service will not take this edit however often it is sent (the record is gone, the note refused). */
function refusedForGood(err: unknown): boolean {
  if (err instanceof BadRequestError) return true;
  return err instanceof UnexpectedStatusError && (err.httpStatus === 404 || err.httpStatus === 410);
}
