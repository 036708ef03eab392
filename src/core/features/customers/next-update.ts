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

/**
 * When the first news since their last slot was recorded: the mark the engine set as their
 * shipments changed, else (`changesSinceSlot`: the CLI, where no engine was running to mark it)
 * the first change recorded to one of their shipments since.
 */
function firstNewsOf(core: Pick<Core, 'read'>, customer: Customer, changesSinceSlot: boolean): Date | null {
  const { record, rule } = customer;
  if (record.firstNewsAt !== null) return new Date(record.firstNewsAt);
  if (!changesSinceSlot || rule.cadence.kind !== 'now') return null;
  const ids = selectShipments(core.read, [customer]).get(record.id) ?? [];
  const first = core.read.firstChangeOf(ids, record.handledAt);
  return first === null ? null : new Date(first);
}

export function nextUpdateOf(core: Pick<Core, 'read' | 'timeScale'>, customer: Customer, now: Date, changesSinceSlot = false): NextUpdateView {
  const firstNewsAt = firstNewsOf(core, customer, changesSinceSlot);
  const due = nextUpdateDue(customer.rule.cadence, { handledAt: new Date(customer.record.handledAt), firstNewsAt, timeScale: core.timeScale });
  if (due === null) return { state: 'quiet' };
  if (due.getTime() <= now.getTime()) return { state: 'due', since: due.toISOString() };
  return { state: 'waiting', until: due.toISOString(), why: customer.rule.cadence.kind === 'now' ? 'pause' : 'cadence', since: firstNewsAt?.toISOString() ?? null };
}

export function isDue(core: Pick<Core, 'read' | 'timeScale'>, customer: Customer, now: Date, changesSinceSlot = false): boolean {
  return nextUpdateOf(core, customer, now, changesSinceSlot).state === 'due';
}
