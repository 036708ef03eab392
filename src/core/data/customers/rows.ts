/** The customers tables' rows (migration 13) and the records the repository answers. */

export type UpdateState = 'due' | 'sending' | 'sent' | 'waiting' | 'uncertain' | 'draft' | 'discarded';

/** What a customer's last slot came to: an update kept, nothing new to tell, or another desk's (or process's) update of the slot. */
export type HandledOutcome = 'update' | 'nothing-new' | 'taken';

export interface CustomerRow {
  id: number;
  name: string;
  rule_json: string;
  who_kind: 'column' | 'watchlist';
  who_column: string | null;
  who_value: string | null;
  who_watchlist: string | null;
  handled_at: string;
  handled_outcome: HandledOutcome | null;
  first_news_at: string | null;
  created_at: string;
  updated_at: string;
  team_uuid: string | null;
  team_pushed: number;
  updated_by: string | null;
  deleted_at: string | null;
}

export interface CustomerRecord {
  id: number;
  name: string;
  /** The rule as the feature validated it (CustomerRule); parsed again by the feature on read. */
  ruleJson: string;
  /** When the last slot was handled (UTC); the rule's creation at first. */
  handledAt: string;
  /** What that slot came to; null before the first. */
  handledOutcome: HandledOutcome | null;
  /** When the first news not yet told was recorded (UTC), or null. */
  firstNewsAt: string | null;
  createdAt: string;
  updatedAt: string;
  teamUuid: string | null;
}

/** The outbox part of an update: where its hand-over to the mail server stands. */
export interface OutboxFields {
  state: UpdateState;
  /** Hand-overs started. */
  attempts: number;
  /** The current or last attempt; a result is applied only to its own attempt. */
  attemptId: string | null;
  /** Who holds the attempt: `<desk id>:<process id>`. */
  claimedBy: string | null;
  claimedAt: string | null;
  /** When a waiting update is tried again (UTC); null while it waits for a person. */
  nextAttemptAt: string | null;
  /** What a person reads about the last attempt. */
  sentence: string | null;
  /** The server's own answer to the last attempt (without any password). */
  answer: string | null;
  sentAt: string | null;
  /** `smtp`: the server accepted it; `person`: a person said it went (a draft they sent, or an uncertain one). */
  sentHow: 'smtp' | 'person' | null;
  /** Recipients the server refused while it accepted the others. */
  refused: string[];
}

export interface UpdateRow {
  id: string;
  customer_id: number;
  customer_name: string;
  follows_id: string | null;
  state: UpdateState;
  created_at: string;
  created_by: string | null;
  subject: string;
  to_json: string;
  cc_json: string;
  message_id: string;
  text_body: string;
  html_body: string;
  attachment_name: string | null;
  changes: number;
  shipments: number;
  attempts: number;
  attempt_id: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  next_attempt_at: string | null;
  sentence: string | null;
  answer: string | null;
  sent_at: string | null;
  sent_how: 'smtp' | 'person' | null;
  sent_by: string | null;
  refused_json: string;
}

export interface UpdateRecord {
  id: string;
  customerId: number;
  customer: string;
  followsId: string | null;
  createdAt: string;
  /** The desk that composed it (a team's desk name), or null alone. */
  createdBy: string | null;
  subject: string;
  to: string[];
  cc: string[];
  messageId: string;
  text: string;
  html: string;
  attachmentName: string | null;
  changes: number;
  shipments: number;
  /** The desk that sent it, or a person marked it sent on (a team's desk name); null alone. */
  sentBy: string | null;
  entry: OutboxFields;
}

export interface NewUpdateLine {
  shipmentId: number;
  /** What the update told of the shipment (the composer's news, as JSON). */
  newsJson: string;
  /** The ETA the update carried (naive, as given). */
  etaTold: string | null;
  freeDaysTold: number | null;
  noDataTold: boolean;
}

export interface NewUpdate {
  id: string;
  customerId: number;
  followsId: string | null;
  state: UpdateState;
  createdAt: string;
  createdBy: string | null;
  subject: string;
  toJson: string;
  ccJson: string;
  messageId: string;
  message: Buffer;
  textBody: string;
  htmlBody: string;
  attachmentName: string | null;
  changes: number;
  shipments: number;
  lines: readonly NewUpdateLine[];
  sentAt?: string | null;
  sentHow?: 'smtp' | 'person' | null;
  sentBy?: string | null;
  teamSeq?: number | null;
}

const list = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export function customerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    name: row.name,
    ruleJson: row.rule_json,
    handledAt: row.handled_at,
    handledOutcome: row.handled_outcome ?? null,
    firstNewsAt: row.first_news_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    teamUuid: row.team_uuid,
  };
}

export function updateRecord(row: UpdateRow): UpdateRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    customer: row.customer_name,
    followsId: row.follows_id,
    createdAt: row.created_at,
    createdBy: row.created_by,
    subject: row.subject,
    to: list(row.to_json),
    cc: list(row.cc_json),
    messageId: row.message_id,
    text: row.text_body,
    html: row.html_body,
    attachmentName: row.attachment_name,
    changes: row.changes,
    shipments: row.shipments,
    sentBy: row.sent_by,
    entry: {
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
      refused: list(row.refused_json),
    },
  };
}
