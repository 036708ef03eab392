/**
 * The diffed write of a shipment's rows (data-rows.ts): after every answer of a sequence, the rows
 * stored are those a fresh cache makes of that answer alone (what the full replace wrote), the
 * attention marks are those computed from the events, the expected events first seen and the
 * facet counts stay right, the search document is the one a fresh write makes (rebuilt only when
 * what it is made of changed), and the changes recorded are the ones the full replace recorded.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  container,
  containerNumber,
  defaultEvents,
  event,
  HAMBURG,
  okResult,
  openTempStore,
  ROTTERDAM,
  SHANGHAI,
  SINGAPORE,
  trackingData,
} from '../../../../test/helpers/store-fixtures.js';
import type { TrackingData } from '../../platform/api/types.js';
import type { Data } from '../data.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const FIRST = containerNumber('MSKU123456');
const SECOND = containerNumber('TCLU765432');

let store: Data;
let close: () => void;
const others: (() => void)[] = [];
beforeEach(() => {
  ({ store, close } = openTempStore({ now: () => new Date('2026-10-26T12:00:00.000Z') }));
  vocabulary(store);
});
afterEach(() => {
  close();
  for (const c of others.splice(0)) c();
});

function vocabulary(s: Data): void {
  cacheDb(s).exec('CREATE VIRTUAL TABLE temp.search_terms USING fts5vocab(main, shipments_fts, instance)');
}

function record(s: Data, data: TrackingData, checkedAt: string) {
  return s.write((tx) => tx.recordTrackingResult({
    reference: FIRST, type: 'container', scac: 'MAEU', result: okResult(data, FIRST), raw: JSON.stringify(data), source: 'tracking', checkedAt,
  }));
}

/** Every row the tracking data makes, without the ids SQLite chose. */
function rowsOf(s: Data, shipmentId: number) {
  const all = (sql: string) => cacheDb(s).prepare(sql).all(shipmentId);
  return {
    shipment: cacheDb(s).prepare('SELECT eta, pod_location, vessel, voyage, shipment_status FROM shipments WHERE id = ?').get(shipmentId),
    locations: all('SELECT location_id, name, state, terminal, country, lat, lng FROM locations WHERE shipment_id = ? ORDER BY location_id'),
    terminals: all('SELECT terminal_id, name FROM terminals WHERE shipment_id = ? ORDER BY terminal_id'),
    documents: all('SELECT kind, number FROM shipment_documents WHERE shipment_id = ? ORDER BY kind, number'),
    containers: all('SELECT position, number, type FROM containers WHERE shipment_id = ? ORDER BY position'),
    events: all(
      `SELECT c.position AS container, e.position, e.date, e.actual, e.status_code, e.status, e.location_id, e.terminal_id, e.vessel, e.voyage
         FROM events e JOIN containers c ON c.id = e.container_id WHERE e.shipment_id = ? ORDER BY c.position, e.position`,
    ),
    marks: all('SELECT last_actual, next_expected, delivered, arrived_vessel, arrived_discharge, departed FROM attention_marks WHERE shipment_id = ?'),
    // The search document as the (contentless) index holds it: each column's terms, in order.
    search: cacheDb(s).prepare('SELECT col, term FROM temp.search_terms WHERE doc = ? ORDER BY col, term').all(shipmentId),
  };
}

/** What a fresh cache stores of this answer alone: the rows the full replace wrote. */
function freshRows(data: TrackingData, checkedAt: string) {
  const fresh = openTempStore({ now: () => new Date('2026-10-26T12:00:00.000Z') });
  others.push(fresh.close);
  vocabulary(fresh.store);
  return rowsOf(fresh.store, record(fresh.store, data, checkedAt).shipmentId);
}

const ETA = '2026-11-20T08:00:00';
const moved = (eta: string) => trackingData({ eta });

