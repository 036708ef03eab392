/**
 * Snapshots of hand-made shipments written through the store's own write path, at chosen times,
 * so the change log and the plans as first seen are what Quayside would have recorded.
 */
import type { Location, TrackingEvent } from '../../src/core/platform/api/types.js';
import type { Data } from '../../src/core/data/index.js';
import {
  MAERSK,
  ROTTERDAM,
  SHANGHAI,
  SINGAPORE,
  container,
  containerNumber,
  event,
  notFoundResult,
  okResult,
  trackingData,
} from '../helpers/store-fixtures.js';

export { ROTTERDAM, SINGAPORE, containerNumber };

/** The desk's "now" in these tests: 24 November 2026, noon on the desk's own clock. */
export const NOW = new Date(2026, 10, 24, 12, 0, 0);
export const now = () => NOW;
/** A valid container number with the given serial (MSKU000042…). */
export const ref = (serial: number): string => containerNumber(`MSKU${String(serial).padStart(6, '0')}`);
/** The service's tracking id of the n-th made-up shipment. */
export const uuid = (n: number): string => `5e1d0c2a-7b3f-4a6e-8c9d-${n.toString(16).padStart(12, '0')}`;

/** A UTC time `days` (may be fractional) before NOW. */
export function daysAgo(days: number): string {
  return new Date(NOW.getTime() - days * 86_400_000).toISOString();
}

export interface SnapshotSpec {
  reference: string;
  trackingId: string;
  /** When Quayside received it (UTC ISO); also the service's updated_at, so later ones are newer. */
  at: string;
  eta?: string | null;
  status?: string | null;
  events?: TrackingEvent[];
  subscription?: string;
  scac?: string;
}

/** One answer of a single lookup; returns the local id. */
export function snapshot(store: Data, spec: SnapshotSpec): number {
  const eta = spec.eta === undefined ? '2026-12-05T08:00:00' : spec.eta;
  const data = trackingData({
    eta,
    shipmentStatus: spec.status === undefined ? 'IN_TRANSIT' : spec.status,
    trackingId: spec.trackingId,
    subscription: spec.subscription,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: spec.at,
    containers: [container(spec.reference, spec.events ?? inTransit(eta))],
  });
  const result = okResult(data, spec.reference, 'container', spec.scac ?? MAERSK.scac);
  return store.write((tx) => tx.recordTrackingResult({
    reference: spec.reference,
    type: 'container',
    scac: spec.scac ?? MAERSK.scac,
    result,
    raw: JSON.stringify(result),
    source: 'tracking',
    checkedAt: spec.at,
  })).shipmentId;
}

export function notFoundSnapshot(store: Data, reference: string, at: string, scac = MAERSK.scac): number {
  const result = notFoundResult(reference, 'container', scac);
  return store.write((tx) => tx.recordTrackingResult({ reference, type: 'container', scac, result, raw: JSON.stringify(result), source: 'tracking', checkedAt: at })).shipmentId;
}

const vessel = (name: string, voyage: string) => ({ vessel: name, voyage });

/** Loaded at Shanghai on 10 November, the arrival at Rotterdam expected at `eta`. Newest first. */
export function inTransit(eta: string | null, lastActual = '2026-11-10T09:00:00'): TrackingEvent[] {
  return [
    event('VAD', 'Vessel arrival', eta ?? '2026-12-05T08:00:00', false, ROTTERDAM, vessel('MAERSK EMDEN', '447W')),
    event('CLL', 'Loaded on vessel', lastActual, true, SHANGHAI, vessel('MAERSK EMDEN', '447W')),
    event('CGI', 'Gate in, laden', '2026-11-08T16:20:00', true, SHANGHAI),
  ];
}

/** Gated in at Shanghai, the loading still ahead on `ship`; optionally by Singapore. */
export function beforeLoading(ship: { vessel: string; voyage: string }, via?: { vessel: string; voyage: string }): TrackingEvent[] {
  const hub: TrackingEvent[] = via
    ? [
        event('CLT', 'Transshipment loading', '2026-12-08T10:00:00', false, SINGAPORE, via),
        event('CDT', 'Transshipment discharge', '2026-12-06T10:00:00', false, SINGAPORE, ship),
      ]
    : [];
  return [
    event('VAD', 'Vessel arrival', '2026-12-28T08:00:00', false, ROTTERDAM, via ?? ship),
    ...hub,
    event('CLL', 'Loaded on vessel', '2026-11-27T09:00:00', false, SHANGHAI, ship),
    event('CGI', 'Gate in, laden', '2026-11-21T16:20:00', true, SHANGHAI),
  ];
}

/** Arrived at `where` on `arrived` (a vessel arrival, or only a discharge), delivery expected later. */
export function arrivedAt(arrived: string, options: { where?: Location; code?: 'VAD' | 'CDD'; delivered?: string } = {}): TrackingEvent[] {
  const where = options.where ?? ROTTERDAM;
  const delivery = options.delivered
    ? event('CDC', 'Delivered', options.delivered, true, ROTTERDAM)
    : event('CDC', 'Delivered', '2026-12-10T10:00:00', false, ROTTERDAM);
  return [
    delivery,
    event(options.code ?? 'VAD', options.code === 'CDD' ? 'Discharged' : 'Vessel arrival', arrived, true, where, vessel('MAERSK EMDEN', '447W')),
    event('CLL', 'Loaded on vessel', '2026-10-20T09:00:00', true, SHANGHAI, vessel('MAERSK EMDEN', '447W')),
  ];
}
