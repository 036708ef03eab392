/**
 * What needs attention: the reasons a shipment needs a person, the demurrage clock and
 * the settings behind them. The JSON shape of `AttentionItem` is public (`quayside attention
 * --json`, docs/cli.md): fields may be added, none renamed or dropped.
 */
import { REASON_KINDS, type ReasonKind } from '../../../shared/contract/index.js';

export { REASON_KINDS };
export type {
  AttentionItem,
  AttentionReason,
  AttentionSettings,
  AttentionSettingsPatch,
  FreeDaysPatch,
  FreeDaysSettings,
  ReasonKind,
} from '../../../shared/contract/index.js';

export function isReasonKind(value: string): value is ReasonKind {
  return (REASON_KINDS as readonly string[]).includes(value);
}

/**
 * Thresholds in whole days. eta_slipped: later than first seen (or the promised date); stale:
 * without a new event; arrived_not_delivered: since the arrival at the POD; not_found: without data
 * since tracking started; stuck, unknown_status, vessel_changed: the condition has lasted (0: at
 * once); likely_later: the likely arrival's p50 falls after the promised date.
 */
export const DEFAULT_THRESHOLDS: Readonly<Record<ReasonKind, number>> = {
  eta_slipped: 2,
  vessel_changed: 0,
  stale: 5,
  arrived_not_delivered: 3,
  stuck: 0,
  unknown_status: 0,
  not_found: 3,
  likely_later: 1,
};

