import { writeFileSync } from 'node:fs';
import { containerCheckDigit } from '../../src/shared/iso6346.js';

const PREFIXES = ['MSKU', 'MSCU', 'CMAU', 'HLXU', 'TGHU', 'OOLU'];
const CUSTOMERS = ['ACME GmbH', 'Société Générale', 'Peña Foods', 'Northwind'];

/** Valid ISO 6346 numbers, unique per `start`. */
export function containerNumbers(count: number, start = 200000): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = `${PREFIXES[i % PREFIXES.length]}${String(start + i).padStart(6, '0')}`;
    return `${base}${containerCheckDigit(base)}`;
  });
}

/** A semicolon CSV as a European Excel writes it: container, customer, PO. */
export function writeReferenceCsv(path: string, count: number, start = 200000): string[] {
  const numbers = containerNumbers(count, start);
  const lines = ['Container No.;Customer;PO', ...numbers.map((n, i) => `${n};${CUSTOMERS[i % CUSTOMERS.length]};PO-${1000 + i}`)];
  writeFileSync(path, lines.join('\r\n'));
  return numbers;
}