/** The answers of the sequence, each checked a day after the one before. */
const STEPS: { name: string; data: TrackingData; changes: [string, string | null, string | null][] }[] = [
  { name: 'first answer', data: moved(ETA), changes: [] },
  { name: 'ETA moved', data: moved('2026-11-23T08:00:00'), changes: [['eta_moved', ETA, '2026-11-23T08:00:00']] },
  {
    name: 'vessel arrived (expected turned actual), discharge expected',
    data: trackingData({
      eta: '2026-11-23T08:00:00',
      shipmentStatus: 'ARRIVED',
      containers: [container(FIRST, [
        event('VDL', 'Vessel discharge', '2026-11-24T10:00:00', false, ROTTERDAM, { terminal: 7 }),
        event('VAD', 'Vessel arrival', '2026-11-23T08:00:00', true, ROTTERDAM, { terminal: 7, vessel: 'MAERSK EMDEN', voyage: '447W' }),
        ...defaultEvents().slice(1),
      ])],
    }),
    changes: [['status_changed', 'IN_TRANSIT', 'ARRIVED'], ['event_added', null, 'VAD Vessel arrival, Rotterdam, 2026-11-23T08:00:00']],
  },
  {
    name: 'second container, vessel changed (roll-over), an event gone, documents and a location changed',
    data: {
      ...trackingData({
        eta: '2026-11-30T08:00:00',
        bl: ['MAEU-244118870', 'MAEU-999'],
        bk: [],
        containers: [
          container(FIRST, [
            event('VAD', 'Vessel arrival', '2026-11-30T08:00:00', false, ROTTERDAM, { terminal: 7, vessel: 'MSC ANNA', voyage: '12E' }),
            ...defaultEvents().slice(1, 3),
          ]),
          container(SECOND, defaultEvents('2026-11-30T08:00:00'), "20' DV"),
        ],
      }),
      locations: [{ ...ROTTERDAM, terminal: 'Euromax' }, SHANGHAI, SINGAPORE, HAMBURG],
    },
    changes: [
      ['eta_moved', '2026-11-23T08:00:00', '2026-11-30T08:00:00'], ['status_changed', 'ARRIVED', 'IN_TRANSIT'],
      // The second container's actual events are new (an event is its container's).
      ['event_added', null, 'CLT Transshipment loading, Singapore, 2026-10-25T14:30:00'],
      ['event_added', null, 'CLL Loading at origin port, Shanghai, 2026-10-10T09:00:00'],
      ['event_added', null, 'CGI Gate in, laden, Shanghai, 2026-10-08T16:20:00'],
    ],
  },
  {
    name: 'containers swapped and the first dropped, the POD now Hamburg',
    data: (() => {
      const d = trackingData({ eta: '2026-12-02T08:00:00', containers: [container(SECOND, defaultEvents('2026-12-02T08:00:00'), "20' DV")] });
      return { ...d, summary: { ...d.summary!, pod: { location: HAMBURG.id, terminal: null, date: '2026-12-02T08:00:00' } } };
    })(),
    changes: [['eta_moved', '2026-11-30T08:00:00', '2026-12-02T08:00:00']],
  },
  {
    // The loading at Shanghai is no departure from the port of loading now: the marks follow the port, not only the events.
    name: 'the POL now Singapore, the events as they were',
    data: (() => {
      const d = trackingData({ eta: '2026-12-02T08:00:00', containers: [container(SECOND, defaultEvents('2026-12-02T08:00:00'), "20' DV")] });
      return {
        ...d,
        summary: { ...d.summary!, pol: { location: SINGAPORE.id, terminal: null, date: null }, pod: { location: HAMBURG.id, terminal: null, date: '2026-12-02T08:00:00' } },
      };
    })(),
    changes: [],
  },
  { name: 'first container back, delivered', data: trackingData({ eta: '2026-12-02T08:00:00', containers: [
    container(SECOND, [event('CDC', 'Delivered', '2026-12-03T08:00:00', true, HAMBURG), ...defaultEvents('2026-12-02T08:00:00')], "20' DV"),
    container(FIRST),
  ] }), changes: [
    ['event_added', null, 'CDC Delivered, Hamburg, 2026-12-03T08:00:00'],
    // The first container's events were dropped with it: back, they are new again.
    ['event_added', null, 'CLT Transshipment loading, Singapore, 2026-10-25T14:30:00'],
    ['event_added', null, 'CLL Loading at origin port, Shanghai, 2026-10-10T09:00:00'],
    ['event_added', null, 'CGI Gate in, laden, Shanghai, 2026-10-08T16:20:00'],
  ] },
];

