import type { Place, Shipment } from '../shared/domain.js';
import { progressAddsToStatus, progressWords, statusText, trackingWords, typeWords } from '../shared/words.js';
import { cliDates } from './dates.js';

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
  // In words, as the window says it: the service's status, what the events add, tracking only when not active.
  // "at POD" goes without saying beside the POD column: "In transit · Discharged".
  const progress = progressAddsToStatus(s.progress, s.shipmentStatus) ? progressWords(s.progress).replace(/ at POD\b/, '') : '';
  const tracking = s.status && s.status !== 'ACTIVE' ? ` (${trackingWords(s.status).toLowerCase()})` : '';
  return {
    reference: s.reference,
    type: typeWords(s.type),
    carrier: s.carrier.scac ?? s.carrier.name ?? 'AUTO',
    status: `${[statusText(s.shipmentStatus, s.outcome), progress].filter(Boolean).join(' · ')}${tracking}`,
    pod: s.pod?.name ?? '—',
    eta: s.eta ? `${naive(s.eta)}${lastEta ? ' moved' : ''}` : '—',
    note: s.note ?? '',
  };
}

/** `list` for people: about 120 characters (POL, the seconds and the raw codes are in `show` and --json). */
export const SHIPMENT_COLUMNS = [
  { key: 'reference', title: 'REFERENCE' },
  { key: 'type', title: 'TYPE' },
  { key: 'carrier', title: 'CARRIER', max: 12 },
  { key: 'status', title: 'STATUS', max: 26 },
  { key: 'pod', title: 'POD', max: 14 },
  { key: 'eta', title: 'ETA (port time)' },
  { key: 'note', title: 'NOTE', max: 14 },
];

export function shipmentDetail(s: Shipment): string {
  const lines: string[] = [];
  const carrier = s.carrier.name ? `${s.carrier.name}${s.carrier.scac ? ` (${s.carrier.scac})` : ''}` : (s.carrier.scac ?? 'AUTO');
  lines.push(`${s.reference}  ${s.type}  ${carrier}  ${s.status ?? ''}`.trimEnd());
  lines.push(`  Shipment     ${outcomeText(s)}`);
  if (s.trackingId) lines.push(`  Tracking id  ${s.trackingId}`);
  const route: [string, Place | null][] = [['Origin', s.origin], ['POL', s.pol], ['POD', s.pod], ['Destination', s.destination]];
  for (const [label, place] of route) {
    if (place) lines.push(`  ${label.padEnd(12)} ${placeText(place)}  ${naive(place.date)}`);
  }
  lines.push(`  ETA          ${naive(s.eta)} (port time)`);
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
