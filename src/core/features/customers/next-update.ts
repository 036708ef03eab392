/**
 * When a customer's next update goes, and what it waits for: due now, waiting until a time (the
 * "as it happens" pause after the first change, or the cadence's slot), or quiet (as it happens,
 * nothing changed since their last slot). The window, `customers list`, `updates --preview` and
 * `updates --send` all ask here, so what the preview calls due is what sending sends.
 */
import type { NextUpdateView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import { nextUpdateDue } from './cadence.js';
import { selectShipments, type Customer } from './gather.js';

/** When the first news since their last slot was recorded, from the mark the engine set as their shipments changed. */
function marked(customer: Customer): Date | null {
  return customer.record.firstNewsAt === null ? null : new Date(customer.record.firstNewsAt);
}

function nextOf(core: Pick<Core, 'timeScale'>, customer: Customer, firstNewsAt: Date | null, now: Date): NextUpdateView {
  const due = nextUpdateDue(customer.rule.cadence, { handledAt: new Date(customer.record.handledAt), firstNewsAt, timeScale: core.timeScale });
  if (due === null) return { state: 'quiet' };
  if (due.getTime() <= now.getTime()) return { state: 'due', since: due.toISOString() };
  return { state: 'waiting', until: due.toISOString(), why: customer.rule.cadence.kind === 'now' ? 'pause' : 'cadence', since: firstNewsAt?.toISOString() ?? null };
}

export function nextUpdateOf(core: Pick<Core, 'read' | 'timeScale'>, customer: Customer, now: Date): NextUpdateView {
  return nextOf(core, customer, marked(customer), now);
}

/**
 * The same for several customers where no engine was running to mark their news (the CLI): an "as
 * it happens" customer without a mark counts from the first change recorded to one of their
 * shipments since their last slot. Their shipments are selected in one pass over the cache.
 */
export function nextUpdatesSinceChanges(core: Pick<Core, 'read' | 'timeScale'>, customers: readonly Customer[], now: Date): Map<number, NextUpdateView> {
  const unmarked = customers.filter((c) => c.record.firstNewsAt === null && c.rule.cadence.kind === 'now');
  const selected = unmarked.length === 0 ? new Map<number, number[]>() : selectShipments(core.read, unmarked);
  return new Map(
    customers.map((c) => {
      const ids = selected.get(c.record.id);
      const first = ids === undefined ? null : core.read.firstChangeOf(ids, c.record.handledAt);
      return [c.record.id, nextOf(core, c, ids === undefined ? marked(c) : first === null ? null : new Date(first), now)];
    }),
  );
}

export function isDue(core: Pick<Core, 'read' | 'timeScale'>, customer: Customer, now: Date): boolean {
  return nextUpdateOf(core, customer, now).state === 'due';
}
