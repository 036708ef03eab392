import type { ShipmentTableRow } from '../../shared/contract';
import { naiveDay } from '../lib/naive-date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LEVEL_WORDS = { 'carrier-lane': 'this carrier on this lane', carrier: 'this carrier, all lanes', all: 'all carriers and lanes' } as const;

function dayMonth(day: string): { day: number; month: string } {
  return { day: Number(day.slice(8, 10)), month: MONTHS[Number(day.slice(5, 7)) - 1] ?? '' };
}

/** "14–18 Dec", "28 Nov–3 Dec": the port's calendar days of p10 and p90. */
function likelyRange(earliest: string, latest: string): string {
  const a = dayMonth(naiveDay(earliest));
  const b = dayMonth(naiveDay(latest));
  if (naiveDay(earliest) === naiveDay(latest)) return `${a.day} ${a.month}`;
  return a.month === b.month ? `${a.day}\u2013${b.day} ${b.month}` : `${a.day} ${a.month}\u2013${b.day} ${b.month}`;
}

/** The table's likely arrival: a band (never a date alone), with what it stands on in its tooltip. */
export function LikelyCell({ likely }: { likely: ShipmentTableRow['likelyArrival'] }) {
  if (!likely) return <span className="muted">—</span>;
  const words = `Likely ${likelyRange(likely.earliest, likely.latest)}, most likely ${naiveDay(likely.likely)}: p10–p90 and p50 of ${likely.pastShipments} past shipments, ${LEVEL_WORDS[likely.level]}`;
  return (
    <span className="likely-band" title={words} aria-label={words}>
      {likelyRange(likely.earliest, likely.latest)}
    </span>
  );
}
