/**
 * The sample data's customers: three customers, each named by a watchlist of shipments
 * with news (their `customer` column naming them too), with contacts at example domains and their
 * own rules, so the Customers view has updates ready to preview and draft. Sending stays off with
 * the sample data (the customers feature refuses mail settings there); drafts work. Made once: a
 * demo cache that already holds these watchlists keeps what the person did with them.
 *
 * A few shipments on the way carry the date promised to the customer (a `promised` column, as a
 * customer's sheet gives it), some before their likely arrival, so the Attention view shows
 * "likely later than promised" beside the carrier's own ETA.
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

/** The imported column that names a shipment's customer (the name Quayside reads as the customer's by default). */
export const DEMO_CUSTOMER_COLUMN = 'customer';

async function ask<T>(runtime: AppRuntime, method: Parameters<AppRuntime['dispatch']>[0], input: unknown): Promise<T> {
  const result = await runtime.dispatch(method, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

/** Spreads the shipments that need attention over the sample customers' watchlists (their customer column naming them) and saves their rules. */
export async function addDemoCustomers(runtime: AppRuntime, log: (line: string) => void): Promise<void> {
  const lists = await ask<{ name: string }[]>(runtime, 'watchlists.list', undefined);
  if (lists.some((l) => DEMO_CUSTOMERS.some((c) => c.watchlist === l.name))) return;
  const page = await ask<{ items: { id: number }[] }>(runtime, 'attention.list', { limit: 90 });
  const ids = page.items.map((i) => i.id);
  const share = Math.max(1, Math.floor(ids.length / DEMO_CUSTOMERS.length));
  for (const [n, customer] of DEMO_CUSTOMERS.entries()) {
    const shipmentIds = ids.slice(n * share, (n + 1) * share);
    await ask(runtime, 'watchlists.create', { name: customer.watchlist, kind: 'list', shipmentIds });
    // Their customer column says so too, as the customer's own sheet would have.
    runtime.core.write((tx) => {
      for (const id of shipmentIds) tx.fields.set(id, { ...tx.fields.values(id), [DEMO_CUSTOMER_COLUMN]: customer.rule.name });
    });
    await ask(runtime, 'customers.save', { rule: { ...customer.rule, who: { kind: 'watchlist', watchlist: customer.watchlist } } });
  }
  log(`Sample data: ${DEMO_CUSTOMERS.length} customers with updates to preview.`);
}

/** The column of the dates promised to the customers, named as the Attention view's promised-date column. */
const PROMISED_COLUMN = 'promised';
/** Shipments on the way promised too early (likely later than promised), and promised with room to spare. */
const PROMISED_EARLY = 4;
const PROMISED_LATE = 3;
const DAY_MS = 86_400_000;

const dayOf = (naive: string, shiftDays: number) => new Date(Date.parse(`${naive.slice(0, 10)}T00:00:00Z`) + shiftDays * DAY_MS).toISOString().slice(0, 10);

/**
 * Gives a few shipments on the way a promised date, two days before the likely arrival's p50 (or
 * three days after its p90), once the likely arrivals are worked out, and names the column in the
 * Attention settings. Made once: a demo cache that has the column, or whose Attention view reads
 * a promised-date column, keeps what it has (the person may have changed either).
 */
export async function addDemoPromises(runtime: AppRuntime, log: (line: string) => void): Promise<void> {
  const settings = await ask<{ promisedDateField: string | null; fieldNames: string[] }>(runtime, 'attention.settings', undefined);
  if (settings.promisedDateField || settings.fieldNames.includes(PROMISED_COLUMN)) return;
  // The figures asked for once: the likely arrivals are worked out with them.
  await ask(runtime, 'performance.report', {});
  const today = new Date().toISOString().slice(0, 10);
  const onTheWay = runtime.core.read
    .listShipmentRows({ status: 'ACTIVE', sort: 'likely', limit: 200 })
    .filter((row) => row.likelyArrival !== null && row.likelyArrival.likely.slice(0, 10) > dayOf(today, 3));
  const early = onTheWay.slice(0, PROMISED_EARLY);
  const late = onTheWay.slice(PROMISED_EARLY, PROMISED_EARLY + PROMISED_LATE);
  runtime.core.write((tx) => {
    for (const row of early) tx.fields.set(row.id, { ...tx.fields.values(row.id), [PROMISED_COLUMN]: dayOf(row.likelyArrival!.likely, -2) });
    for (const row of late) tx.fields.set(row.id, { ...tx.fields.values(row.id), [PROMISED_COLUMN]: dayOf(row.likelyArrival!.latest, 3) });
  });
  await ask(runtime, 'attention.updateSettings', { promisedDateField: PROMISED_COLUMN });
  log(`Sample data: ${early.length + late.length} shipments on the way with the date promised to their customer, ${early.length} of them likely later.`);
}
