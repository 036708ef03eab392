/**
 * The cache's side of a team's customers and updates (src/team/customers.ts is the PostgreSQL
 * side): customers this desk changed and has not pushed (`team_pushed = 0`, tombstones too), the
 * team id each is known by, and the team's customers and updates applied here. An update is the
 * same id on every desk; its lines name shipments by the service's tracking id between desks.
 */
import type { WritableDB } from '../handles.js';
import type { NewUpdate, OutboxFields } from './rows.js';

interface CustomerToPush {
  id: number;
  teamUuid: string | null;
  name: string;
  ruleJson: string;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

/** A team customer as pulled. */
interface PulledCustomer {
  uuid: string;
  name: string;
  ruleJson: string;
  /** Its who, as the columns of the selection (from the rule). */
  who: { kind: 'column'; column: string; value: string } | { kind: 'watchlist'; watchlist: string };
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  deleted: boolean;
}

/** A team update as pulled; lines by tracking id. */
export interface PulledUpdate extends Omit<NewUpdate, 'customerId' | 'lines'> {
  customerUuid: string;
  entry: OutboxFields;
  sentBy: string | null;
  lines: { trackingId: string; newsJson: string; etaTold: string | null; freeDaysTold: number | null; noDataTold: boolean }[];
}

export interface CustomerTeamReads {
  /** Customers changed here since the team last had them (removed ones too). */
  customersToPush(): CustomerToPush[];
  /** An update's lines with the shipments' tracking ids (what the team database keeps). */
  teamLinesOf(updateId: string): { trackingId: string; newsJson: string; etaTold: string | null; freeDaysTold: number | null; noDataTold: boolean }[];
}

export interface CustomerTeamWrites {
  setCustomerTeamUuid(id: number, uuid: string): void;
  /** The team has the customer as it was at `updatedAt` (a later edit here still waits). */
  markCustomerPushed(id: number, updatedAt: string): void;
  /** Applies a team customer; true when it changed something here. */
  applyPulledCustomer(customer: PulledCustomer, at: string): boolean;
  /** Applies a team update (new, or its outbox moved on); true when it changed something here. */
  applyPulledUpdate(update: PulledUpdate, seq: number): boolean;
  /** An update's outbox as the team database now has it (a move this desk made there); false when the cache already had a later one. */
  moveOnFromTeam(id: string, entry: OutboxFields, sentBy: string | null, seq: number): boolean;
  /** Leaving or joining another team: every customer is pushed again. */
  forgetCustomerTeam(): void;
}

export function createCustomerTeam(db: WritableDB): { reads: CustomerTeamReads; writes: CustomerTeamWrites } {
  const toPush = db.prepare<[], { id: number; team_uuid: string | null; name: string; rule_json: string; created_at: string; updated_at: string; deleted_at: string | null }>(
    'SELECT id, team_uuid, name, rule_json, created_at, updated_at, deleted_at FROM customers WHERE team_pushed = 0 ORDER BY id',
  );
  const lines = db.prepare<[string], { tracking_id: string; news_json: string; eta_told: string | null; free_days_told: number | null; no_data_told: number }>(
    `SELECT s.tracking_id, l.news_json, l.eta_told, l.free_days_told, l.no_data_told FROM customer_update_lines l
       JOIN shipments s ON s.id = l.shipment_id WHERE l.update_id = ? AND s.tracking_id IS NOT NULL`,
  );
  const setUuid = db.prepare<[string, number]>('UPDATE customers SET team_uuid = ? WHERE id = ?');
  const pushed = db.prepare<[number, string]>('UPDATE customers SET team_pushed = 1 WHERE id = ? AND updated_at = ?');
  const byUuid = db.prepare<[string], { id: number; team_pushed: number; rule_json: string; name: string; deleted_at: string | null }>(
    'SELECT id, team_pushed, rule_json, name, deleted_at FROM customers WHERE team_uuid = ?',
  );
  const ownByName = db.prepare<[string], { id: number }>('SELECT id FROM customers WHERE deleted_at IS NULL AND team_uuid IS NULL AND name = ? COLLATE NOCASE');
  const otherByName = db.prepare<[string, number], { id: number }>('SELECT id FROM customers WHERE deleted_at IS NULL AND name = ? COLLATE NOCASE AND id <> ?');
  const insert = db.prepare<[string, string, string, string | null, string | null, string | null, string, string, string, string | null, string, string | null], { id: number }>(
    `INSERT INTO customers (name, rule_json, who_kind, who_column, who_value, who_watchlist, handled_at, created_at, updated_at, updated_by, team_uuid, deleted_at, team_pushed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
  );
  const update = db.prepare<[string, string, string, string | null, string | null, string | null, string, string | null, string | null, string, number]>(
    `UPDATE customers SET name = ?, rule_json = ?, who_kind = ?, who_column = ?, who_value = ?, who_watchlist = ?, updated_at = ?, updated_by = ?,
       deleted_at = ?, team_uuid = ?, team_pushed = 1 WHERE id = ?`,
  );
  const customerOfUuid = db.prepare<[string], { id: number; handled_at: string }>('SELECT id, handled_at FROM customers WHERE team_uuid = ?');
  const shipmentOf = db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE tracking_id = ?');
  const existing = db.prepare<[string], { id: string }>('SELECT id FROM customer_updates WHERE id = ?');
  const insertUpdate = db.prepare(
    `INSERT OR IGNORE INTO customer_updates (id, customer_id, follows_id, state, created_at, created_by, subject, to_json, cc_json, message_id, message,
       text_body, html_body, attachment_name, changes, shipments, attempts, attempt_id, claimed_by, claimed_at, next_attempt_at, sentence, answer,
       sent_at, sent_how, sent_by, refused_json, team_seq)
     VALUES (@id, @customerId, @followsId, @state, @createdAt, @createdBy, @subject, @toJson, @ccJson, @messageId, @message,
       @textBody, @htmlBody, @attachmentName, @changes, @shipments, @attempts, @attemptId, @claimedBy, @claimedAt, @nextAttemptAt, @sentence, @answer,
       @sentAt, @sentHow, @sentBy, @refusedJson, @seq)`,
  );
  const moveOn = db.prepare(
    `UPDATE customer_updates SET state = @state, attempts = @attempts, attempt_id = @attemptId, claimed_by = @claimedBy, claimed_at = @claimedAt,
       next_attempt_at = @nextAttemptAt, sentence = @sentence, answer = @answer, sent_at = @sentAt, sent_how = @sentHow, sent_by = @sentBy,
       refused_json = @refusedJson, team_seq = @seq
     WHERE id = @id AND (team_seq IS NULL OR team_seq < @seq)`,
  );
  const insertLine = db.prepare<[string, number, string, string | null, number | null, number]>(
    'INSERT OR IGNORE INTO customer_update_lines (update_id, shipment_id, news_json, eta_told, free_days_told, no_data_told) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Another desk handled this slot: this desk's next is counted from there, so it does not send the same news again.
  const handledByTeam = db.prepare<{ at: string; id: number }>(
    `UPDATE customers SET handled_at = @at, first_news_at = CASE WHEN first_news_at <= @at THEN NULL ELSE first_news_at END
      WHERE id = @id AND handled_at < @at`,
  );
  const retire = db.prepare<[string, number]>('UPDATE customers SET deleted_at = ?, team_pushed = 1 WHERE id = ?');

  const outboxRow = (id: string, entry: OutboxFields, sentBy: string | null, seq: number) => ({
    id,
    state: entry.state,
    attempts: entry.attempts,
    attemptId: entry.attemptId,
    claimedBy: entry.claimedBy,
    claimedAt: entry.claimedAt,
    nextAttemptAt: entry.nextAttemptAt,
    sentence: entry.sentence,
    answer: entry.answer,
    sentAt: entry.sentAt,
    sentHow: entry.sentHow,
    sentBy,
    refusedJson: JSON.stringify(entry.refused),
    seq,
  });

  const who = (c: PulledCustomer) =>
    c.who.kind === 'column' ? (['column', c.who.column, c.who.value, null] as const) : (['watchlist', null, null, c.who.watchlist] as const);

  const reads: CustomerTeamReads = {
    customersToPush: () =>
      toPush.all().map((r) => ({ id: r.id, teamUuid: r.team_uuid, name: r.name, ruleJson: r.rule_json, createdAt: r.created_at, updatedAt: r.updated_at, deleted: r.deleted_at !== null })),
    teamLinesOf: (updateId) =>
      lines.all(updateId).map((l) => ({ trackingId: l.tracking_id, newsJson: l.news_json, etaTold: l.eta_told, freeDaysTold: l.free_days_told, noDataTold: l.no_data_told === 1 })),
  };

  const writes: CustomerTeamWrites = {
    setCustomerTeamUuid: (id, uuid) => void setUuid.run(uuid, id),
    markCustomerPushed: (id, updatedAt) => void pushed.run(id, updatedAt),
    applyPulledCustomer(c, at) {
      const [kind, column, value, watchlist] = who(c);
      const deletedAt = c.deleted ? c.updatedAt : null;
      const known = byUuid.get(c.uuid);
      // A change made here and not pushed yet is the later one: it goes out next and wins.
      if (known && known.team_pushed === 0) return false;
      const target = known?.id ?? (c.deleted ? undefined : ownByName.get(c.name)?.id);
      if (target === undefined) {
        if (c.deleted) return false;
        // A customer of this name made here under another team id gives way: the team's is the one.
        const clash = otherByName.get(c.name, -1);
        if (clash) retire.run(at, clash.id);
        insert.get(c.name, c.ruleJson, kind, column, value, watchlist, at, c.createdAt, c.updatedAt, c.updatedBy, c.uuid, null);
        return true;
      }
      if (known && known.rule_json === c.ruleJson && known.name === c.name && (known.deleted_at !== null) === c.deleted) return false;
      if (!c.deleted) {
        const clash = otherByName.get(c.name, target);
        if (clash) retire.run(at, clash.id);
      }
      update.run(c.name, c.ruleJson, kind, column, value, watchlist, c.updatedAt, c.updatedBy, deletedAt, c.uuid, target);
      return true;
    },
    applyPulledUpdate(u, seq) {
      const customer = customerOfUuid.get(u.customerUuid);
      if (!customer) return false;
      const outbox = outboxRow(u.id, u.entry, u.sentBy, seq);
      if (existing.get(u.id)) return moveOn.run(outbox).changes > 0;
      const inserted = insertUpdate.run({
        ...outbox,
        customerId: customer.id,
        followsId: u.followsId,
        createdAt: u.createdAt,
        createdBy: u.createdBy,
        subject: u.subject,
        toJson: u.toJson,
        ccJson: u.ccJson,
        messageId: u.messageId,
        message: u.message,
        textBody: u.textBody,
        htmlBody: u.htmlBody,
        attachmentName: u.attachmentName,
        changes: u.changes,
        shipments: u.shipments,
      });
      if (inserted.changes === 0) return false;
      for (const line of u.lines) {
        const shipment = shipmentOf.get(line.trackingId);
        if (shipment) insertLine.run(u.id, shipment.id, line.newsJson, line.etaTold, line.freeDaysTold, line.noDataTold ? 1 : 0);
      }
      handledByTeam.run({ at: u.createdAt, id: customer.id });
      return true;
    },
    moveOnFromTeam: (id, entry, sentBy, seq) => moveOn.run(outboxRow(id, entry, sentBy, seq)).changes > 0,
    forgetCustomerTeam: () => void db.exec('UPDATE customers SET team_pushed = 0'),
  };
  return { reads, writes };
}
