/**
 * The answers and events are checked, not trusted: every method's output and every
 * event's payload has a schema that refuses what the contract does not say, and check.ts names the
 * method (or event) and the first problem's place when the engine's value does not match.
 */
import { describe, expect, it } from 'vitest';
import type { Shipment } from '../domain.js';
import { ContractMismatch, checkAnswer, checkEvent } from './check.js';
import { API_METHODS, CONTRACT, EVENTS, EVENT_NAMES, type ShipmentDetail, type ShipmentTableRow } from './index.js';

const AT = '2026-11-23T02:00:00.000Z';

function row(patch: Partial<ShipmentTableRow> = {}): ShipmentTableRow {
  return {
    id: 1,
    trackingId: '3f2b8c1e-6d4a-4b7e-9c1f-2a5d8e7f6b3c',
    reference: 'MSCU1234566',
    type: 'container',
    carrier: { scac: 'MSCU', name: 'MSC' },
    status: 'ACTIVE',
    shipmentStatus: 'IN_TRANSIT',
    outcome: 'OK',
    pol: { name: 'Shanghai', country: 'CN' },
    pod: { name: 'Rotterdam', country: null },
    eta: '2026-12-04T14:00:00',
    lastEtaMove: { at: AT, from: '2026-12-01', to: '2026-12-04T14:00:00' },
    vessel: 'MSC AURORA',
    voyage: null,
    note: null,
    lastCheckedAt: AT,
    likelyArrival: null,
    notePending: false,
    lastFreeDay: null,
    progress: { kind: 'arrived', statusCode: 'VAD', date: '2026-12-04T09:00:00', containers: 1, of: 1 },
    customer: 'ACME',
    ...patch,
  };
}

function shipment(patch: Partial<Shipment> = {}): Shipment {
  const place = { name: 'Rotterdam', country: 'NL', state: null, lat: 51.9, lng: 4.1, terminal: 'ECT Delta', date: '2026-12-04T14:00:00' };
  return {
    id: 1,
    trackingId: null,
    reference: 'MSCU1234566',
    type: 'container',
    carrier: { scac: null, name: null },
    status: null,
    shipmentStatus: null,
    outcome: 'PENDING',
    note: null,
    origin: null,
    pol: null,
    pod: place,
    destination: null,
    eta: '2026-12-04T14:00:00',
    containers: [
      {
        number: 'MSCU1234566',
        type: '40HC',
        events: [{ date: null, actual: false, statusCode: 'XYZ', status: 'Something new', location: place, terminal: null, vessel: null, voyage: null }],
      },
    ],
    currentPosition: null,
    lastCheckedAt: null,
    changes: [{ at: AT, kind: 'eta_moved', from: '2026-12-01', to: '2026-12-04T14:00:00', desk: 'desk-b' }],
    createdAt: null,
    fields: { customer: 'ACME' },
    progress: null,
    ...patch,
  };
}

const detail = (s: Shipment): ShipmentDetail => ({ shipment: s, pendingNote: null, raw: [{ source: 'lookup', receivedAt: AT, body: '{}' }], lastFreeDay: '2026-12-10' });

/** The message checkAnswer throws, or null when the value passes. */
function problem(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ContractMismatch);
    return (err as Error).message;
  }
}

describe('every answer and event has a schema of its own', () => {
  it('no method or event takes just anything (no unchecked answer type is left)', () => {
    for (const method of API_METHODS) {
      expect(CONTRACT[method].output.safeParse({ notInTheContract: true }).success, method).toBe(false);
    }
    for (const event of EVENT_NAMES) expect(EVENTS[event].safeParse({ notInTheContract: true }).success, event).toBe(false);
  });
});

