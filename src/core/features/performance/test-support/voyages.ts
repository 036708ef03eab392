/** Hand-made voyage histories for the performance tests. */
import type { CarrierRef, LaneRef, VoyageHistory } from '../types.js';

export const MAERSK: CarrierRef = { scac: 'MAEU', name: 'Maersk' };
export const MSC: CarrierRef = { scac: 'MSCU', name: 'MSC' };
export const COSCO: CarrierRef = { scac: 'COSU', name: 'COSCO' };

export const RTM_FXT: LaneRef = {
  key: 'NLRTM-GBFXT',
  portOfLoading: { key: 'NLRTM', name: 'Rotterdam' },
  portOfDischarge: { key: 'GBFXT', name: 'Felixstowe' },
};
export const SHA_RTM: LaneRef = {
  key: 'CNSHA-NLRTM',
  portOfLoading: { key: 'CNSHA', name: 'Shanghai' },
  portOfDischarge: { key: 'NLRTM', name: 'Rotterdam' },
};

let nextId = 1;

/** A voyage with sensible defaults: arrived, departed, no ETAs unless given. */
export function voyage(over: Partial<Omit<VoyageHistory, 'etas'>> & { etas?: readonly ([seenAt: string, eta: string] | VoyageHistory['etas'][number])[] } = {}): VoyageHistory {
  const etas = (over.etas ?? []).map((e) => (Array.isArray(e) ? { seenAt: e[0], eta: e[1] } : e));
  return {
    id: over.id ?? nextId++,
    carrier: over.carrier ?? MAERSK,
    lane: over.lane ?? RTM_FXT,
    customer: over.customer ?? null,
    departure: over.departure === undefined ? '2026-11-01T10:00:00' : over.departure,
    arrival: over.arrival === undefined ? '2026-11-20T08:00:00' : over.arrival,
    finished: over.finished ?? true,
    etas,
    vesselChanges: over.vesselChanges ?? 0,
  };
}

/** UTC instant `days` before a naive day's midnight, as Quayside would record `seenAt`. */
export function seenDaysBefore(naiveDay: string, days: number, hour = 9): string {
  const ms = Date.UTC(Number(naiveDay.slice(0, 4)), Number(naiveDay.slice(5, 7)) - 1, Number(naiveDay.slice(8, 10)) - days, hour);
  return new Date(ms).toISOString();
}
