/**
 * How the table sorts and groups its status column: by the words its cell shows. One function, the
 * cell's own wording (src/shared/words.ts), registered on the connection as status_words(shipment
 * status, outcome) for the ORDER BY and GROUP BY of table-order.ts: a change of what the cell says
 * is a change here, and the sort and the groups follow.
 */
import type { Database } from 'better-sqlite3';
import type { Outcome } from '../../../shared/domain.js';
import { statusText } from '../../../shared/words.js';

/** The status as the table's cell says it: the value its sort and its groups use. */
function statusOrderValue(shipmentStatus: string | null, outcome: string | null): string {
  return statusText(shipmentStatus, (outcome ?? 'OK') as Outcome);
}

export function registerStatusWords(db: Database): void {
  db.function('status_words', { deterministic: true }, (shipmentStatus: unknown, outcome: unknown) =>
    statusOrderValue(typeof shipmentStatus === 'string' ? shipmentStatus : null, typeof outcome === 'string' ? outcome : null),
  );
}