describe('checkAnswer', () => {
  it('lets a representative answer through, as it is', () => {
    const page = { total: 2, offset: 0, rows: [row(), row({ id: 2, shipmentStatus: 'SOMETHING_THE_SPEC_NEVER_SAID', status: 'SUSPENDED', lastFreeDay: '2026-12-10' })] };
    expect(checkAnswer('shipments.list', page)).toBe(page);
    expect(problem(() => checkAnswer('shipments.get', detail(shipment())))).toBeNull();
    expect(problem(() => checkAnswer('tracking.check', { ok: false, problem: 'Not a reference.', suggestion: null }))).toBeNull();
    expect(problem(() => checkAnswer('watchlists.delete', undefined))).toBeNull();
    expect(problem(() => checkAnswer('map.route', null))).toBeNull();
    expect(problem(() => checkAnswer('export.run', null))).toBeNull();
  });

  it('keeps what the service may extend: a shipment kind or status it adds, naive dates, coordinates it did not give', () => {
    const unknown = shipment({ type: 'awb', status: 'PAUSED', shipmentStatus: 'WAITING_FOR_CUSTOMS', eta: '2026-12-04 14:00' });
    unknown.pod = { ...unknown.pod!, lat: Number.NaN, lng: Number.NaN };
    expect(problem(() => checkAnswer('shipments.get', detail(unknown)))).toBeNull();
    expect(problem(() => checkAnswer('webhooks.deliveries', { deliveries: [{ id: 'd1', webhookId: null, eventType: 'tracking.updated', status: 'retrying', createdAt: '2026-11-23 02:00', attempts: [], raw: { anything: [1, 'two'] } }], page: 1, totalPages: 1 }))).toBeNull();
  });

  it('refuses a wrong shape, naming the method and where the problem is', () => {
    expect(problem(() => checkAnswer('shipments.list', { total: 1, offset: 0, rows: [row({ eta: 20261204 as unknown as string })] }))).toBe(
      "The engine's answer to shipments.list does not match the contract: at rows[0].eta, Invalid input: expected string, received number",
    );
    const missing: Partial<ShipmentTableRow> = row();
    delete missing.notePending;
    expect(problem(() => checkAnswer('shipments.list', { total: 1, offset: 0, rows: [missing] }))).toMatch(/shipments\.list .* at rows\[0\]\.notePending, /);
    expect(problem(() => checkAnswer('credits.get', { remaining: null, checkedAt: null, history: [], warningBelow: 100, low: false, apiKey: 'x' }))).toMatch(
      /credits\.get .*at the value, Unrecognized key: "apiKey"/,
    );
    expect(problem(() => checkAnswer('credits.get', 'lots'))).toMatch(/^The engine's answer to credits\.get does not match the contract: at the value, /);
  });

  it('refuses what Quayside itself writes when it is not what the contract says: its enums, its UTC times, its counts', () => {
    expect(problem(() => checkAnswer('shipments.get', detail(shipment({ outcome: 'MAYBE' as Shipment['outcome'] }))))).toMatch(/at shipment\.outcome, /);
    expect(problem(() => checkAnswer('shipments.get', detail(shipment({ lastCheckedAt: '23/11/2026 02:00' }))))).toMatch(/at shipment\.lastCheckedAt, /);
    expect(problem(() => checkAnswer('sync.statusBar', { online: true, queued: -1, inFlight: 0, waiting: null, outboxPending: 0, rateLimited: 0 }))).toMatch(/at queued, /);
    expect(problem(() => checkAnswer('attention.count', { needAttention: 1.5 }))).toMatch(/at needAttention, /);
  });

  it('counts the problems beyond the first', () => {
    expect(problem(() => checkAnswer('credits.get', {}))).toMatch(/at remaining, .* \(and 4 more problems\)$/);
  });
});

describe('checkEvent', () => {
  it('lets a payload through and refuses one that is not the contract, naming the event', () => {
    expect(checkEvent('shipments.changed', { ids: null, reason: 'sync' })).toEqual({ ids: null, reason: 'sync' });
    expect(problem(() => checkEvent('shipments.changed', { ids: [1], reason: 'because' }))).toMatch(/^The engine's event shipments\.changed does not match the contract: at reason, /);
    expect(problem(() => checkEvent('window.show', { view: 'attention', shipmentId: 4 }))).toBeNull();
    for (const view of ['customers', 'performance'] as const) expect(problem(() => checkEvent('window.show', { view }))).toBeNull();
    expect(problem(() => checkEvent('window.show', { view: 'nowhere' }))).toMatch(/^The engine's event window\.show does not match the contract: at view, /);
    const error = (() => {
      try {
        checkEvent('imports.progress', { jobId: 1, state: 'running', progress: null, message: null, extra: 1 });
      } catch (err) {
        return err as ContractMismatch;
      }
      return null;
    })();
    expect(error?.subject).toBe('imports.progress');
    expect(error?.path).toBe('');
  });
});
