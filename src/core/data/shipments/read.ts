/**
 * The read model: builds the domain `Shipment` (src/shared/domain.ts, the CLI's public
 * JSON contract) from the normalised rows. Dates are returned exactly as stored.
 */
import type { Database, Statement } from 'better-sqlite3';
import type {
  ChangeKind,
  Place,
  Shipment,
  ShipmentChange,
  ShipmentContainer,
  ShipmentEvent,
  TrackingType,
} from '../../../shared/domain.js';
import { referenceKey } from './snapshot.js';
import { progressOf } from '../../../shared/progress.js';
import type { ChangesRow, ContainersRow, EventsRow, LocationsRow, ShipmentsRow, TerminalsRow } from './rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Lookups {
  locations: Map<number, LocationsRow>;
  terminals: Map<number, TerminalsRow>;
}

function terminalName(id: number | null, location: LocationsRow | undefined, lookups: Lookups): string | null {
  const byId = id === null ? undefined : lookups.terminals.get(id);
  return byId?.name ?? location?.terminal ?? null;
}

function place(locationId: number | null, terminalId: number | null, date: string | null, lookups: Lookups): Place | null {
  const location = locationId === null ? undefined : lookups.locations.get(locationId);
  if (location === undefined) return null;
  return {
    name: location.name,
    country: location.country,
    state: location.state,
    // Unknown coordinates are stored as NULL; the domain type wants numbers, so NaN says "unknown".
    lat: location.lat ?? Number.NaN,
    lng: location.lng ?? Number.NaN,
    terminal: terminalName(terminalId, location, lookups),
    date,
  };
}

function event(row: EventsRow, lookups: Lookups): ShipmentEvent {
  const location = row.location_id === null ? undefined : lookups.locations.get(row.location_id);
  return {
    date: row.date,
    actual: row.actual === 1,
    statusCode: row.status_code,
    status: row.status,
    location: place(row.location_id, row.terminal_id, row.date, lookups),
    terminal: terminalName(row.terminal_id, location, lookups),
    vessel: row.vessel,
    voyage: row.voyage,
  };
}

function change(row: ChangesRow): ShipmentChange {
  // Kinds are written only by changes.ts from the ChangeKind union.
  const out: ShipmentChange = { at: row.at, kind: row.kind as ChangeKind, from: row.from_value, to: row.to_value };
  if (row.desk !== null) out.desk = row.desk;
  return out;
}

export interface ShipmentReader {
  /** By local id (number), tracking uuid, or reference (ACTIVE first, then the newest). */
  getShipment(key: number | string): Shipment | null;
  /** Every row of a reference, ACTIVE first, then the newest. */
  shipmentsByReference(reference: string, type?: string): Shipment[];
  /** Builds the domain shipment of a row already read. */
  build(row: ShipmentsRow): Shipment;
}

export function createShipmentReader(db: Database): ShipmentReader {
  const byId: Statement<[number], ShipmentsRow> = db.prepare('SELECT * FROM shipments WHERE id = ?');
  const byTrackingId: Statement<[string], ShipmentsRow> = db.prepare('SELECT * FROM shipments WHERE tracking_id = ?');
  const byReference: Statement<[string, string | null, string | null], ShipmentsRow> = db.prepare(
    `SELECT * FROM shipments WHERE reference_key = ? AND (? IS NULL OR type = ?)
      ORDER BY (subscription_status = 'ACTIVE') DESC, coalesce(service_created_at, stored_at) DESC, id DESC`,
  );
  const locations: Statement<[number], LocationsRow> = db.prepare('SELECT * FROM locations WHERE shipment_id = ?');
  const terminals: Statement<[number], TerminalsRow> = db.prepare('SELECT * FROM terminals WHERE shipment_id = ?');
  const containers: Statement<[number], ContainersRow> = db.prepare(
    'SELECT * FROM containers WHERE shipment_id = ? ORDER BY position',
  );
  const events: Statement<[number], EventsRow> = db.prepare(
    'SELECT * FROM events WHERE shipment_id = ? ORDER BY container_id, position',
  );
  const localFields: Statement<[number], { name: string; value: string }> = db.prepare('SELECT name, value FROM shipment_fields WHERE shipment_id = ? ORDER BY name');
  const changes: Statement<[number], ChangesRow> = db.prepare(
    'SELECT * FROM changes WHERE shipment_id = ? ORDER BY at DESC, id DESC',
  );

  function build(row: ShipmentsRow): Shipment {
    const lookups: Lookups = {
      locations: new Map(locations.all(row.id).map((l) => [l.location_id, l])),
      terminals: new Map(terminals.all(row.id).map((t) => [t.terminal_id, t])),
    };
    const eventsByContainer = new Map<number, ShipmentEvent[]>();
    const eventRows = events.all(row.id);
    for (const e of eventRows) {
      const list = eventsByContainer.get(e.container_id) ?? [];
      list.push(event(e, lookups));
      eventsByContainer.set(e.container_id, list);
    }
    const shipmentContainers: ShipmentContainer[] = containers.all(row.id).map((c) => ({
      number: c.number,
      type: c.type,
      events: eventsByContainer.get(c.id) ?? [],
    }));
    return {
      id: row.id,
      trackingId: row.tracking_id,
      reference: row.reference,
      // Stored as the service gave it; a type outside the union is kept, not coerced.
      type: row.type as TrackingType,
      carrier: { scac: row.carrier_scac, name: row.carrier_name },
      status: row.subscription_status,
      shipmentStatus: row.shipment_status,
      outcome: row.outcome,
      note: row.note,
      origin: place(row.origin_location, row.origin_terminal, row.origin_date, lookups),
      pol: place(row.pol_location, row.pol_terminal, row.pol_date, lookups),
      pod: place(row.pod_location, row.pod_terminal, row.eta, lookups),
      destination: place(row.destination_location, row.destination_terminal, row.destination_date, lookups),
      eta: row.eta,
      containers: shipmentContainers,
      // Already converted from the API's [lat, lng] when written (coordinates.ts).
      currentPosition: row.current_lat !== null && row.current_lng !== null ? { lat: row.current_lat, lng: row.current_lng } : null,
      lastCheckedAt: row.checked_at,
      createdAt: row.service_created_at,
      changes: changes.all(row.id).map(change),
      fields: Object.fromEntries(localFields.all(row.id).map((f) => [f.name, f.value])),
      progress: progressOf(
        eventRows.map((e) => ({ container: e.container_id, statusCode: e.status_code, actual: e.actual === 1, date: e.date, atPod: e.location_id !== null && e.location_id === row.pod_location })),
        shipmentContainers.length,
      ),
    };
  }

  function shipmentsByReference(reference: string, type?: string): Shipment[] {
    const t = type ?? null;
    return byReference.all(referenceKey(reference), t, t).map(build);
  }

  return {
    build,
    shipmentsByReference,
    getShipment(key) {
      if (typeof key === 'number') {
        const row = Number.isInteger(key) ? byId.get(key) : undefined;
        return row ? build(row) : null;
      }
      const trimmed = key.trim();
      if (UUID.test(trimmed)) {
        const row = byTrackingId.get(trimmed.toLowerCase()) ?? byTrackingId.get(trimmed);
        if (row) return build(row);
      }
      const first = byReference.get(referenceKey(trimmed), null, null);
      return first ? build(first) : null;
    },
  };
}
