import type { ShipmentTableRow } from '../../shared/contract';
import { dayDifference, describeEtaMove, formatDay, formatEtaMove, formatNaive } from '../lib/naive-date';

/**
 * The naive ETA exactly as given, and its newest move ("+3 d") from the change log. Once an actual
 * event says the shipment arrived at its POD, the arrival stands there instead (the ETA is the
 * past), by its day, which fits where the ETA and its time did; the time and the carrier's last
 * ETA are in the title.
 */
export function EtaCell({ eta, move, arrivedAt = null }: { eta: string | null; move: ShipmentTableRow['lastEtaMove']; arrivedAt?: string | null }) {
  if (arrivedAt !== null) {
    return (
      <span className="eta-date eta-arrived" title={`Arrived ${formatNaive(arrivedAt)}${eta ? `; the carrier's last ETA ${formatNaive(eta)}` : ''}`}>
        <span className="eta-arrived-label">Arrived</span> {formatDay(arrivedAt)}
      </span>
    );
  }
  const label = formatEtaMove(move);
  const days = move ? dayDifference(move.from, move.to) : null;
  const tone = days === null || days === 0 ? 'same' : days > 0 ? 'later' : 'earlier';
  return (
    <>
      <span className="eta-date">{eta ? formatNaive(eta) : '—'}</span>
      {move && label && (
        <span className={`eta-move eta-move-${tone}`} title={describeEtaMove(move)} aria-label={describeEtaMove(move)}>
          {label}
        </span>
      )}
    </>
  );
}
