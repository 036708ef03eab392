/**
 * The rows a shipment's tracking data makes (locations, terminals, containers, events, B/L and
 * booking numbers), written as a diff against what is stored: a changed answer touches only the
 * rows that changed (an ETA moved is one event row's date, not every row deleted and
 * inserted again with the triggers of each).
 *
 * The rows stored afterwards are exactly those the full replace wrote (the same values, containers
 * and events in the same positions); only their ids may differ, and nothing refers to those but the
 * events to their container.
 *
 * - Locations and terminals by their id in the answer (a repeated id: the last one wins, as with
 *   INSERT OR REPLACE); documents by (kind, number).
 * - Containers by number, in order (a number given twice pairs with the stored ones in turn).
 * - Events within their container by what they say apart from their date and position: the same
 *   date first, then any; a matched event only gets its new date and position.
 *
 * The facet counts' triggers on locations stay right row by row. What migrations 6 and 7 kept with
 * a trigger per event row, this writer keeps per shipment since migration 9 (schema-v9.ts): its
 * attention marks, computed again from its events when they (or its POD) changed, as migration 7
 * first filled them; its expected events first seen, offered again when an event was inserted (a
 * kept event's key, which has no date, was offered when it was inserted).
 */
import type { Database } from 'better-sqlite3';
import type { Container, TrackingData, TrackingEvent } from '../../platform/api/types.js';
import { eventKey, placeKey } from './changes.js';
import { type PartClock, UNMEASURED } from './write-parts.js';

interface StoredContainer { id: number; position: number; number: string; type: string }
interface StoredEvent {
  id: number; container_id: number; position: number; date: string | null; actual: 0 | 1; status_code: string;
  status: string; location_id: number | null; terminal_id: number | null; vessel: string | null; voyage: string | null;
}
interface StoredLocation {
  location_id: number; name: string; state: string | null; terminal: string | null; country: string; lat: number | null; lng: number | null;
}

/** The rows stored for a shipment, as the diff compares them (and the change detection reads its actual events from). */
export interface StoredRows {
  locations: StoredLocation[];
  terminals: { terminal_id: number; name: string }[];
  documents: { kind: string; number: string }[];
  containers: StoredContainer[];
  events: StoredEvent[];
}

export interface DataRowsWriter {
  /** A new write transaction begins: what the last one looked up (places, names, texts) may have been rolled back. */
  begin(): void;
  /** The rows stored for a shipment already in the cache. */
  read(shipmentId: number): StoredRows;
  /**
   * Writes the rows of `data` for a shipment. `stored`: what `read` gave, or null for a shipment just
   * inserted (nothing to compare with); `portsChanged`: its POL or POD location is not the one
   * stored before (the event facts kept per shipment depend on them). True when a row the search
   * document is made of may have changed: a location, a document, a container or an event (its
   * vessel) inserted or deleted; an event given a new date or position is not one.
   */
  write(shipmentId: number, data: TrackingData, stored: StoredRows | null, ports: Ports): boolean;
}

/** The shipment's POL and POD locations as its row holds them after the write; `changed`: not the ones stored before. */
interface Ports {
  pol: number | null;
  pod: number | null;
  changed: boolean;
}

interface Marks {
  last_actual: string | null;
  next_expected: string | null;
  delivered: 0 | 1;
  arrived_vessel: string | null;
  arrived_discharge: string | null;
  departed: string | null;
}

/**
 * Migration 7's marks (with migration 19's departure) of the events an answer gives, as its SQL
 * computes them over the rows written from it; null without any event (no row). Naive dates
 * compare as text, as SQLite compares them (the same order short of characters past U+FFFF).
 */
function marksOf(data: TrackingData, ports: Ports): Marks | null {
  let any = false;
  const marks: Marks = { last_actual: null, next_expected: null, delivered: 0, arrived_vessel: null, arrived_discharge: null, departed: null };
  const earliest = (kept: string | null, date: string | null) => (date === null || (kept !== null && kept <= date) ? kept : date);
  for (const c of data.containers ?? []) {
    for (const e of c.events ?? []) {
      any = true;
      const date = e.date ?? null;
      if (!e.actual) {
        marks.next_expected = earliest(marks.next_expected, date);
        continue;
      }
      if (date !== null && (marks.last_actual === null || date > marks.last_actual)) marks.last_actual = date;
      if (e.status_code === 'CDC') marks.delivered = 1;
      const atPod = ports.pod !== null && e.location === ports.pod;
      if (atPod && e.status_code === 'VAD') marks.arrived_vessel = earliest(marks.arrived_vessel, date);
      if (atPod && e.status_code === 'CDD') marks.arrived_discharge = earliest(marks.arrived_discharge, date);
      if (ports.pol !== null && e.location === ports.pol && e.status_code === 'CLL') marks.departed = earliest(marks.departed, date);
    }
  }
  return any ? marks : null;
}

