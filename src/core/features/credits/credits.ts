/** The credit balance (GET /v2/apikey, free), recorded as a snapshot each time it is read. */
import type { CreditsView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';

export const CREDIT_WARNING_SETTING = 'creditWarningBelow';
export const DEFAULT_CREDIT_WARNING = 100;
const CREDIT_HISTORY_POINTS = 200;

/** Reads the balance from the service and stores it (`credits.read` follows). */
export async function readCredits(core: Core): Promise<{ remaining: number; checkedAt: string }> {
  const info = await core.api().apiKeyInfo();
  const checkedAt = core.now().toISOString();
  core.write((tx) => tx.addCreditSnapshot(info.requests_remaining_count, checkedAt));
  core.events.emit('credits.read', {});
  return { remaining: info.requests_remaining_count, checkedAt };
}

export function creditsView(core: Core): CreditsView {
  const latest = core.read.latestCredits();
  const warningBelow = Number(core.read.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING);
  return {
    remaining: latest?.remaining ?? null,
    checkedAt: latest?.checkedAt ?? null,
    history: core.read.creditHistory(CREDIT_HISTORY_POINTS).reverse(),
    warningBelow,
    low: latest !== null && latest.remaining < warningBelow,
  };
}

/**
 * While the engine runs: when something may have spent or refunded credits (a lookup, an import,
 * a removal, a refresh), the balance is read again; a failed read leaves the last one on screen.
 */
export function followBalance(core: Core): () => void {
  let reading: Promise<unknown> | null = null;
  let again = false;
  const reread = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = readCredits(core)
      .catch(() => core.events.emit('credits.read', {}))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          reread();
        }
      });
  };
  return core.events.on('credits.stale', reread);
}
