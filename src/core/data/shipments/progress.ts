/**
 * The events behind a shipment's progress (src/shared/progress.ts decides what they say): its
 * actual arrival, discharge, gate-out and delivery events, with whether each happened at its POD,
 * for a page of table rows in one query.
 */
import type { Database } from 'better-sqlite3';
import { PROGRESS_CODES, progressOf, type ProgressEvent, type ShipmentProgress } from '../../../shared/progress.js';

const CODES = JSON.stringify(Object.keys(PROGRESS_CODES));

export function createProgressReader(db: Database): (ids: readonly number[]) => Map<number, ShipmentProgress> {
  const events = db.prepare<[string, string], { shipment_id: number; container_id: number; status_code: string; date: string | null; at_pod: 0 | 1 }>(
    `SELECT e.shipment_id, e.container_id, t.status_code, e.date, coalesce(e.location_id = s.pod_location, 0) AS at_pod
       FROM json_each(?) j
       JOIN event_rows e ON e.shipment_id = j.value
       JOIN event_texts t ON t.id = e.text_id
       JOIN shipments s ON s.id = e.shipment_id
      WHERE e.actual = 1 AND t.status_code IN (SELECT value FROM json_each(?))`,
  );
  const containers = db.prepare<[string], { shipment_id: number; n: number }>(
    'SELECT c.shipment_id, count(*) AS n FROM json_each(?) j JOIN containers c ON c.shipment_id = j.value GROUP BY c.shipment_id',
  );
  return (ids) => {
    const found = new Map<number, ShipmentProgress>();
    if (ids.length === 0) return found;
    const list = JSON.stringify(ids);
    const byShipment = new Map<number, ProgressEvent[]>();
    for (const r of events.all(list, CODES)) {
      const mine = byShipment.get(r.shipment_id) ?? [];
      mine.push({ container: r.container_id, statusCode: r.status_code, actual: true, date: r.date, atPod: r.at_pod === 1 });
      byShipment.set(r.shipment_id, mine);
    }
    if (byShipment.size === 0) return found;
    const counts = new Map(containers.all(list).map((c) => [c.shipment_id, c.n]));
    for (const [id, list] of byShipment) {
      const progress = progressOf(list, counts.get(id) ?? 1);
      if (progress) found.set(id, progress);
    }
    return found;
  };
}
