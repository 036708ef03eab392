import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  container,
  containerNumber,
  defaultEvents,
  event,
  HAMBURG,
  ROTTERDAM,
  shipmentRecord,
  openTempStore,
  trackingData,
  type DataOptions,
} from '../../../../test/helpers/store-fixtures.js';
import { compareSnapshots, eventText } from './changes.js';
import type { Data } from '../data.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const ID = '7c0e6a55-1d2b-4f3e-9a8b-6c5d4e3f2a10';
const REF = 'MAEU244118870';
const C1 = containerNumber('MSKU123456');
const C2 = containerNumber('TGHU765432');

let store: Data;
let close: () => void;
beforeEach(() => {
  ({ store, close } = openTempStore());
});
afterEach(() => close());

let day = 0;
/** Stores a snapshot from the shipments list, each one a day newer than the previous. */
function snapshot(options: DataOptions & { status?: string; at?: string } = {}) {
  day++;
  const at = options.at ?? `2026-11-${String(day).padStart(2, '0')}T06:00:00.000Z`;
  const record = shipmentRecord({
    id: ID,
    reference: REF,
    type: 'bl',
    status: options.status ?? 'ACTIVE',
    data: trackingData({ ...options, trackingId: null }),
    updatedAt: at,
    checkedAt: at,
  });
  return store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], at)).results[0]!;
}
beforeEach(() => {
  day = 0;
});

const changes = () => store.read.getShipment(ID)!.changes.map((c) => ({ kind: c.kind, from: c.from, to: c.to }));

describe('change detection', () => {
  it('records nothing for the first snapshot', () => {
    snapshot();
    expect(changes()).toEqual([]);
    expect(store.read.countChanges()).toBe(0);
  });

  it('records an ETA move with the naive dates as given', () => {
    snapshot({ eta: '2026-11-20T08:00:00' });
    snapshot({ eta: '2026-11-23T14:00:00' });
    expect(changes()).toEqual([{ kind: 'eta_moved', from: '2026-11-20T08:00:00', to: '2026-11-23T14:00:00' }]);
    const change = store.read.getShipment(ID)!.changes[0]!;
    expect(change.at).toBe('2026-11-02T06:00:00.000Z');
    const row = store.read.listShipmentRows()[0]!;
    expect(row.lastEtaMove).toEqual({ at: '2026-11-02T06:00:00.000Z', from: '2026-11-20T08:00:00', to: '2026-11-23T14:00:00' });
  });

  it('dates a change when the page arrived, not when the service last checked the carrier', () => {
    snapshot({ eta: '2026-11-20T08:00:00' });
    const record = shipmentRecord({
      id: ID,
      reference: REF,
      type: 'bl',
      status: 'ACTIVE',
      data: trackingData({ eta: '2026-11-25T08:00:00', trackingId: null }),
      updatedAt: '2026-11-05T06:00:00.000Z',
      checkedAt: '2026-11-05T06:00:00.000Z',
    });
    store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], '2026-11-05T11:30:00.000Z'));
    expect(store.read.getShipment(ID)!.changes.map((c) => ({ kind: c.kind, at: c.at }))).toEqual([{ kind: 'eta_moved', at: '2026-11-05T11:30:00.000Z' }]);
  });

  it('records a new actual event with a short readable text, once', () => {
    snapshot();
    const arrived = [
      event('VAD', 'Vessel arrival', '2026-11-20T08:00:00', true, ROTTERDAM, { vessel: 'MAERSK EMDEN', voyage: '447W' }),
      ...defaultEvents().slice(1),
    ];
    snapshot({ containers: [container(C1, arrived)] });
    snapshot({ containers: [container(C1, arrived)] });
    expect(changes()).toEqual([{ kind: 'event_added', from: null, to: 'VAD Vessel arrival, Rotterdam, 2026-11-20T08:00:00' }]);
    const row = cacheDb(store).prepare('SELECT container_number FROM changes').get();
    expect(row).toEqual({ container_number: C1 });
  });

  it('reports an event per container, and a new container\u2019s past events', () => {
    snapshot({ containers: [container(C1)] });
    snapshot({ containers: [container(C1), container(C2)] });
    const added = cacheDb(store).prepare("SELECT container_number, to_value FROM changes WHERE kind = 'event_added' ORDER BY id").all();
    expect(added).toHaveLength(3);
    expect(added.every((r) => (r as { container_number: string }).container_number === C2)).toBe(true);
  });

  it('does not report expected events, whose dates are estimates', () => {
    snapshot();
    const events = defaultEvents();
    events.unshift(event('CDC', 'Delivery', '2026-11-25T10:00:00', false, HAMBURG));
    snapshot({ containers: [container(C1, events)] });
    expect(changes()).toEqual([]);
  });

  it('records shipment status and subscription changes, unknown values included', () => {
    snapshot();
    snapshot({ shipmentStatus: 'DELIVERED' });
    snapshot({ shipmentStatus: 'RETURNED_EMPTY', status: 'ARCHIVED' });
    expect(changes()).toEqual([
      { kind: 'status_changed', from: 'DELIVERED', to: 'RETURNED_EMPTY' },
      { kind: 'subscription_changed', from: 'ACTIVE', to: 'ARCHIVED' },
      { kind: 'status_changed', from: 'IN_TRANSIT', to: 'DELIVERED' },
    ]);
  });

  it('ignores an older snapshot entirely', () => {
    snapshot({ eta: '2026-11-20T08:00:00', at: '2026-11-10T06:00:00.000Z' });
    const stale = snapshot({ eta: '2026-11-30T08:00:00', at: '2026-11-09T06:00:00.000Z' });
    expect(stale.status).toBe('stale');
    expect(changes()).toEqual([]);
    expect(store.read.getShipment(ID)!.eta).toBe('2026-11-20T08:00:00');
  });

  it('ignores an identical snapshot', () => {
    snapshot({ at: '2026-11-10T06:00:00.000Z' });
    expect(snapshot({ at: '2026-11-10T06:00:00.000Z', eta: '2026-12-01T00:00:00' }).status).toBe('unchanged');
    expect(changes()).toEqual([]);
  });
});

describe('compareSnapshots', () => {
  it('orders by updated_at, then checked_at', () => {
    const a = { updatedAt: '2026-11-01T00:00:00.000Z', checkedAt: '2026-11-01T00:00:00.000Z' };
    expect(compareSnapshots(a, { updatedAt: '2026-11-02T00:00:00.000Z', checkedAt: '2026-10-01T00:00:00.000Z' })).toBe('newer');
    expect(compareSnapshots(a, { updatedAt: '2026-10-31T00:00:00.000Z', checkedAt: '2026-12-01T00:00:00.000Z' })).toBe('older');
    expect(compareSnapshots(a, { updatedAt: a.updatedAt, checkedAt: '2026-11-01T00:05:00.000Z' })).toBe('newer');
    expect(compareSnapshots(a, { updatedAt: a.updatedAt, checkedAt: a.checkedAt })).toBe('same');
    expect(compareSnapshots({ updatedAt: null, checkedAt: null }, { updatedAt: null, checkedAt: a.checkedAt })).toBe('newer');
  });

  it('writes event texts without inventing parts', () => {
    expect(eventText('VAD', 'Vessel arrival', 'Rotterdam', '2026-11-20T08:00:00')).toBe('VAD Vessel arrival, Rotterdam, 2026-11-20T08:00:00');
    expect(eventText('XYZ', '', null, '2026-11-20')).toBe('XYZ, 2026-11-20');
  });
});
