/**
 * Customer updates (issue 23), the parts that need no database or engine: rules, when an update
 * is due, composing it, the .eml draft, SMTP sending with its error sentences, and the outbox's
 * rules. The wiring (tables, repository, contract methods, CLI, events, team claims) is
 * described in schema.md beside this file.
 */
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
