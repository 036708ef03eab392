/**
 * How the table sorts and groups its status column: by the one status (src/shared/status.ts), as
 * its cell says it, registered on the connection as status_words(shipment status, outcome, the
 * step the events reached at the POD) for the ORDER BY and GROUP BY of table-order.ts.
 */
import type { Database } from 'better-sqlite3';
import { PROGRESS_CODES } from '../../../shared/progress.js';
import { statusOf } from '../../../shared/status.js';

const KIND_OF_RANK = new Map(Object.entries(PROGRESS_CODES).map(([code, step]) => [step.rank, { kind: step.kind, code }]));

/** The status as the table's cell says it (its words, without the step's date): what its sort and its groups use. */
function statusOrderValue(shipmentStatus: string | null, outcome: string | null, rank: number | null): string {
  const step = rank === null ? undefined : KIND_OF_RANK.get(rank);
  const progress = step ? { kind: step.kind, statusCode: step.code, date: null, containers: 1, of: 1, arrivedAt: null } : null;
  return statusOf({ shipmentStatus, outcome: outcome ?? 'OK', progress }).text;
}

export function registerStatusWords(db: Database): void {
  db.function('status_words', { deterministic: true }, (shipmentStatus: unknown, outcome: unknown, rank: unknown) =>
    statusOrderValue(typeof shipmentStatus === 'string' ? shipmentStatus : null, typeof outcome === 'string' ? outcome : null, typeof rank === 'number' || typeof rank === 'bigint' ? Number(rank) : null),
  );
}
