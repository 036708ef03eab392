/**
 * Who gave a shipment its imported columns: the desk that imported the sheet pushed them
 * (fields.ts), and the team database keeps that desk and the sets it replaced. Read live, for the
 * window's shipment detail; nothing of it is copied into the cache.
 */
import type { FieldsOrigin } from '../shared/contract/index.js';
import type { Core } from '../core/context.js';
import { teamConfigured, teamSession } from './session.js';

const EARLIER_SHOWN = 5;

/** Null in no team, for a shipment without a tracking id or imported columns, or when the team database cannot be reached. */
export async function fieldsOrigin(core: Core, shipmentId: number): Promise<FieldsOrigin | null> {
  if (!teamConfigured(core)) return null;
  const trackingId = core.read.team.trackingIdOf(shipmentId);
  if (!trackingId) return null;
  try {
    const session = await teamSession(core);
    if (!session) return null;
    const current = await session.db.query<{ desk: string; changed_at: Date }>('SELECT desk, changed_at FROM shipment_fields WHERE account = $1 AND tracking_id = $2', [
      session.account,
      trackingId,
    ]);
    const found = current.rows[0];
    if (!found) return null;
    const earlier = await session.db.query<{ desk: string; changed_at: Date }>(
      'SELECT desk, changed_at FROM shipment_fields_history WHERE account = $1 AND tracking_id = $2 ORDER BY replaced_at DESC LIMIT $3',
      [session.account, trackingId, EARLIER_SHOWN],
    );
    return {
      desk: found.desk,
      changedAt: found.changed_at.toISOString(),
      earlier: earlier.rows.map((r) => ({ desk: r.desk, changedAt: r.changed_at.toISOString() })),
    };
  } catch {
    // Offline the detail simply does not say who; the status bar says the team is unreachable.
    return null;
  }
}
