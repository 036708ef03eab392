/** Customer updates as the contract shows them (src/shared/contract/customers.ts). */
import type { OutboxItemView } from '../../../shared/contract/index.js';
import type { CustomerLanguage } from '../../../shared/customer-rules.js';
import type { UpdateRecord } from '../../data/index.js';
import { toldSentences } from './compose.js';
import type { News, NewsKind } from './news.js';
import type { Composed } from './updates.js';

/** One shipment an update tells of: the reference Quayside tracks, the customer's own, and what changed. */
export interface ToldLine {
  reference: string;
  /** The customer's own reference (their PO), or null when their sheet had none. */
  yourReference: string | null;
  containers: string[];
  /** What changed, as the mail says it (the customer's language). */
  changes: string[];
  /** The same as kinds of news: delayed, earlier, eta_lost, eta_new, departed, arrived, discharged, delivered, free_time, no_data. */
  kinds: NewsKind[];
}

/** The shipments a composed update tells of, in the mail's order. */
export function toldLines(composed: Composed): ToldLine[] {
  if (composed.update.state !== 'update') return [];
  const byId = new Map(composed.shipments.map((s) => [s.shipmentId, s]));
  return composed.update.told.map(({ shipmentId, news }) => {
    const s = byId.get(shipmentId);
    return {
      reference: s?.reference ?? '',
      yourReference: s?.customerReference ?? null,
      containers: s?.containers ?? [],
      changes: toldSentences(news, composed.customer.rule.language),
      kinds: news.map((n) => n.kind),
    };
  });
}

export function outboxItem(update: UpdateRecord): OutboxItemView {
  const { entry } = update;
  return {
    id: update.id,
    customer: update.customer,
    subject: update.subject,
    to: update.to,
    cc: update.cc,
    state: entry.state,
    createdAt: update.createdAt,
    sentAt: entry.sentAt,
    sentHow: entry.sentHow,
    sentence: entry.sentence,
    answer: entry.answer,
    attempts: entry.attempts,
    nextAttemptAt: entry.nextAttemptAt,
    messageId: update.messageId,
    desk: update.sentBy ?? update.createdBy,
    refused: entry.refused,
    attachment: update.attachmentName,
    changes: update.changes,
    shipments: update.shipments,
  };
}

/** What an update told of one shipment, in the customer's words (the composer's own sentences). */
export function newsSentences(newsJson: string, language: CustomerLanguage): string[] {
  try {
    const parsed: unknown = JSON.parse(newsJson);
    return Array.isArray(parsed) ? toldSentences(parsed as News[], language) : [];
  } catch {
    return [];
  }
}
