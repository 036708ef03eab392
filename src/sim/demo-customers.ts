/**
 * The sample data's customers (issue 23): three customers, each named by a watchlist of shipments
 * with news, with contacts at example domains and their own rules, so the Customers view has
 * updates ready to preview and draft. Sending stays off with the sample data (the customers
 * feature refuses mail settings there); drafts work. Made once: a demo cache that already holds
 * these watchlists keeps what the person did with them.
 */
import type { AppRuntime } from '../engine/runtime.js';
import type { CustomerRuleInput } from '../shared/customer-rules.js';

interface SampleCustomer {
  watchlist: string;
  rule: Omit<CustomerRuleInput, 'who'>;
}

export const DEMO_CUSTOMERS: readonly SampleCustomer[] = [
  {
    watchlist: 'Nordhafen Textiles inbound',
    rule: { name: 'Nordhafen Textiles', to: ['einkauf@nordhafen-textiles.example'], cc: ['lager@nordhafen-textiles.example'], language: 'de', cadence: { kind: 'daily', time: '08:00' }, attachXlsx: true },
  },
  {
    watchlist: 'Atlas Home imports',
    rule: { name: 'Atlas Home', to: ['logistics@atlas-home.example'], language: 'en', cadence: { kind: 'now' } },
  },
  {
    watchlist: 'Maison Rivière',
    rule: { name: 'Maison Rivière', to: ['achats@maison-riviere.example'], language: 'fr', cadence: { kind: 'weekly', day: 'mon', time: '09:00' } },
  },
];

async function ask<T>(runtime: AppRuntime, method: Parameters<AppRuntime['dispatch']>[0], input: unknown): Promise<T> {
  const result = await runtime.dispatch(method, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

/** Spreads the shipments that need attention over the sample customers' watchlists and saves their rules. */
export async function addDemoCustomers(runtime: AppRuntime, log: (line: string) => void): Promise<void> {
  const lists = await ask<{ name: string }[]>(runtime, 'watchlists.list', undefined);
  if (lists.some((l) => DEMO_CUSTOMERS.some((c) => c.watchlist === l.name))) return;
  const page = await ask<{ items: { id: number }[] }>(runtime, 'attention.list', { limit: 90 });
  const ids = page.items.map((i) => i.id);
  const share = Math.max(1, Math.floor(ids.length / DEMO_CUSTOMERS.length));
  for (const [n, customer] of DEMO_CUSTOMERS.entries()) {
    const shipmentIds = ids.slice(n * share, (n + 1) * share);
    await ask(runtime, 'watchlists.create', { name: customer.watchlist, kind: 'list', shipmentIds });
    await ask(runtime, 'customers.save', { rule: { ...customer.rule, who: { kind: 'watchlist', watchlist: customer.watchlist } } });
  }
  log(`Sample data: ${DEMO_CUSTOMERS.length} customers with updates to preview.`);
}
