/**
 * What an export is called, in the window's save dialog and by `quayside export`: named after
 * what was exported ("ACME Foods – open shipments – 2026-11-27.xlsx", its sheet "ACME Foods – open
 * shipments"), never a generic "shipments-20261127-0930". The title says the watchlist (or the
 * customer filtered on), then the shipments in words: the tracking status, carrier, port of
 * discharge and every other condition, or how many were selected.
 */
import type { ShipmentFilterInput } from '../../../shared/contract/index.js';
import { statusOf } from '../../../shared/status.js';
import { fieldLabel, shipmentStatusWords } from '../../../shared/words.js';

const DASH = ' – ';

export interface ExportSubject {
  /** The watchlist exported, by name (its own conditions are in its name). */
  watchlist?: string | null;
  /** The conditions of the view beside the watchlist (its `watchlistId` is not read here). */
  filter?: ShipmentFilterInput;
  /** A selection of this many shipments (the window's "Selected shipments"); the filter is not read. */
  selected?: number;
}

const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

function isCustomer(name: string): boolean {
  return name.trim().toLowerCase() === 'customer';
}

/** The conditions after "shipments", in words: ", in transit, ETA 2026-12-01 to 2026-12-31, PO 4500012345". */
function conditions(filter: ShipmentFilterInput, customerNamed: boolean): string[] {
  const said: string[] = [];
  if (filter.shipmentStatus) said.push(lower(shipmentStatusWords(filter.shipmentStatus)));
  if (filter.outcome === 'OK') said.push('with data from the carrier');
  else if (filter.outcome) said.push(lower(statusOf({ shipmentStatus: null, outcome: filter.outcome }).text));
  if (filter.etaFrom && filter.etaTo) said.push(`ETA ${filter.etaFrom} to ${filter.etaTo}`);
  else if (filter.etaFrom) said.push(`ETA from ${filter.etaFrom}`);
  else if (filter.etaTo) said.push(`ETA until ${filter.etaTo}`);
  for (const [name, value] of Object.entries(filter.fields ?? {})) {
    if (!(customerNamed && isCustomer(name))) said.push(`${fieldLabel(name)} ${value}`);
  }
  if (filter.search?.trim()) said.push(`matching “${filter.search.trim()}”`);
  if (filter.importJobId !== undefined) said.push(`from import ${filter.importJobId}`);
  return said;
}

/** "ACME Foods – open shipments", "Quayside – shipments", "Quayside – 3 selected shipments". */
export function exportTitle(subject: ExportSubject): string {
  const filter = subject.selected === undefined ? (subject.filter ?? {}) : {};
  const customer = subject.watchlist ? undefined : Object.entries(filter.fields ?? {}).find(([name, value]) => isCustomer(name) && value.trim() !== '')?.[1];
  const who = subject.watchlist?.trim() || customer?.trim() || 'Quayside';
  if (subject.selected !== undefined) return `${who}${DASH}${subject.selected} selected shipment${subject.selected === 1 ? '' : 's'}`;
  const before: string[] = [];
  if (filter.status === 'ACTIVE') before.push('open');
  else if (filter.status === 'ARCHIVED') before.push('archived');
  const carrier = filter.carrierName ?? filter.carrier;
  if (carrier) before.push(carrier);
  const what = `${[...before, 'shipments'].join(' ')}${filter.pod ? ` to ${filter.pod}` : ''}`;
  const said = conditions(filter, customer !== undefined);
  return `${who}${DASH}${[what, ...said].join(', ')}`;
}

/** At most `max` UTF-16 units, cut between characters (never inside a pair), with "…" where cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}

const spaced = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Excel's rule for a sheet: at most 31 characters, none of []:*?/\, not starting or ending with an apostrophe. */
export function exportSheetName(title: string): string {
  const clean = spaced(title.replace(/[[\]:*?/\\\p{Cc}]/gu, ' ').replace(/^[\s']+|[\s']+$/g, ''));
  return cut(clean, 31) || 'Shipments';
}

/** Names Windows keeps for devices, whatever follows a dot ("CON.xlsx" cannot be saved). */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])\s*(\.|$)/i;

/**
 * "ACME Foods – open shipments – 2026-11-27.xlsx": a name every file system takes (no <>:"/\|?*
 * or control characters, no dot or space at its end, not a device name), at most about 150 characters.
 * `day` is the desk's calendar day.
 */
export function exportFileName(title: string, day: string, format: 'csv' | 'xlsx'): string {
  const clean = spaced(title.replace(/[<>:"/\\|?*\p{Cc}]+/gu, '-')).replace(/[. ]+$/, '');
  const base = `${cut(clean, 120) || 'Quayside'}${DASH}${day}`;
  return `${DEVICE.test(base) ? `_${base}` : base}.${format}`;
}
