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
import { closestTo } from '../../../shared/closest.js';
import { watchlistMembers } from '../shipments/index.js';
import { nextUpdateDue } from './cadence.js';
import { selectShipments, type Customer } from './gather.js';
import { nextUpdateOf } from './next-update.js';

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
  core.events.emit('customers.changed', { madeAt: 'this desk' });
  const record = core.read.customers.getCustomer(id)!;
  return { record, rule: ruleOf(record) ?? rule, followsId: core.read.customers.latestUpdate(id)?.id ?? null };
}

export function removeCustomer(core: Core, name: string): boolean {
  const removed = core.write((tx) => tx.customers.removeCustomer(name, core.now().toISOString()));
  if (!removed) throw new AppFailure('not-found', `There is no customer named "${name.trim()}"; nothing was removed.`);
  core.events.emit('customers.changed', { madeAt: 'this desk' });
  return removed;
}

/** When the customer's next update is due (UTC), or null while an "as it happens" customer has no news waiting. */
function nextDueAt(customer: Customer, timeScale: number): string | null {
  const due = nextUpdateDue(customer.rule.cadence, {
    handledAt: new Date(customer.record.handledAt),
    firstNewsAt: customer.record.firstNewsAt === null ? null : new Date(customer.record.firstNewsAt),
    timeScale,
  });
  return due?.toISOString() ?? null;
}

/** The imported column a rule names, as the cache spells it (a rule's column matches case aside). */
function columnNamed(read: Reader, column: string): string | null {
  const wanted = column.trim().toLowerCase();
  return read.shipmentFacets().fieldNames.find((name) => name.toLowerCase() === wanted) ?? null;
}

/** What a customer can be chosen by: the column's values (most shipments first) and the watchlists, each with its shipments. */
export function customerChoices(read: Reader, column: string): { values: { value: string; shipments: number }[]; watchlists: { name: string; shipments: number }[] } {
  const name = columnNamed(read, column);
  const values = name === null ? [] : read.fieldValues(name).map((v) => ({ value: v.value, shipments: v.count }));
  values.sort((a, b) => b.shipments - a.shipments || a.value.localeCompare(b.value));
  return { values, watchlists: read.listWatchlists().map((w) => ({ name: w.name, shipments: read.listShipmentIds(watchlistMembers(w)).length })) };
}

/** For a rule by a column value that selects nothing: the value of that column most like it, with its shipments. */
function closestValue(read: Reader, rule: CustomerRule, shipments: number): { value: string; shipments: number } | null {
  if (rule.who.kind !== 'column' || shipments > 0) return null;
  const { values } = customerChoices(read, rule.who.column);
  return closestTo(rule.who.value, values, (v) => v.value);
}

/** The latest update, or the check since that found nothing new (so a slot that told nothing is seen, never a vanished update). */
function lastOf(read: Reader, customer: Customer): CustomerSummaryView['lastUpdate'] {
  const { record } = customer;
  const latest = read.customers.latestUpdate(record.id);
  const checkedSince = record.handledOutcome === 'nothing-new' && (latest === null || record.handledAt > latest.createdAt);
  if (checkedSince) return { state: 'nothing-new', at: record.handledAt };
  if (latest === null) return null;
  return { state: read.customers.getUpdate(latest.id)?.entry.state ?? 'due', at: latest.createdAt };
}

/** The customers as the window lists them. */
export function customerSummaries(core: Pick<Core, 'read' | 'timeScale' | 'now'>, customers: readonly Customer[] = listCustomers(core.read)): CustomerSummaryView[] {
  const { read } = core;
  const selected = selectShipments(read, customers);
  const now = core.now();
  return customers.map((c) => {
    const shipments = selected.get(c.record.id)?.length ?? 0;
    return {
      rule: c.rule,
      shipments,
      lastUpdate: lastOf(read, c),
      nextDueAt: nextDueAt(c, core.timeScale),
      next: nextUpdateOf(core, c, now),
      closest: closestValue(read, c.rule, shipments),
    };
  });
}
