/**
 * Customers and their rules as use cases: set (add or change), remove, list with what each rule
 * selects now and when their next update is due. The rule is checked as a whole before every
 * write (customer-rules.ts) and parsed again on every read, so a row the cache holds that this
 * Quayside cannot read is left out, never guessed at.
 */
import { customerRuleInput, type CustomerRule } from '../../../shared/customer-rules.js';
import type { CustomerSummaryView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { CustomerRecord, Reader } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { nextUpdateDue } from './cadence.js';
import { selectShipments, type Customer } from './gather.js';

/** The rule kept with a customer, or null when this Quayside cannot read it (a newer one wrote it). */
export function ruleOf(record: CustomerRecord): CustomerRule | null {
  try {
    const parsed = customerRuleInput.safeParse(JSON.parse(record.ruleJson));
    return parsed.success ? { ...parsed.data, name: record.name } : null;
  } catch {
    return null;
  }
}

/** Every customer whose rule this Quayside reads, by name. */
export function listCustomers(read: Reader): Customer[] {
  return read.customers.listCustomers().flatMap((record) => {
    const rule = ruleOf(record);
    return rule ? [{ record, rule, followsId: read.customers.latestUpdate(record.id)?.id ?? null }] : [];
  });
}

export function customerNamed(read: Reader, name: string): Customer {
  const record = read.customers.customerNamed(name);
  const rule = record ? ruleOf(record) : null;
  if (!record || !rule) throw new AppFailure('not-found', `There is no customer named "${name.trim()}"; "quayside customers list" shows them.`);
  return { record, rule, followsId: read.customers.latestUpdate(record.id)?.id ?? null };
}

/** Adds or changes a customer (renamed when `previousName` is another name); answers it as stored. */
export function setCustomer(core: Core, rule: CustomerRule, previousName: string | null = null): Customer {
  const at = core.now().toISOString();
  const by = core.ports.customerUpdates.desk()?.name ?? null;
  const who = rule.who;
  const id = core.write((tx) =>
    tx.customers.saveCustomer({
      name: rule.name,
      ruleJson: JSON.stringify(rule),
      who: who.kind === 'column' ? { kind: 'column', column: who.column, value: who.value } : { kind: 'watchlist', watchlist: who.watchlist },
      previousName: previousName !== null && previousName.trim().toLowerCase() !== rule.name.trim().toLowerCase() ? previousName : null,
      at,
      by,
    }),
  );
  core.events.emit('customers.changed', {});
  const record = core.read.customers.getCustomer(id)!;
  return { record, rule: ruleOf(record) ?? rule, followsId: core.read.customers.latestUpdate(id)?.id ?? null };
}

export function removeCustomer(core: Core, name: string): boolean {
  const removed = core.write((tx) => tx.customers.removeCustomer(name, core.now().toISOString()));
  if (!removed) throw new AppFailure('not-found', `There is no customer named "${name.trim()}"; nothing was removed.`);
  core.events.emit('customers.changed', {});
  return removed;
}

/** When the customer's next update is due (UTC), or null while an "as it happens" customer has no news waiting. */
function nextDueAt(customer: Customer): string | null {
  const due = nextUpdateDue(customer.rule.cadence, {
    handledAt: new Date(customer.record.handledAt),
    firstNewsAt: customer.record.firstNewsAt === null ? null : new Date(customer.record.firstNewsAt),
  });
  return due?.toISOString() ?? null;
}

/** The customers as the window lists them. */
export function customerSummaries(read: Reader, customers: readonly Customer[] = listCustomers(read)): CustomerSummaryView[] {
  const selected = selectShipments(read, customers);
  return customers.map((c) => {
    const latest = read.customers.latestUpdate(c.record.id);
    const latestState = latest ? read.customers.getUpdate(latest.id)?.entry.state : undefined;
    // A slot that found nothing to tell is shown as that check, never as an update that vanished.
    const checkedSince = c.record.handledOutcome === 'nothing-new' && (latest === null || c.record.handledAt > latest.createdAt);
    return {
      rule: c.rule,
      shipments: selected.get(c.record.id)?.length ?? 0,
      lastUpdate: checkedSince ? { state: 'nothing-new', at: c.record.handledAt } : latest === null ? null : { state: latestState ?? 'due', at: latest.createdAt },
      nextDueAt: nextDueAt(c),
    };
  });
}
