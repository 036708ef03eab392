/** Customer updates as the contract shows them (src/shared/contract/customers.ts). */
import type { OutboxItemView } from '../../../shared/contract/index.js';
import type { CustomerLanguage } from '../../../shared/customer-rules.js';
import type { UpdateRecord } from '../../data/index.js';
import { toldSentences } from './compose.js';
import type { News } from './news.js';

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
