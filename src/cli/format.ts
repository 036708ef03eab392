import type { Place, Shipment } from '../shared/domain.js';
import { arrivalOrEta, serviceSays, statusOf } from '../shared/status.js';
import { trackingWords, typeWords } from '../shared/words.js';
import { cliDates } from './dates.js';

/** A UTC instant (when an update goes, when it was sent) on this computer's clock, written the one way. */
export function deskTime(iso: string): string {
  return cliDates().utcDateTime(iso);
}

/** Naive dates are the port's wall-clock time, written the one way (no zone, no seconds). */
const naive = (date: string | null) => (date ? cliDates().dateTime(date) : '—');

function placeText(place: Place | null): string {
  if (!place) return '—';
  const where = [place.name, place.state, place.country].filter(Boolean).join(', ');
  return place.terminal ? `${where} (${place.terminal})` : where;
}

export function outcomeText(s: Shipment): string {
  switch (s.outcome) {
    case 'INFO_NOT_FOUND':
      return 'no data from the carrier yet (INFO_NOT_FOUND; this does not mean delivered)';
    case 'PENDING':
      return 'waiting for the service to answer';
    case 'ERROR':
      return 'the service reported a failure for this reference';
    default:
      return s.shipmentStatus ?? 'no shipment status reported';
  }
}

export function shipmentRow(s: Shipment): Record<string, string> {
  const lastEta = [...s.changes].reverse().find((c) => c.kind === 'eta_moved');
  // In words, as the window says it (the one status), tracking only when not active.
  const status = statusOf(s);
  const tracking = s.status && s.status !== 'ACTIVE' ? ` (${trackingWords(s.status).toLowerCase()})` : '';
  // Arrived: the day of the arrival stands where the ETA was (the carrier's ETA is the past; `show` has the time).
  const shown = arrivalOrEta(s.eta, status);
  const eta = shown.arrived ? `arrived ${cliDates().day(shown.date)}` : s.eta ? `${naive(s.eta)}${lastEta ? ' moved' : ''}` : '—';
  return {
    reference: s.reference,
    type: typeWords(s.type),
    // The carrier's name as people say it ("Maersk"); the SCAC where the name is not known; a dash while the service has not named it.
    carrier: s.carrier.name ?? s.carrier.scac ?? '—',
    status: `${status.text}${tracking}`,
    pod: s.pod?.name ?? '—',
    eta,
    note: s.note ?? '',
  };
}

/** `list` with the customer's column, still within 120 characters: the type (in `show` and --json) gives it room. */
export const SHIPMENT_COLUMNS_WITH_CUSTOMER = [
  { key: 'reference', title: 'REFERENCE' },
  { key: 'customer', title: 'CUSTOMER', max: 12 },
  { key: 'carrier', title: 'CARRIER', max: 12 },
  { key: 'status', title: 'STATUS', max: 24 },
  { key: 'pod', title: 'POD', max: 12 },
  { key: 'eta', title: 'ETA (port time)' },
  { key: 'note', title: 'NOTE', max: 6 },
];

/** `list` for people: about 120 characters (POL, the seconds and the raw codes are in `show` and --json). */
export const SHIPMENT_COLUMNS = [
  { key: 'reference', title: 'REFERENCE' },
  { key: 'type', title: 'TYPE' },
  { key: 'carrier', title: 'CARRIER', max: 20 },
  { key: 'status', title: 'STATUS', max: 26 },
  { key: 'pod', title: 'POD', max: 14 },
  { key: 'eta', title: 'ETA (port time)' },
  { key: 'note', title: 'NOTE', max: 14 },
];

export function shipmentDetail(s: Shipment): string {
  const lines: string[] = [];
  const carrier = s.carrier.name ? `${s.carrier.name}${s.carrier.scac ? ` (${s.carrier.scac})` : ''}` : (s.carrier.scac ?? 'AUTO');
  lines.push(`${s.reference}  ${s.type}  ${carrier}  ${s.status ?? ''}`.trimEnd());
  const status = statusOf(s);
  const service = serviceSays(status);
  lines.push(`  Status       ${status.long}${service ? ` (${service})` : ''}`);
  lines.push(`  Service says ${outcomeText(s)}`);
  if (s.trackingId) lines.push(`  Tracking id  ${s.trackingId}`);
  const route: [string, Place | null][] = [['Origin', s.origin], ['POL', s.pol], ['POD', s.pod], ['Destination', s.destination]];
  for (const [label, place] of route) {
    if (place) lines.push(`  ${label.padEnd(12)} ${placeText(place)}  ${naive(place.date)}`);
  }
  if (status.arrivedAt !== null) lines.push(`  Arrived      ${naive(status.arrivedAt)} (port time)`);
  lines.push(`  ETA          ${naive(s.eta)} (port time)${status.arrivedAt !== null ? ', the carrier\'s last' : ''}`);
  if (s.note) lines.push(`  Note         ${s.note}`);
  for (const [name, value] of Object.entries(s.fields)) lines.push(`  ${name.padEnd(12)} ${value}`);
  lines.push(`  Last checked ${s.lastCheckedAt ? cliDates().utcDateTime(s.lastCheckedAt) : 'never'}`);
  for (const c of s.containers) {
    lines.push('', `  Container ${c.number}  ${c.type}`);
    if (c.events.length === 0) lines.push('    no events reported');
    for (const e of c.events) {
      const mark = e.actual ? 'done    ' : 'expected';
      const vessel = e.vessel ? `  ${e.vessel}${e.voyage ? ` ${e.voyage}` : ''}` : '';
      lines.push(`    ${naive(e.date)}  ${mark}  ${e.statusCode.padEnd(4)} ${e.status}  ${e.location?.name ?? '—'}${vessel}`);
    }
  }
  if (s.changes.length > 0) {
    lines.push('', '  Changes seen');
    const d = cliDates();
    for (const ch of s.changes) lines.push(`    ${d.utcDateTime(ch.at)}  ${ch.kind.replace('_', ' ')}  ${ch.from ? d.inText(ch.from) : '—'} → ${ch.to ? d.inText(ch.to) : '—'}`);
  }
  return lines.join('\n');
}
