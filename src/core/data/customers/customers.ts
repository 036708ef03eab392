/**
 * Customers and their updates in the cache (migration 13; the design is
 * src/core/features/customers/schema.md). Prepared statements with bound parameters only; every
 * write runs inside the data layer's `write(tx => tx.customers.…)`. The rule is kept as the JSON
 * the feature validated; the repository neither reads nor judges it, beyond the columns the
 * selection queries use.
 */
import type { WritableDB } from '../handles.js';
import { invalidInputError } from '../sqlite/errors.js';
import type { CustomerRecord, HandledOutcome, NewUpdate, OutboxFields, UpdateRecord, UpdateState } from './rows.js';
import { customerRecord, updateRecord, type CustomerRow, type UpdateRow } from './rows.js';

interface CustomerSave {
  name: string;
  ruleJson: string;
  who: { kind: 'column'; column: string; value: string } | { kind: 'watchlist'; watchlist: string };
  /** The customer's name before this save (an edit that renames); null for a new one or an edit under the same name. */
  previousName: string | null;
  at: string;
  /** The desk that saved it (a team's desk id), or null alone. */
  by: string | null;
}

export interface CustomerReads {
  /** Customers not removed, by name. */
  listCustomers(): CustomerRecord[];
  customerNamed(name: string): CustomerRecord | null;
  getCustomer(id: number): CustomerRecord | null;
  /** Updates newest first: all, or one customer's; without the message bytes. */
  listUpdates(options?: { customerId?: number; limit?: number }): UpdateRecord[];
  getUpdate(id: string): UpdateRecord | null;
  /** The RFC 5322 bytes kept with an update: the same on every attempt. */
  updateMessage(id: string): Buffer | null;
  /** Updates in due, waiting or sending (the sender's work and the start-up check). */
  openUpdates(): UpdateRecord[];
  /** The customer's newest update (what the next one follows), or null before their first. */
  latestUpdate(customerId: number): { id: string; createdAt: string } | null;
  /** The customer's newest update that went (sent by Quayside, or marked sent by a person), or null. */
  latestSentUpdate(customerId: number): { id: string; createdAt: string } | null;
  /** The customer's drafts not marked sent, oldest first. */
  draftsOf(customerId: number): UpdateRecord[];
  /** What an update told of each shipment (news as JSON). */
  updateLines(updateId: string): { shipmentId: number; newsJson: string }[];
  /** Updates a person has to look at: drafts not marked sent, unclear ones, and refused ones waiting for a change. */
  countNeedPerson(): number;
  /** Updates that mentioned the shipment, newest first. */
  updatesMentioning(shipmentId: number): (UpdateRecord & { news: string })[];
}

export interface CustomerWrites {
  /** Adds or changes a customer; answers its id. A name another customer has is refused. */
  saveCustomer(input: CustomerSave): number;
  /** Marks the customer removed (their past updates stay); false when there was none. */
  removeCustomer(name: string, at: string): boolean;
  /** News for these customers was recorded at `at` (kept when earlier news is already waiting). */
  markCustomerNews(customerIds: readonly number[], at: string): number;
  /** The slot was handled at `at` (with what it came to): the next is counted from there, and no news waits. */
  setCustomerHandled(customerId: number, at: string, outcome: HandledOutcome): void;
  /** Stores a composed update and its lines; false when another update of the customer came first (it no longer follows the newest). */
  insertUpdate(update: NewUpdate): boolean;
  /** Replaces the outbox fields if the stored ones still have `expected`'s state and attempt id; false when they changed meanwhile. */
  replaceOutbox(id: string, expected: Pick<OutboxFields, 'state' | 'attemptId'>, next: OutboxFields, sentBy?: string | null): boolean;
}

const UPDATE_COLUMNS = `u.id, u.customer_id, c.name AS customer_name, u.follows_id, u.state, u.created_at, u.created_by, u.subject, u.to_json, u.cc_json,
  u.message_id, u.text_body, u.html_body, u.attachment_name, u.changes, u.shipments, u.attempts, u.attempt_id, u.claimed_by, u.claimed_at,
  u.next_attempt_at, u.sentence, u.answer, u.sent_at, u.sent_how, u.sent_by, u.refused_json`;

