import type { ShipmentTableRow } from '../../shared/contract';
import { dayDifference, describeEtaMove, formatEtaMove, formatNaive } from '../lib/naive-date';

/** The naive ETA exactly as given, and its newest move ("+3 d") from the change log. */
export function EtaCell({ eta, move }: { eta: string | null; move: ShipmentTableRow['lastEtaMove'] }) {
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
