/**
 * The likely arrival in words, as the detail, the CLI and Attention say it: "likely 2026-12-14 –
 * 2026-12-18, most likely 2026-12-15: p10–p90 and p50 of 37 past shipments, Maersk
 * Rotterdam→Felixstowe". Dates are the port's calendar days, in ISO: the window and the CLI write
 * them the person's way (src/shared/dates.ts, a range as a range), `--json` keeps them so.
 */
import { formatDay } from './calendar.js';
import type { BandBasis } from './types.js';

function pastShipments(n: number): string {
  return `${n} past ${n === 1 ? 'shipment' : 'shipments'}`;
}

/** Which history the band came from: "Maersk Rotterdam→Felixstowe", "Maersk, all lanes", "all carriers and lanes". */
function basisWords(basis: Pick<BandBasis, 'level' | 'carrier' | 'lane'>): string {
  const lane = basis.lane ? `${basis.lane.portOfLoading.name}\u2192${basis.lane.portOfDischarge.name}` : '';
  if (basis.level === 'carrier-lane' && basis.carrier && lane) return `${basis.carrier.name} ${lane}`;
  if (basis.level !== 'all' && basis.carrier) return `${basis.carrier.name}, all lanes`;
  return 'all carriers and lanes';
}

export function bandSentence(earliest: number, likely: number, latest: number, basis: BandBasis): string {
  const source = `p10\u2013p90 and p50 of ${pastShipments(basis.shipments)}, ${basisWords(basis)}`;
  if (earliest === latest) return `likely on ${formatDay(earliest)}: ${source}`;
  return `likely ${formatDay(earliest)} \u2013 ${formatDay(latest)}, most likely ${formatDay(likely)}: ${source}`;
}

export function noBandSentence(reason: 'no-eta' | 'eta-passed' | 'too-few', shipments: number, minimumSample: number): string {
  switch (reason) {
    case 'no-eta':
      return 'No likely arrival: the carrier gives no ETA.';
    case 'eta-passed':
      return "No likely arrival: the carrier's ETA has passed and no arrival is known.";
    case 'too-few':
      return shipments === 0
        ? `No likely arrival: no past shipments at this lead time (at least ${minimumSample} are needed).`
        : `No likely arrival: only ${pastShipments(shipments)} at this lead time (at least ${minimumSample} are needed).`;
  }
}