/** The keys (changes.ts, eventKey) of the actual events stored, places resolved through the stored locations. */
export function storedActualEventKeys(stored: StoredRows): Set<string> {
  const numbers = new Map(stored.containers.map((c) => [c.id, c.number]));
  const places = new Map(stored.locations.map((l) => [l.location_id, l]));
  const keys = new Set<string>();
  for (const e of stored.events) {
    const number = numbers.get(e.container_id);
    if (e.actual !== 1 || number === undefined) continue;
    const place = e.location_id === null ? undefined : places.get(e.location_id);
    keys.add(eventKey(number, e.status_code, e.date, placeKey(place?.name ?? null, place?.country ?? null, e.location_id)));
  }
  return keys;
}

/** What a diff of containers and events changed. */
interface Diff { events: boolean; searched: boolean; inserted: boolean }

function finite(n: number | null | undefined): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** What identifies an event within its container, apart from its date and position. */
function eventIdentity(actual: boolean, statusCode: string, status: string, location: number | null, terminal: number | null, vessel: string | null, voyage: string | null): string {
  // Each part delimits itself (a text by its length), so two identities are equal only when all parts are.
  const part = (v: string | number | null) => (v === null ? 'n' : typeof v === 'number' ? `d${v};` : `s${v.length}:${v}`);
  return `${actual ? 1 : 0}${part(statusCode)}${part(status)}${part(location)}${part(terminal)}${part(vessel)}${part(voyage)}`;
}