describe('a changed answer writes only the rows that changed', () => {
  it('leaves the rows a fresh cache makes of each answer, the marks of its events, and records the same changes', () => {
    let id = 0;
    STEPS.forEach((step, i) => {
      const checkedAt = `2026-10-${String(20 + i).padStart(2, '0')}T07:00:00.000Z`;
      const written = record(store, step.data, checkedAt);
      id = written.shipmentId;
      expect(rowsOf(store, id), step.name).toEqual(freshRows(step.data, checkedAt));
      const recorded = cacheDb(store).prepare('SELECT kind, from_value, to_value FROM changes WHERE shipment_id = ? AND at = ? ORDER BY id').all(id, checkedAt);
      expect(recorded.map((c) => Object.values(c as object)), step.name).toEqual(step.changes);
    });
    // Every expected event ever seen, first seen when it first came.
    const seen = cacheDb(store).prepare('SELECT status_code, location_id, vessel, voyage, first_seen_at FROM planned_events_seen WHERE shipment_id = ? ORDER BY first_seen_at, status_code, vessel').all(id);
    expect(seen).toEqual([
      { status_code: 'VAD', location_id: ROTTERDAM.id, vessel: 'MAERSK EMDEN', voyage: '447W', first_seen_at: '2026-10-20T07:00:00.000Z' },
      { status_code: 'VDL', location_id: ROTTERDAM.id, vessel: '', voyage: '', first_seen_at: '2026-10-22T07:00:00.000Z' },
      { status_code: 'VAD', location_id: ROTTERDAM.id, vessel: 'MSC ANNA', voyage: '12E', first_seen_at: '2026-10-23T07:00:00.000Z' },
    ]);
    expect(cacheDb(store).prepare('SELECT first_at < last_at AS changed FROM attention_plans WHERE shipment_id = ?').get(id)).toEqual({ changed: 1 });
    // The facet counts are those a scan finds.
    expect(cacheDb(store).prepare('SELECT name, country, count FROM facet_pods WHERE count > 0 ORDER BY key').all()).toEqual(cacheDb(store).prepare(
      `SELECT l.name, l.country, count(*) AS count FROM shipments s JOIN locations l ON l.shipment_id = s.id AND l.location_id = s.pod_location
        GROUP BY l.name, l.country ORDER BY json_array(l.name, l.country)`,
    ).all());
  });

  it('keeps the attention marks migration 7 computes from the events stored, whatever the events', () => {
    // Migration 7's fill with migration 19's departure, over the rows stored.
    const bySql = (id: number) => cacheDb(store).prepare(
      `SELECT max(CASE WHEN e.actual = 1 THEN e.date END) AS last_actual, min(CASE WHEN e.actual = 0 THEN e.date END) AS next_expected,
              max(e.actual = 1 AND e.status_code = 'CDC') AS delivered,
              min(CASE WHEN e.actual = 1 AND e.status_code = 'VAD' AND e.location_id = s.pod_location THEN e.date END) AS arrived_vessel,
              min(CASE WHEN e.actual = 1 AND e.status_code = 'CDD' AND e.location_id = s.pod_location THEN e.date END) AS arrived_discharge,
              min(CASE WHEN e.actual = 1 AND e.status_code = 'CLL' AND e.location_id = s.pol_location THEN e.date END) AS departed
         FROM events e JOIN shipments s ON s.id = e.shipment_id WHERE e.shipment_id = ? GROUP BY e.shipment_id`,
    ).all(id);
    const stored = (id: number) => cacheDb(store).prepare('SELECT last_actual, next_expected, delivered, arrived_vessel, arrived_discharge, departed FROM attention_marks WHERE shipment_id = ?').all(id);
    const undated = (e: ReturnType<typeof event>) => ({ ...e, date: null as unknown as string });
    const answers: TrackingData[] = [
      trackingData({ containers: [container(FIRST, [
        event('CDD', 'Discharged', '2026-11-25T10:00:00', true, ROTTERDAM), event('CDD', 'Discharged', '2026-11-24T10:00:00', true, ROTTERDAM),
        event('VAD', 'Vessel arrival', '2026-11-23T08:00:00', true, ROTTERDAM), event('VAD', 'Vessel arrival', '2026-11-22T08:00:00', true, HAMBURG),
        undated(event('CDC', 'Delivered', '2026-11-30T08:00:00', true, ROTTERDAM)), ...defaultEvents().slice(1),
      ])] }),
      trackingData({ containers: [container(FIRST, [undated(event('VAD', 'Vessel arrival', ETA, false, ROTTERDAM)), event('VDL', 'Discharge', '2026-11-29T08:00:00', false, null)])] }),
      trackingData({ containers: [container(FIRST, [event('CLL', 'Loading', '2026-10-11T09:00:00', true, null), event('CLL', 'Loading', '2026-10-12T09:00:00', true, SHANGHAI)]), container(SECOND, [])] }),
      trackingData({ containers: [container(FIRST, [])] }),
      trackingData({ containers: [container(FIRST, [undated(event('CGI', 'Gate in', ETA, true, SHANGHAI))])] }),
      // No POL or POD known: an event without a place is at neither.
      (() => {
        const d = trackingData({ containers: [container(FIRST, [event('CLL', 'Loading', '2026-10-12T09:00:00', true, null), event('VAD', 'Vessel arrival', ETA, true, null)])] });
        return { ...d, summary: { ...d.summary!, pol: { location: null, terminal: null, date: null }, pod: { location: null, terminal: null, date: ETA } } };
      })(),
    ];
    answers.forEach((data, i) => {
      const { shipmentId } = record(store, data, `2026-10-${String(20 + i).padStart(2, '0')}T07:00:00.000Z`);
      expect(stored(shipmentId), `answer ${i + 1}`).toEqual(bySql(shipmentId));
    });
  });

  it('an answer whose only change is an ETA touches one event row and keeps the others (their ids)', () => {
    const first = record(store, moved(ETA), '2026-10-20T07:00:00.000Z');
    const ids = () => cacheDb(store).prepare('SELECT id, date FROM events WHERE shipment_id = ? ORDER BY id').all(first.shipmentId) as { id: number; date: string }[];
    const before = ids();
    record(store, moved('2026-11-22T08:00:00'), '2026-10-21T07:00:00.000Z');
    const after = ids();
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.filter((e, i) => e.date !== before[i]!.date)).toEqual([{ id: before[0]!.id, date: '2026-11-22T08:00:00' }]);
    expect(store.read.getShipment(first.shipmentId)!.containers[0]!.events[0]!.date).toBe('2026-11-22T08:00:00');
  });
});
