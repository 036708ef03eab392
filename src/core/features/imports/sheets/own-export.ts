/**
 * A file Quayside wrote (an export, a customer update's attachment) imported again: recognised by
 * the workbook's mark or by a header only Quayside writes, its own columns (status, ETA, vessel,
 * last checked, free time, the likely arrival…) are marked as not stored, so they never become the
 * customer's fields; the customer's columns in it (Customer, PO…) are read as usual. Its
 * Reference column is tracked, its SCAC is the carrier, and its Type says what each reference is.
 * A column the person mapped by hand stays as they said.
 */
import { EXPORT_HEADERS, TELLING_EXPORT_HEADERS, type ExportColumnId } from '../../../../shared/export-headers.js';
import type { TrackingType } from '../../../../shared/domain.js';
import { typeWords } from '../../../../shared/words.js';
import type { ColumnMapping } from './types.js';

const key = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase();

const OWN = new Map<string, ExportColumnId>(Object.entries(EXPORT_HEADERS).map(([id, header]) => [key(header), id as ExportColumnId]));

/** "Container", "B/L", "Booking" (as the export writes the type) back to the type. */
const TYPE_OF = new Map<string, TrackingType>((['container', 'bl', 'bk'] as const).map((t) => [key(typeWords(t)), t]));

export interface OwnExport {
  mapping: ColumnMapping[];
  /** The Type column's index, or -1. */
  typeColumn: number;
  warning: string;
}

/** The type a Type cell of Quayside's export names, or null. */
export function exportedType(cell: string | undefined): TrackingType | null {
  return cell === undefined ? null : (TYPE_OF.get(key(cell)) ?? null);
}

/** The mapping with Quayside's own columns marked, when the file is Quayside's; null when it is not. */
export function ownExport(mapping: readonly ColumnMapping[], marked: boolean): OwnExport | null {
  const ids = new Map<number, ExportColumnId>();
  for (const m of mapping) {
    const id = OWN.get(key(m.header));
    if (id !== undefined) ids.set(m.index, id);
  }
  const telling = [...ids.values()].some((id) => TELLING_EXPORT_HEADERS.includes(id));
  if (!marked && !telling) return null;
  const hasScac = [...ids.values()].includes('scac');
  let typeColumn = -1;
  const own: string[] = [];
  const result = mapping.map((m): ColumnMapping => {
    const id = ids.get(m.index);
    if (id === undefined || m.source === 'override') return m;
    if (id === 'reference') return { ...m, role: 'reference', field: 'reference' };
    if (id === 'scac' || (id === 'carrier' && !hasScac)) return { ...m, role: 'carrier', field: 'carrier' };
    if (id === 'type') typeColumn = m.index;
    own.push(m.header);
    return { ...m, role: 'ignore', field: 'ignore', quaysideColumn: true };
  });
  const customer = result.filter((m) => m.role === 'local').map((m) => m.header);
  const theirs = customer.length === 0 ? 'it holds no column of the customer\'s' : `the customer's ${customer.length === 1 ? 'column' : 'columns'} ${customer.join(', ')} ${customer.length === 1 ? 'is' : 'are'} read as usual`;
  const warning =
    own.length === 0
      ? `This file was written by Quayside (an export); ${theirs}.`
      : `This file was written by Quayside (an export): its own ${own.length === 1 ? 'column' : `${own.length} columns`} (${own.join(', ')}) ${own.length === 1 ? 'is' : 'are'} not stored, ` +
        `and ${theirs}. To keep one of Quayside's columns anyway, choose what it is used for (in the terminal: --map "Header=field").`;
  return { mapping: result, typeColumn, warning };
}
