/**
 * Customer updates: customers and their rules, when an update is due, composing it from
 * the cache's history, the .eml draft, SMTP sending with its error sentences, the outbox and its
 * rules, and `customersFeature`: the window's methods and the background work (due updates
 * composed and sent, news marked as shipments change, interrupted sends made uncertain).
 * The tables and the team's claims are described in schema.md beside this file.
 */
import { setImmediate } from 'node:timers/promises';
import type { Core } from '../../context.js';
import type { FeatureParts, Host } from '../../handlers.js';
import { createCustomersHandlers } from './handlers.js';
import { startCustomerWork } from './background.js';

export { checkCustomerRule } from '../../../shared/customer-rules.js';
export { composeUpdate } from './compose.js';
export type { CustomerShipment, RecordedEvent } from './news.js';
export { newMessageId, outgoingUpdate, type OutgoingUpdate } from './message.js';
export { writeDraft } from './draft.js';
export { checkMailServer, sendTestMail, sendUpdate, type SendResult, type SmtpAccess } from './smtp.js';
export { applyOutboxEvent, interruptedOnStart, newOutboxEntry, UNCERTAIN_SENTENCE, type OutboxEntry } from './outbox.js';
export { deliverUpdate, type OutboxPort } from './deliver.js';
export type { MailSettings } from '../../../shared/mail-settings.js';
export { customerChoices, customerNamed, customerSummaries, listCustomers, removeCustomer, setCustomer } from './customers.js';
export { nextUpdatesSinceChanges } from './next-update.js';
export type { Customer } from './gather.js';
export { mailSettings, sendingReadiness, setMail, setTrustedCertificates, smtpAccess, smtpPasswordAccount } from './mail-config.js';
export { composeFor, keepComposed, type Composed, type Kept } from './updates.js';
export { toldLines, type ToldLine } from './views.js';
export { sendReady, settleInterrupted } from './outbox-work.js';
export { workOutbox, writeKeptDraft } from './work.js';

/** The Customers view's handlers; in the background, the due updates composed and sent, and news marked. */
export function customersFeature(core: Core, host: Host): FeatureParts<'customers'> {
  const options = { demo: host.info.demo, turn: () => setImmediate() };
  let stop: (() => void) | null = null;
  return {
    handlers: createCustomersHandlers(core, host, options),
    start() {
      stop = startCustomerWork(core, options);
    },
    close: () => stop?.(),
  };
}