/** `map[key]` grows by `value`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function createDataRowsWriter(db: Database, clock: PartClock = UNMEASURED): DataRowsWriter {
  // The tables under the views locations, terminals and events (the compact cache migration),
  // joined once: the views' scalar subqueries look a place or a text up once per column. Read as
  // arrays and made into objects here: quicker than the driver's objects, a page reads thousands.
  const storedLocations = db.prepare<[number], unknown[]>(
    `SELECT sl.location_id, p.name, p.state, p.terminal, p.country, p.lat, p.lng
       FROM shipment_locations sl JOIN places p ON p.id = sl.place_id WHERE sl.shipment_id = ?`,
  ).raw(true);
  const storedTerminals = db.prepare<[number], unknown[]>(
    'SELECT st.terminal_id, n.name FROM shipment_terminals st JOIN terminal_names n ON n.id = st.name_id WHERE st.shipment_id = ?',
  ).raw(true);
  const storedDocuments = db.prepare<[number], unknown[]>('SELECT kind, number FROM shipment_documents WHERE shipment_id = ?').raw(true);
  const storedContainers = db.prepare<[number], unknown[]>('SELECT id, position, number, type FROM containers WHERE shipment_id = ? ORDER BY position, id').raw(true);
  const storedEvents = db.prepare<[number], unknown[]>(
    `SELECT r.id, r.container_id, r.position, r.date, r.actual, t.status_code, t.status, r.location_id, r.terminal_id, t.vessel, t.voyage
       FROM event_rows r JOIN event_texts t ON t.id = r.text_id WHERE r.shipment_id = ? ORDER BY r.container_id, r.position, r.id`,
  ).raw(true);
  // A place is stored once and told apart by all it holds (the compact cache migration); it is never deleted.
  const placeOf = db.prepare<[string, string, string | null, string | null, number | null, number | null], number>(
    'SELECT id FROM places WHERE name = ? AND country = ? AND state IS ? AND terminal IS ? AND lat IS ? AND lng IS ? ORDER BY id LIMIT 1',
  ).pluck();
  const insertPlace = db.prepare('INSERT INTO places (name, state, terminal, country, lat, lng) VALUES (?, ?, ?, ?, ?, ?)');
  const upsertLocation = db.prepare<[number, number, number]>('INSERT OR REPLACE INTO shipment_locations (shipment_id, location_id, place_id) VALUES (?, ?, ?)');
  const deleteLocation = db.prepare<[number, number]>('DELETE FROM shipment_locations WHERE shipment_id = ? AND location_id = ?');
  // What a page repeats (its ports, terminals, events' texts), looked up once per write transaction.
  const placeIds = new Map<string, number>();
  const nameIds = new Map<string, number>();
  const textIds = new Map<string, number>();
  const place = (l: StoredLocation): number => {
    const key = JSON.stringify([l.name, l.country, l.state, l.terminal, l.lat, l.lng]);
    let id = placeIds.get(key);
    if (id === undefined) {
      id = placeOf.get(l.name, l.country, l.state, l.terminal, l.lat, l.lng) ?? Number(insertPlace.run(l.name, l.state, l.terminal, l.country, l.lat, l.lng).lastInsertRowid);
      placeIds.set(key, id);
    }
    return id;
  };
  // Terminal names are stored once (the compact cache migration), never deleted.
  const insertTerminalName = db.prepare<[string]>('INSERT OR IGNORE INTO terminal_names (name) VALUES (?)');
  const terminalNameId = db.prepare<[string], number>('SELECT id FROM terminal_names WHERE name = ?').pluck();
  const upsertTerminalRow = db.prepare<[number, number, number]>('INSERT OR REPLACE INTO shipment_terminals (shipment_id, terminal_id, name_id) VALUES (?, ?, ?)');
  const upsertTerminal = (shipmentId: number, terminalId: number, name: string): void => {
    let id = nameIds.get(name);
    if (id === undefined) {
      insertTerminalName.run(name);
      id = terminalNameId.get(name)!;
      nameIds.set(name, id);
    }
    upsertTerminalRow.run(shipmentId, terminalId, id);
  };
  const deleteTerminal = db.prepare<[number, number]>('DELETE FROM shipment_terminals WHERE shipment_id = ? AND terminal_id = ?');
  const insertDocument = db.prepare('INSERT OR IGNORE INTO shipment_documents (shipment_id, kind, number) VALUES (?, ?, ?)');
  const deleteDocument = db.prepare<[number, string, string]>('DELETE FROM shipment_documents WHERE shipment_id = ? AND kind = ? AND number = ?');
  const insertContainer = db.prepare('INSERT INTO containers (shipment_id, position, number, type) VALUES (?, ?, ?, ?)');
  const updateContainer = db.prepare<[number, string, number]>('UPDATE containers SET position = ?, type = ? WHERE id = ?');
  const deleteContainer = db.prepare<[number]>('DELETE FROM containers WHERE id = ?');
  // What events repeat is stored once (the compact cache migration): never deleted, so an id stays valid.
  const textOf = db.prepare<[string, string, string | null, string | null], number>(
    'SELECT id FROM event_texts WHERE status_code = ? AND status = ? AND vessel IS ? AND voyage IS ? ORDER BY id LIMIT 1',
  ).pluck();
  const insertText = db.prepare<[string, string, string | null, string | null]>('INSERT INTO event_texts (status_code, status, vessel, voyage) VALUES (?, ?, ?, ?)');
  const insertEventRow = db.prepare<[number, number, number, string | null, number, number, number | null, number | null]>(
    `INSERT INTO event_rows (container_id, shipment_id, position, date, actual, text_id, location_id, terminal_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvent = (containerId: number, shipmentId: number, position: number, e: TrackingEvent): void => {
    const key = JSON.stringify([e.status_code, e.status, e.vessel, e.voyage]);
    let text = textIds.get(key);
    if (text === undefined) {
      text = textOf.get(e.status_code, e.status, e.vessel, e.voyage) ?? Number(insertText.run(e.status_code, e.status, e.vessel, e.voyage).lastInsertRowid);
      textIds.set(key, text);
    }
    insertEventRow.run(containerId, shipmentId, position, e.date, e.actual ? 1 : 0, text, e.location, e.terminal);
  };
  const moveEvent = db.prepare<[number, string | null, number]>('UPDATE event_rows SET position = ?, date = ? WHERE id = ?');
  const deleteEvent = db.prepare<[number]>('DELETE FROM event_rows WHERE id = ?');
  const dropMarks = db.prepare<[number]>('DELETE FROM attention_marks WHERE shipment_id = ?');
  const putMarks = db.prepare<Marks & { id: number }>(
    `INSERT INTO attention_marks (shipment_id, last_actual, next_expected, delivered, arrived_vessel, arrived_discharge, departed)
     VALUES (@id, @last_actual, @next_expected, @delivered, @arrived_vessel, @arrived_discharge, @departed)
     ON CONFLICT (shipment_id) DO UPDATE SET last_actual = excluded.last_actual, next_expected = excluded.next_expected, delivered = excluded.delivered,
       arrived_vessel = excluded.arrived_vessel, arrived_discharge = excluded.arrived_discharge, departed = excluded.departed`,
  );
  // (These two read the tables under the view events, as storedEvents does.)
  // Migration 6's trigger, for one shipment's expected events at once (their first sighting: this write's).
  const seePlannedEvents = db.prepare<[number]>(
    `INSERT OR IGNORE INTO planned_events_seen (shipment_id, status_code, location_id, vessel, voyage, first_seen_at)
     SELECT e.shipment_id, t.status_code, coalesce(e.location_id, -1), coalesce(t.vessel, ''), coalesce(t.voyage, ''), coalesce(s.checked_at, s.stored_at)
       FROM event_rows e JOIN event_texts t ON t.id = e.text_id JOIN shipments s ON s.id = e.shipment_id
      WHERE e.shipment_id = ? AND e.actual = 0`,
  );


  function writeLocations(shipmentId: number, data: TrackingData, stored: StoredRows | null): boolean {
    let changed = false;
    const next = new Map<number, StoredLocation>();
    for (const l of data.locations ?? []) {
      next.set(l.id, { location_id: l.id, name: l.name, state: l.state, terminal: l.terminal, country: l.country, lat: finite(l.lat), lng: finite(l.lng) });
    }
    const before = new Map<number, StoredLocation>();
    if (stored !== null) {
      for (const l of stored.locations) {
        if (next.has(l.location_id)) before.set(l.location_id, l);
        else changed = deleteLocation.run(shipmentId, l.location_id).changes > 0 || changed;
      }
    }
    for (const l of next.values()) {
      const old = before.get(l.location_id);
      if (old && old.name === l.name && old.state === l.state && old.terminal === l.terminal && old.country === l.country && old.lat === l.lat && old.lng === l.lng) continue;
      upsertLocation.run(shipmentId, l.location_id, place(l));
      changed = true;
    }
    return changed;
  }

  function writeTerminals(shipmentId: number, data: TrackingData, stored: StoredRows | null): void {
    const next = new Map<number, string>();
    for (const t of data.terminals ?? []) next.set(t.id, t.name);
    const before = new Map<number, string>();
    if (stored !== null) {
      for (const t of stored.terminals) {
        if (next.has(t.terminal_id)) before.set(t.terminal_id, t.name);
        else deleteTerminal.run(shipmentId, t.terminal_id);
      }
    }
    for (const [id, name] of next) if (before.get(id) !== name) upsertTerminal(shipmentId, id, name);
  }

  function writeDocuments(shipmentId: number, data: TrackingData, stored: StoredRows | null): boolean {
    let changed = false;
    const next: [string, string][] = [
      ...(data.references?.bill_of_lading_numbers ?? []).map((n): [string, string] => ['bl', n]),
      ...(data.references?.booking_numbers ?? []).map((n): [string, string] => ['bk', n]),
    ];
    const key = (kind: string, number: string) => `${kind}\u001f${number}`;
    const before = new Set<string>();
    if (stored !== null) {
      const wanted = new Set(next.map(([k, n]) => key(k, n)));
      for (const d of stored.documents) {
        if (wanted.has(key(d.kind, d.number))) before.add(key(d.kind, d.number));
        else changed = deleteDocument.run(shipmentId, d.kind, d.number).changes > 0 || changed;
      }
    }
    for (const [kind, number] of next) {
      if (before.has(key(kind, number))) continue;
      insertDocument.run(shipmentId, kind, number);
      changed = true;
    }
    return changed;
  }

  function insertEvents(containerId: number, shipmentId: number, events: readonly TrackingEvent[]): void {
    events.forEach((e, position) => insertEvent(containerId, shipmentId, position, e));
  }

  /** Diffs one container's events into `diff`. */
  function writeEvents(containerId: number, shipmentId: number, events: readonly TrackingEvent[], before: readonly StoredEvent[], diff: Diff): void {
    const free = new Map<string, StoredEvent[]>();
    for (const s of before) {
      const k = eventIdentity(s.actual === 1, s.status_code, s.status, s.location_id, s.terminal_id, s.vessel, s.voyage);
      push(free, k, s);
    }
    const keys = events.map((e) => eventIdentity(e.actual, e.status_code, e.status, e.location, e.terminal, e.vessel, e.voyage));
    const matched: (StoredEvent | undefined)[] = events.map(() => undefined);
    const take = (i: number, sameDate: boolean) => {
      const candidates = free.get(keys[i]!);
      const at = candidates?.findIndex((s) => !sameDate || s.date === (events[i]!.date ?? null)) ?? -1;
      if (candidates && at >= 0) matched[i] = candidates.splice(at, 1)[0];
    };
    events.forEach((_, i) => take(i, true));
    events.forEach((_, i) => matched[i] ?? take(i, false));
    for (const left of free.values()) {
      for (const s of left) {
        deleteEvent.run(s.id);
        diff.events = true;
        diff.searched = true;
      }
    }
    events.forEach((e, position) => {
      const m = matched[position];
      if (m === undefined) {
        insertEvent(containerId, shipmentId, position, e);
        diff.events = true;
        diff.searched = true;
        diff.inserted = true;
      } else if (m.position !== position || m.date !== (e.date ?? null)) {
        moveEvent.run(position, e.date ?? null, m.id);
        diff.events = true;
      }
    });
  }

  /** Diffs the containers and their events: whether any event row changed, and any searched row. */
  function writeContainers(shipmentId: number, containers: readonly Container[], stored: StoredRows | null): Diff {
    const diff: Diff = { events: false, searched: stored === null, inserted: false };
    if (stored === null) {
      containers.forEach((c, position) => {
        insertEvents(Number(insertContainer.run(shipmentId, position, c.number, c.type).lastInsertRowid), shipmentId, c.events ?? []);
      });
      diff.events = diff.inserted = containers.some((c) => (c.events ?? []).length > 0);
      return diff;
    }
    const free = new Map<string, StoredContainer[]>();
    for (const c of stored.containers) push(free, c.number, c);
    const matched = containers.map((c) => free.get(c.number)?.shift());
    const eventsOf = new Map<number, StoredEvent[]>();
    for (const e of stored.events) push(eventsOf, e.container_id, e);
    for (const left of free.values()) {
      for (const c of left) {
        deleteContainer.run(c.id); // its events go with it
        diff.events = true;
        diff.searched = true;
      }
    }
    containers.forEach((c, position) => {
      const m = matched[position];
      if (m === undefined) {
        insertEvents(Number(insertContainer.run(shipmentId, position, c.number, c.type).lastInsertRowid), shipmentId, c.events ?? []);
        diff.events = true;
        diff.searched = true;
        diff.inserted = true;
        return;
      }
      if (m.position !== position || m.type !== c.type) updateContainer.run(position, c.type, m.id);
      writeEvents(m.id, shipmentId, c.events ?? [], eventsOf.get(m.id) ?? [], diff);
    });
    return diff;
  }

  return {
    begin() {
      placeIds.clear();
      nameIds.clear();
      textIds.clear();
    },
    read(shipmentId) {
      return {
        locations: storedLocations.all(shipmentId).map(
          ([location_id, name, state, terminal, country, lat, lng]) => ({ location_id, name, state, terminal, country, lat, lng }) as StoredLocation,
        ),
        terminals: storedTerminals.all(shipmentId).map(([terminal_id, name]) => ({ terminal_id, name }) as { terminal_id: number; name: string }),
        documents: storedDocuments.all(shipmentId).map(([kind, number]) => ({ kind, number }) as { kind: string; number: string }),
        containers: storedContainers.all(shipmentId).map(([id, position, number, type]) => ({ id, position, number, type }) as StoredContainer),
        events: storedEvents.all(shipmentId).map(
          ([id, container_id, position, date, actual, status_code, status, location_id, terminal_id, vessel, voyage]) =>
            ({ id, container_id, position, date, actual, status_code, status, location_id, terminal_id, vessel, voyage }) as StoredEvent,
        ),
      };
    },
    write(shipmentId, data, stored, ports) {
      let t = clock.mark();
      const locationsChanged = writeLocations(shipmentId, data, stored);
      writeTerminals(shipmentId, data, stored);
      t = clock.add('places and documents', t);
      const { events, searched, inserted } = writeContainers(shipmentId, data.containers ?? [], stored);
      t = clock.add('containers and events', t);
      const documentsChanged = writeDocuments(shipmentId, data, stored);
      t = clock.add('places and documents', t);
      if (events || ports.changed) {
        const marks = marksOf(data, ports);
        if (marks !== null) putMarks.run({ ...marks, id: shipmentId });
        else if (stored !== null) dropMarks.run(shipmentId);
      }
      t = clock.add('attention marks', t);
      // An event kept (only its date or position moved) was seen when it was inserted.
      if (inserted) seePlannedEvents.run(shipmentId);
      clock.add('expected events seen', t);
      return stored === null || locationsChanged || searched || documentsChanged;
    },
  };
}
