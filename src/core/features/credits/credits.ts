/** The credit balance (GET /v2/apikey, free), recorded as a snapshot each time it is read. */
import type { CreditsView } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';

export const CREDIT_WARNING_SETTING = 'creditWarningBelow';
export const DEFAULT_CREDIT_WARNING = 100;
const CREDIT_HISTORY_POINTS = 200;

export async function readCredits(service: QuaysideService): Promise<{ remaining: number; checkedAt: string }> {
  const info = await service.api().apiKeyInfo();
  const checkedAt = service.now().toISOString();
  service.store.addCreditSnapshot(info.requests_remaining_count, checkedAt);
  return { remaining: info.requests_remaining_count, checkedAt };
}

export function creditsView(service: QuaysideService): CreditsView {
  const latest = service.store.latestCredits();
  const warningBelow = Number(service.store.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING);
  return {
    remaining: latest?.remaining ?? null,
    checkedAt: latest?.checkedAt ?? null,
    history: service.store.creditHistory(CREDIT_HISTORY_POINTS).reverse(),
    warningBelow,
    low: latest !== null && latest.remaining < warningBelow,
  };
}
