/** The credit balance (api-v2.md 2.8) and its history. */
import { answer, method, none } from './base.js';

export interface CreditPoint {
  remaining: number;
  checkedAt: string;
}

export interface CreditsView {
  remaining: number | null;
  /** When the balance was read (UTC). */
  checkedAt: string | null;
  /** Oldest first. */
  history: CreditPoint[];
  warningBelow: number;
  low: boolean;
}

export const creditsMethods = {
  'credits.get': method(none, answer<CreditsView>()),
  /** Reads the balance from the service (free) and records a snapshot. */
  'credits.refresh': method(none, answer<CreditsView>()),
};

export const creditsEvents = {
  /** After anything that read or spent credits. */
  credits: answer<CreditsView>(),
};
