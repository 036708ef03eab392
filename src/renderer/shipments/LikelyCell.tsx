import type { ShipmentTableRow } from '../../shared/contract';
import { useDates } from '../lib/dates';

const LEVEL_WORDS = { 'carrier-lane': 'this carrier on this lane', carrier: 'this carrier, all lanes', all: 'all carriers and lanes' } as const;

/** The table's likely arrival: a band of the port's calendar days p10–p90 (never a date alone), with what it stands on in its tooltip. */
export function LikelyCell({ likely }: { likely: ShipmentTableRow['likelyArrival'] }) {
  const dates = useDates();
  if (!likely) return <span className="muted">—</span>;
  const range = dates.dayRange(likely.earliest, likely.latest);
  const words = `Likely ${range}, most likely ${dates.day(likely.likely)}: p10–p90 and p50 of ${likely.pastShipments} past shipments, ${LEVEL_WORDS[likely.level]}`;
  return (
    <span className="likely-band" title={words} aria-label={words}>
      {range}
    </span>
  );
}
