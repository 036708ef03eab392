/**
 * The sample customer spreadsheet the import wizard offers with the sample data: a customer's
 * list as forwarders receive them (a customer column, a PO, the carrier by name, the date promised
 * to the customer), with the two mistakes real sheets have: a container number with a mistyped
 * check digit (the wizard suggests the right one) and the same container twice (tracked once).
 */
import { containerCheckDigit } from '../../../shared/iso6346.js';

export const SAMPLE_SHEET_NAME = 'sample-customer-shipments.csv';

const ROWS: readonly [customer: string, owner: string, serial: string, carrier: string, po: string, promisedInDays: number][] = [
  ['Müller GmbH', 'MSKU', '730215', 'Maersk', 'PO-4471', 12],
  ['Müller GmbH', 'MRKU', '118462', 'Maersk', 'PO-4472', 15],
  ['ACME Logistics', 'MSCU', '552907', 'MSC', 'A-20931', 9],
  ['ACME Logistics', 'MEDU', '340118', 'MSC', 'A-20932', 20],
  ['Nordwind Foods', 'CMAU', '861204', 'CMA CGM', 'NW-118', 7],
  ['Nordwind Foods', 'TGHU', '407731', 'CMA CGM', 'NW-119', 18],
  ['Ferreira & Filhos', 'HLXU', '290556', 'Hapag-Lloyd', 'FF/2026/31', 25],
  ['Ferreira & Filhos', 'OOLU', '634470', 'OOCL', 'FF/2026/32', 14],
];

function container(owner: string, serial: string): string {
  const first10 = `${owner}${serial}`;
  return `${first10}${containerCheckDigit(first10) % 10}`;
}

/** `YYYY-MM-DD` `days` after `today` (a naive day), by calendar arithmetic on integers. */
function dayAfter(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** The CSV text; `today` (the desk's day, YYYY-MM-DD) dates the promised column. */
export function sampleCustomerSheet(today: string): string {
  const lines = ['Customer,Container,Carrier,PO,Promised'];
  ROWS.forEach(([customer, owner, serial, carrier, po, promised], index) => {
    let number = container(owner, serial);
    // The third row's check digit is mistyped, as it was copied from an e-mail.
    if (index === 2) number = `${number.slice(0, 10)}${(Number(number[10]) + 3) % 10}`;
    const name = customer.includes(',') || customer.includes('&') ? `"${customer}"` : customer;
    lines.push([name, number, carrier, po, dayAfter(today, promised)].join(','));
  });
  // The same box listed twice, under another PO line.
  const [customer, owner, serial, carrier] = ROWS[0]!;
  lines.push([customer, container(owner, serial), carrier, 'PO-4471', dayAfter(today, 12)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