export function createCustomers(db: WritableDB, file: string): { reads: CustomerReads; writes: CustomerWrites } {
  const all = db.prepare<[], CustomerRow>('SELECT * FROM customers WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE');
  const byName = db.prepare<[string], CustomerRow>('SELECT * FROM customers WHERE deleted_at IS NULL AND name = ? COLLATE NOCASE');
  const byId = db.prepare<[number], CustomerRow>('SELECT * FROM customers WHERE id = ?');
  const updates = db.prepare<{ customer: number | null; limit: number }, UpdateRow>(
    `SELECT ${UPDATE_COLUMNS} FROM customer_updates u JOIN customers c ON c.id = u.customer_id
      WHERE (@customer IS NULL OR u.customer_id = @customer) ORDER BY u.created_at DESC, u.rowid DESC LIMIT @limit`,
  );
  const oneUpdate = db.prepare<[string], UpdateRow>(`SELECT ${UPDATE_COLUMNS} FROM customer_updates u JOIN customers c ON c.id = u.customer_id WHERE u.id = ?`);
  const message = db.prepare<[string], { message: Buffer }>('SELECT message FROM customer_updates WHERE id = ?');
  const open = db.prepare<[], UpdateRow>(
    `SELECT ${UPDATE_COLUMNS} FROM customer_updates u JOIN customers c ON c.id = u.customer_id
      WHERE u.state IN ('due', 'waiting', 'sending') ORDER BY u.created_at, u.rowid`,
  );
  const latest = db.prepare<[number], { id: string; created_at: string }>(
    `SELECT id, created_at FROM customer_updates WHERE customer_id = ?
      ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const latestSent = db.prepare<[number], { id: string; created_at: string }>(
    `SELECT id, created_at FROM customer_updates WHERE customer_id = ? AND state = 'sent'
      ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const drafts = db.prepare<[number], UpdateRow>(
    `SELECT ${UPDATE_COLUMNS} FROM customer_updates u JOIN customers c ON c.id = u.customer_id
      WHERE u.customer_id = ? AND u.state = 'draft' ORDER BY u.created_at, u.rowid`,
  );
  const mentioning = db.prepare<[number], UpdateRow & { news_json: string }>(
    `SELECT ${UPDATE_COLUMNS}, l.news_json FROM customer_update_lines l
       JOIN customer_updates u ON u.id = l.update_id JOIN customers c ON c.id = u.customer_id
      WHERE l.shipment_id = ? ORDER BY u.created_at DESC LIMIT 50`,
  );

  const lines = db.prepare<[string], { shipment_id: number; news_json: string }>('SELECT shipment_id, news_json FROM customer_update_lines WHERE update_id = ?');
  const needPerson = db
    .prepare<[], number>(
      `SELECT count(*) FROM customer_updates WHERE state IN ('draft', 'uncertain') OR (state = 'waiting' AND next_attempt_at IS NULL)`,
    )
    .pluck();
  const insertCustomer = db.prepare<[string, string, string, string | null, string | null, string | null, string, string, string, string | null], { id: number }>(
    `INSERT INTO customers (name, rule_json, who_kind, who_column, who_value, who_watchlist, handled_at, created_at, updated_at, updated_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const updateCustomer = db.prepare<[string, string, string, string | null, string | null, string | null, string, string | null, number]>(
    `UPDATE customers SET name = ?, rule_json = ?, who_kind = ?, who_column = ?, who_value = ?, who_watchlist = ?, updated_at = ?, updated_by = ?, team_pushed = 0
      WHERE id = ?`,
  );
  const remove = db.prepare<[string, string, string]>(
    'UPDATE customers SET deleted_at = ?, updated_at = ?, team_pushed = 0 WHERE deleted_at IS NULL AND name = ? COLLATE NOCASE',
  );
  const news = db.prepare<[string, string]>(
    'UPDATE customers SET first_news_at = coalesce(first_news_at, ?) WHERE deleted_at IS NULL AND id IN (SELECT value FROM json_each(?))',
  );
  const handled = db.prepare<[string, string, number]>('UPDATE customers SET handled_at = ?, handled_outcome = ?, first_news_at = NULL WHERE id = ?');
  const insertUpdate = db.prepare(
    `INSERT INTO customer_updates (id, customer_id, follows_id, state, created_at, created_by, subject, to_json, cc_json, message_id, message,
       text_body, html_body, attachment_name, changes, shipments, sent_at, sent_how, sent_by, team_seq)
     VALUES (@id, @customerId, @followsId, @state, @createdAt, @createdBy, @subject, @toJson, @ccJson, @messageId, @message,
       @textBody, @htmlBody, @attachmentName, @changes, @shipments, @sentAt, @sentHow, @sentBy, @teamSeq)`,
  );
  const insertLine = db.prepare<[string, number, string, string | null, number | null, number]>(
    'INSERT INTO customer_update_lines (update_id, shipment_id, news_json, eta_told, free_days_told, no_data_told) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const replace = db.prepare(
    `UPDATE customer_updates SET state = @state, attempts = @attempts, attempt_id = @attemptId, claimed_by = @claimedBy, claimed_at = @claimedAt,
       next_attempt_at = @nextAttemptAt, sentence = @sentence, answer = @answer, sent_at = @sentAt, sent_how = @sentHow,
       refused_json = @refusedJson, sent_by = CASE WHEN @sentByGiven THEN @sentBy ELSE sent_by END
     WHERE id = @id AND state = @expectedState AND attempt_id IS @expectedAttempt`,
  );

  const who = (input: CustomerSave) =>
    input.who.kind === 'column'
      ? (['column', input.who.column, input.who.value, null] as const)
      : (['watchlist', null, null, input.who.watchlist] as const);

  const reads: CustomerReads = {
    listCustomers: () => all.all().map(customerRecord),
    customerNamed: (name) => {
      const row = byName.get(name.trim());
      return row ? customerRecord(row) : null;
    },
    getCustomer: (id) => {
      const row = byId.get(id);
      return row ? customerRecord(row) : null;
    },
    listUpdates: (options = {}) => updates.all({ customer: options.customerId ?? null, limit: options.limit ?? 500 }).map(updateRecord),
    getUpdate: (id) => {
      const row = oneUpdate.get(id);
      return row ? updateRecord(row) : null;
    },
    updateMessage: (id) => message.get(id)?.message ?? null,
    openUpdates: () => open.all().map(updateRecord),
    latestUpdate: (customerId) => {
      const row = latest.get(customerId);
      return row ? { id: row.id, createdAt: row.created_at } : null;
    },
    latestSentUpdate: (customerId) => {
      const row = latestSent.get(customerId);
      return row ? { id: row.id, createdAt: row.created_at } : null;
    },
    draftsOf: (customerId) => drafts.all(customerId).map(updateRecord),
    updateLines: (updateId) => lines.all(updateId).map((l) => ({ shipmentId: l.shipment_id, newsJson: l.news_json })),
    countNeedPerson: () => needPerson.get() ?? 0,
    updatesMentioning: (shipmentId) => mentioning.all(shipmentId).map((r) => ({ ...updateRecord(r), news: r.news_json })),
  };

  const writes: CustomerWrites = {
    saveCustomer(input) {
      const name = input.name.trim();
      const existing = byName.get(name);
      const previous = input.previousName === null ? existing : byName.get(input.previousName.trim());
      if (input.previousName !== null && !previous) throw invalidInputError(file, `There is no customer named "${input.previousName}" any more; nothing was saved.`);
      if (existing && previous && existing.id !== previous.id) throw invalidInputError(file, `There is already a customer named "${existing.name}"; choose another name.`);
      const [kind, column, value, watchlist] = who(input);
      if (previous) {
        updateCustomer.run(name, input.ruleJson, kind, column, value, watchlist, input.at, input.by, previous.id);
        return previous.id;
      }
      return insertCustomer.get(name, input.ruleJson, kind, column, value, watchlist, input.at, input.at, input.at, input.by)!.id;
    },
    removeCustomer: (name, at) => remove.run(at, at, name.trim()).changes > 0,
    markCustomerNews: (customerIds, at) => (customerIds.length === 0 ? 0 : news.run(at, JSON.stringify(customerIds)).changes),
    setCustomerHandled: (customerId, at, outcome) => void handled.run(at, outcome, customerId),
    insertUpdate(update) {
      // Inside the write's transaction: the newest update read here is the newest there is.
      if ((latest.get(update.customerId)?.id ?? null) !== update.followsId) return false;
      const { lines, ...row } = update;
      insertUpdate.run({ ...row, sentAt: row.sentAt ?? null, sentHow: row.sentHow ?? null, sentBy: row.sentBy ?? null, teamSeq: row.teamSeq ?? null });
      for (const line of lines) insertLine.run(update.id, line.shipmentId, line.newsJson, line.etaTold, line.freeDaysTold, line.noDataTold ? 1 : 0);
      return true;
    },
    replaceOutbox(id, expected, next, sentBy) {
      const changed = replace.run({
        id,
        expectedState: expected.state,
        expectedAttempt: expected.attemptId,
        state: next.state satisfies UpdateState,
        attempts: next.attempts,
        attemptId: next.attemptId,
        claimedBy: next.claimedBy,
        claimedAt: next.claimedAt,
        nextAttemptAt: next.nextAttemptAt,
        sentence: next.sentence,
        answer: next.answer,
        sentAt: next.sentAt,
        sentHow: next.sentHow,
        refusedJson: JSON.stringify(next.refused),
        sentByGiven: sentBy === undefined ? 0 : 1,
        sentBy: sentBy ?? null,
      });
      return changed.changes === 1;
    },
  };
  return { reads, writes };
}
