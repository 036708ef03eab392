/**
 * The SQL functions the schema's statements (its search-index triggers) call, registered on every
 * connection before migrating: part of the database itself, so they live with it.
 */
import type { Database } from 'better-sqlite3';

const ISO_6346 = /^[A-Z]{3}[UJZ](\d{7})$/;

/**
 * The forms under which a reference-like value is indexed: as given, without separators
 * ("MEDU-123 45" also as "MEDU12345"), and for container numbers the serial alone, so
 * "MSKU 1234565" and "1234565" find MSKU1234565.
 */
export function searchForms(value: string | null): string {
  if (value === null) return '';
  const forms = [value];
  const compact = value.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  if (compact !== '' && compact !== value.toUpperCase()) forms.push(compact);
  const serial = ISO_6346.exec(compact)?.[1];
  if (serial !== undefined) forms.push(serial);
  return forms.join(' ');
}

/** SQL functions the schema's statements use. Registered on every connection before migrating. */
export function registerSearchFunctions(db: Database): void {
  db.function('quayside_search_forms', { deterministic: true }, (value: unknown) =>
    searchForms(typeof value === 'string' ? value : value === null || value === undefined ? null : String(value)),
  );
}
