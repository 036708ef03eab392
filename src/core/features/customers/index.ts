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
