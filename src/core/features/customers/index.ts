/**
 * Customer updates (issue 23): customers and their rules, when an update is due, composing it from
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

export {
  cadenceLabel,
  cadenceText,
  checkCustomerRule,
  customerRuleInput,
  DEFAULT_CUSTOMER_COLUMN,
  DEFAULT_TELL,
  parseCadence,
  type CustomerLanguage,
  type CustomerRule,
  type CustomerRuleInput,
  type CustomerSelection,
  type RuleCheck,
  type RuleProblem,
  type UpdateCadence,
  type UpdateState,
  type WhatToTell,
} from '../../../shared/customer-rules.js';
export { addressProblem, isMailAddress } from '../../../shared/mail-address.js';
export { BATCH_MINUTES, isUpdateDue, nextUpdateDue, type DueInput } from './cadence.js';
export { deskDayIn, deskZone, isTimeZone } from './desk-time.js';
export { composeUpdate, type ComposedUpdate, type ShipmentTold, type UpdateInput } from './compose.js';
export { isoWeek, mailDate } from './mail-dates.js';
export { newsOf, NEWS_ORDER, type CustomerShipment, type EventPort, type MilestoneKind, type News, type NewsKind, type RecordedEvent } from './news.js';
export { buildMessage, newMessageId, outgoingUpdate, recipientsOf, XLSX_TYPE, type MakeXlsx, type MessageOptions, type OutgoingUpdate, type Sender } from './message.js';
export { writeDraft, type DraftWritten } from './draft.js';
export { checkMailServer, sendMessage, sendTestMail, sendUpdate, type SendResult, type SmtpAccess } from './smtp.js';
export { explainSmtpError, redact, type RetryRule, type SmtpContext, type SmtpFailure, type SmtpStep } from './smtp-errors.js';
export {
  applyOutboxEvent,
  interruptedOnStart,
  isReadyToSend,
  newOutboxEntry,
  OUTBOX_MOVES,
  OutboxMoveRefused,
  resultEvent,
  retryDelayMs,
  UNCERTAIN_SENTENCE,
  type OutboxEntry,
  type OutboxEvent,
  type OutboxEventType,
} from './outbox.js';
export { applyPersonMove, deliverUpdate, type DeliverOptions, type DeliverOutcome, type OutboxPort } from './deliver.js';
export { mailSettingsInput, DEFAULT_PORT, MAIL_SECURITY, type MailSecurity, type MailSettings, type MailSettingsInput } from '../../../shared/mail-settings.js';
export { selects, shipmentsByCustomer, type ShipmentMembership } from './selection.js';
export { customerNamed, customerSummaries, listCustomers, nextDueAt, removeCustomer, setCustomer } from './customers.js';
export { LOOK_BACK_DAYS, type Customer } from './gather.js';
export { mailSettings, removeMail, sendingReadiness, setMail, setTrustedCertificates, smtpAccess, smtpPasswordAccount } from './mail-config.js';
export { composeFor, keepComposed, previewView, type Composed, type Kept } from './updates.js';
export { outboxPort, personMove, sendReady, settleInterrupted, tellAttention } from './outbox-work.js';
export { composeAndKeep, draftNow, isDue, sendNow, workOutbox, writeKeptDraft, type WorkOptions } from './work.js';
export { outboxItem } from './views.js';

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
