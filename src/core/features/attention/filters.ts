/**
 * The Attention list narrowed by reason and by customer, with what each choice would show
 *. Runs over the list the engine keeps (list-cache.ts), in one pass per facet: no SQL,
 * and the window never needs more than the page it shows.
 */
import type { AttentionPage } from '../../../shared/contract/index.js';
import type { AttentionItem, ReasonKind } from './types.js';

export interface Narrowing {
  kinds?: readonly ReasonKind[];
  /** A customer's name (case aside); null: shipments without one. */
  customer?: string | null;
  /** Handled reasons count for the reason filter too. */
  includeAcknowledged: boolean;
  customerField: string;
}

type Facets = NonNullable<AttentionPage['facets']>;

/** The most customer names an answer carries (most shipments first). */
const CUSTOMERS_MAX = 200;

const customerKey = (name: string | null | undefined): string | null => (name ? name.normalize('NFC').trim().toLowerCase() || null : null);

function kindsOf(item: AttentionItem, includeAcknowledged: boolean): ReasonKind[] {
  return item.reasons.filter((r) => includeAcknowledged || !r.acknowledged).map((r) => r.kind);
}

export function narrowed(items: readonly AttentionItem[], n: Narrowing): { shown: AttentionItem[]; facets: Facets } {
  const wantedKinds = n.kinds === undefined ? null : new Set<string>(n.kinds);
  const wantedCustomer = n.customer === undefined ? undefined : customerKey(n.customer);
  const byKind = (item: AttentionItem) => wantedKinds === null || kindsOf(item, n.includeAcknowledged).some((k) => wantedKinds.has(k));
  const byCustomer = (item: AttentionItem) => wantedCustomer === undefined || customerKey(item.customer) === wantedCustomer;

  const kinds: Facets['kinds'] = {};
  const customers = new Map<string, { name: string; count: number }>();
  let withoutCustomer = 0;
  const shown: AttentionItem[] = [];
  for (const item of items) {
    const kindOk = byKind(item);
    const customerOk = byCustomer(item);
    if (kindOk && customerOk) shown.push(item);
    if (customerOk) for (const k of new Set(kindsOf(item, n.includeAcknowledged))) kinds[k] = (kinds[k] ?? 0) + 1;
    if (kindOk) {
      const key = customerKey(item.customer);
      if (key === null) withoutCustomer++;
      else {
        const found = customers.get(key);
        if (found) found.count++;
        else customers.set(key, { name: item.customer!.trim(), count: 1 });
      }
    }
  }
  const named = [...customers.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, CUSTOMERS_MAX);
  return { shown, facets: { kinds, customerField: n.customerField, customers: named, withoutCustomer } };
}
