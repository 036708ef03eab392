/**
 * The customers' updates while the engine runs: on start, updates a stopped process left
 * `sending` become uncertain; every minute (the time scale shortens it) the due customers'
 * updates are composed and kept and whatever is ready is sent; as shipments change, the "as it
 * happens" customers whose shipments they are get their news marked (their update goes a few
 * minutes later, so one refresh's changes go in one mail). One round at a time.
 */
import type { Core } from '../../context.js';
import { customerOfShipments } from './news-marks.js';
import { settleInterrupted } from './outbox-work.js';
import { workOutbox, type WorkOptions } from './work.js';

const ROUND_MS = 60_000;

export function startCustomerWork(core: Core, options: WorkOptions): () => void {
  let working = false;
  let closed = false;
  // A cache that cannot be read now, or a team database that does not answer, is tried again next round.
  const later = () => undefined;
  const round = () => {
    if (working || closed) return;
    working = true;
    workOutbox(core, options)
      .catch(later)
      .finally(() => {
        working = false;
      });
  };
  void settleInterrupted(core).catch(later).finally(round);
  const timer = setInterval(round, Math.max(1_000, ROUND_MS / core.timeScale));
  timer.unref?.();
  const stops = [
    core.events.on('shipments.changed', ({ ids, reason }) => {
      if (reason === 'note') return;
      try {
        const marked = customerOfShipments(core, ids);
        if (marked.length > 0) core.write((tx) => tx.customers.markCustomerNews(marked, core.now().toISOString()));
      } catch {
        // The next change marks them again; a daily or weekly customer does not depend on it.
      }
    }),
  ];
  return () => {
    closed = true;
    clearInterval(timer);
    for (const s of stops) s();
  };
}
