/**
 * What the Customers view shows, as plain data. The wiring phase derives these from
 * the contract's answers (`customers.list`, `updates.preview`, `updates.outbox`); until then the
 * components take them as props and call back, and nothing here reaches the engine.
 */
import type { NextUpdateView } from '../../shared/contract';
import { pauseOf, type CustomerRule, type UpdateState } from '../../shared/customer-rules';
import { clockTime } from '../lib/relative-time';

export interface CustomerSummary {
  rule: CustomerRule;
  /** Shipments the rule selects now. */
  shipments: number;
  /** The customer's latest update and when it was made (UTC), or null before their first. */
  lastUpdate: { state: UpdateState | 'nothing-new'; at: string } | null;
  /** When their next update is due (UTC), or null while an "as it happens" customer has nothing waiting. */
  nextDueAt: string | null;
  /** When it goes and what it waits for. */
  next: NextUpdateView;
  /** A rule by a column value no shipment holds: the value most like it, with its shipments. */
  closest: { value: string; shipments: number } | null;
}

/** A customer's next update as it would go now. */
export type UpdatePreviewData =
  | { state: 'nothing-new'; customer: string }
  | {
      state: 'update';
      customer: string;
      to: string[];
      cc: string[];
      subject: string;
      text: string;
      html: string;
      /** News items, and the shipments they are about. */
      changes: number;
      shipments: number;
      attachment: { filename: string } | null;
    };

/** One update in the outbox or the history. */
export interface OutboxItem {
  id: string;
  customer: string;
  subject: string;
  to: string[];
  cc: string[];
  state: UpdateState;
  /** When it was composed (UTC). */
  createdAt: string;
  sentAt: string | null;
  /** `smtp`: the server took it; `person`: someone said it went. */
  sentHow: 'smtp' | 'person' | null;
  /** What the last attempt came to, in a sentence. */
  sentence: string | null;
  /** The server's own words. */
  answer: string | null;
  attempts: number;
  /** When a waiting update is tried again (UTC); null while it waits for a person. */
  nextAttemptAt: string | null;
  /** To search the Sent folder or the server's log by. */
  messageId: string;
  /** In a team: the desk that sent it, or holds it now. */
  desk: string | null;
  /** Recipients the server refused while it took the others. */
  refused: string[];
}

/** Whether Quayside may send by itself here: SMTP set up (and not the sample data). */
export interface SendingReadiness {
  ready: boolean;
  /** Why not, in a sentence ("Set up sending in Settings, or make drafts."). */
  reason: string | null;
}

export const STATE_LABELS: Record<UpdateState | 'nothing-new', string> = {
  due: 'Composed',
  sending: 'Sending…',
  sent: 'Sent',
  waiting: 'Not sent',
  uncertain: 'Unclear whether it went',
  draft: 'Draft, not sent',
  discarded: 'Discarded',
  'nothing-new': 'Nothing new',
};

export const STATE_PILLS: Record<UpdateState | 'nothing-new', string> = {
  due: 'pill-planned',
  sending: 'pill-transit',
  sent: 'pill-done',
  waiting: 'pill-waiting',
  uncertain: 'pill-error',
  draft: 'pill-waiting',
  discarded: 'pill-muted',
  'nothing-new': 'pill-muted',
};

/**
 * When the customer's next update goes, in words: "Checks at 21:33, 5 min after their shipments
 * changed at 21:28", "Tomorrow 08:00 (daily at 08:00)", "Due now", "With the next change".
 */
export function nextText(rule: CustomerRule, next: NextUpdateView, nowMs: number): string {
  if (next.state === 'quiet') return 'With the next change to their shipments';
  if (next.state === 'due') return 'Due now: checked within a minute';
  if (next.why === 'pause') {
    const pause = rule.cadence.kind === 'now' ? pauseOf(rule.cadence) : 0;
    return `Checks at ${clockTime(next.until, nowMs)}, ${pause} min after their shipments changed${next.since ? ` at ${clockTime(next.since, nowMs)}` : ''}`;
  }
  const at = clockTime(next.until, nowMs);
  return `${at.charAt(0).toUpperCase()}${at.slice(1)}, at its time`;
}
