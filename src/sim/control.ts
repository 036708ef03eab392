/**
 * The control surface: what tests, benchmarks and the demo use to steer the simulator
 * (accounts, credits, shipment changes that fire webhook events, faults, statistics).
 */
import type { ShipmentRecord, TrackingData, TrackingEvent, TrackingResult, WebhookDelivery } from '../core/platform/api/types.js';
import { emptyStats, type Account, type ShipmentRow, type SimStats } from './accounts.js';
import type { BatchTasks } from './batch.js';
import type { SimContext } from './context.js';
import type { FailNextRule, FaultInjector, FaultSettings } from './faults.js';
import { DAY, HOUR, formatNaive, parseNaive } from './naive-time.js';
import { shipmentPayload, type Change } from './payloads.js';
import { pastSnapshots, seedPastVoyages } from './past-records.js';
import type { PastVoyage } from './past-voyages.js';
import { seedShipments } from './seed.js';
import { dataOf, findRow, mutableDataOf, shipmentRecord, trackOne, validateTrackInput, type TrackInput } from './shipments.js';
import type { DeliveryEngine } from './webhook-delivery.js';
import { deliveryJson } from './webhook-handlers.js';

export interface AccountSpec {
  apiKey: string;
  credits: number;
  /** Tracked shipments to pre-seed (ACTIVE, generated cheaply). */
  shipments?: number;
  /**
   * Past voyages to pre-seed: months of arrived shipments of the forwarder's lanes with
   * the carriers' habits, archived once delivered. Their snapshots: `pastSnapshots`.
   */
  pastVoyages?: number;
}

export interface SimControl {
  addAccount(spec: AccountSpec): void;
  setCredits(apiKey: string, credits: number): void;
  credits(apiKey: string): number;
  seedShipments(apiKey: string, count: number): void;
  /** Looks a reference up as GET /v2/tracking would (without route), without a request: a new one is created now, at the head of the list. */
  track(apiKey: string, input: TrackInput): TrackingResult;
  /** Moves the POD and destination dates and every expected event; fires tracking.eta_update. */
  moveEta(apiKey: string, trackingIdOrReference: string, days: number): void;
  /** Adds an actual event (by default the next expected one happens now); fires tracking.history_update. */
  addEvent(apiKey: string, trackingIdOrReference: string, event?: Partial<TrackingEvent>): TrackingEvent;
  /** Any string; DELIVERED fires tracking.delivered. */
  setShipmentStatus(apiKey: string, trackingIdOrReference: string, status: string): void;
  /** Backdates created_at by `hours` (real hours; the refund window is 72 real hours whatever the time scale). */
  ageShipment(apiKey: string, trackingIdOrReference: string, hours: number): void;
  /** Archives a record as the service's automatic archiving would; fires tracking.auto_archiving. */
  autoArchive(apiKey: string, trackingIdOrReference: string): void;
  /** Fires any event type for a tracked record. */
  emit(apiKey: string, trackingIdOrReference: string, eventType: string, changes?: Change[]): void;
  setFaults(partial: FaultSettings): void;
  failNext(rule: FailNextRule): void;
  expireTask(taskId: string): boolean;
  taskStatus(taskId: string): string | undefined;
  stats(apiKey: string): SimStats;
  /** Resets the statistics of one account, or of all. */
  resetStats(apiKey?: string): void;
  /** The stored record as GET /v2/shipments shows it, by tracking id or reference. */
  shipment(apiKey: string, trackingIdOrReference: string): ShipmentRecord | undefined;
  /** Tracking data of a record, and its ETA moves. */
  trackingData(apiKey: string, trackingIdOrReference: string): TrackingData | undefined;
  etaChanges(apiKey: string, trackingIdOrReference: string): { at: string; from: string | null; to: string | null }[];
  /** All webhook deliveries of an account, newest last. */
  deliveries(apiKey: string): WebhookDelivery[];
  /** The snapshots Quayside would have taken of the account's past voyages, oldest first (empty without `pastVoyages`). */
  pastSnapshots(apiKey: string): { at: string; record: ShipmentRecord }[];
  /** The account's past voyages as the simulator knows them (real departure and arrival, every ETA given, the habit drawn). */
  pastVoyages(apiKey: string): PastVoyage[];
}

const shiftNaive = (date: string | null, days: number): string | null =>
  date === null ? null : formatNaive(parseNaive(date) + days * DAY);

export function createControl(ctx: SimContext, batches: BatchTasks, engine: DeliveryEngine, faults: FaultInjector): SimControl {
  const row = (apiKey: string, ref: string): { account: Account; row: ShipmentRow } => {
    const account = ctx.accountOrThrow(apiKey);
    const found = findRow(account, ref);
    if (!found) throw new Error(`no tracked shipment ${ref} for this key`);
    return { account, row: found };
  };
  const emit = (account: Account, target: ShipmentRow, type: string, changes: Change[]): void => {
    const hooks = [...account.webhooks.values()].filter((w) => w.isActive && w.eventTypes.includes(type));
    if (hooks.length === 0) return;
    const payload = shipmentPayload(ctx, target, mutableDataOf(ctx, target), type, changes);
    for (const hook of hooks) engine.start(account, hook, type, payload);
  };
  const touched = (target: ShipmentRow): void => {
    target.updatedAt = ctx.now();
  };

  return {
    addAccount: ({ apiKey, credits, shipments, pastVoyages }) => {
      const account = ctx.addAccount(apiKey, credits);
      if (shipments) seedShipments(ctx, account, shipments);
      if (pastVoyages) seedPastVoyages(ctx, account, pastVoyages);
    },
    setCredits: (apiKey, credits) => {
      ctx.accountOrThrow(apiKey).credits = credits;
    },
    credits: (apiKey) => ctx.accountOrThrow(apiKey).credits,
    seedShipments: (apiKey, count) => seedShipments(ctx, ctx.accountOrThrow(apiKey), count),
    track: (apiKey, input) => trackOne(ctx, ctx.accountOrThrow(apiKey), input, validateTrackInput(ctx, input), false),
    moveEta: (apiKey, ref, days) => {
      const { account, row: target } = row(apiKey, ref);
      const data = mutableDataOf(ctx, target);
      const from = data.summary.pod.date;
      data.summary.pod.date = shiftNaive(from, days);
      data.summary.destination.date = shiftNaive(data.summary.destination.date, days);
      for (const c of data.containers) {
        for (const e of c.events) if (!e.actual) e.date = shiftNaive(e.date, days);
      }
      (target.etaChanges ??= []).push({ at: new Date(ctx.now()).toISOString(), from, to: data.summary.pod.date });
      touched(target);
      emit(account, target, 'tracking.eta_update', [{ field: 'pod.date', old_value: from, new_value: data.summary.pod.date }]);
    },
    addEvent: (apiKey, ref, event) => {
      const { account, row: target } = row(apiKey, ref);
      const data = mutableDataOf(ctx, target);
      const container = data.containers[0];
      if (!container) throw new Error(`${ref} has no containers`);
      const now = formatNaive(ctx.now());
      const expected = container.events.filter((e) => !e.actual);
      const next = expected[expected.length - 1];
      let added: TrackingEvent;
      if (event === undefined && next) {
        container.events.splice(container.events.indexOf(next), 1);
        added = { ...next, actual: true, date: now };
      } else {
        added = {
          location: data.summary.destination.location,
          terminal: null,
          status: 'Empty container returned',
          status_code: 'CER',
          date: now,
          vessel: null,
          voyage: null,
          ...event,
          actual: true,
        };
      }
      container.events.push(added);
      // Newest first when every event has a date; otherwise the carrier's order stays (2.3 rule 3).
      if (container.events.every((e) => e.date !== null)) {
        container.events.sort((a, b) => (a.date! < b.date! ? 1 : a.date! > b.date! ? -1 : 0));
      } else {
        container.events.unshift(container.events.pop()!);
      }
      touched(target);
      emit(account, target, 'tracking.history_update', [{ field: 'events', old_value: null, new_value: added }]);
      return added;
    },
    setShipmentStatus: (apiKey, ref, status) => {
      const { account, row: target } = row(apiKey, ref);
      const data = mutableDataOf(ctx, target);
      const from = data.shipment_status;
      data.shipment_status = status;
      touched(target);
      if (status === 'DELIVERED' && from !== 'DELIVERED') emit(account, target, 'tracking.delivered', []);
    },
    ageShipment: (apiKey, ref, hours) => {
      const { account, row: target } = row(apiKey, ref);
      target.createdAt -= hours * HOUR;
      account.sorted = null;
    },
    autoArchive: (apiKey, ref) => {
      const { account, row: target } = row(apiKey, ref);
      target.status = 'ARCHIVED';
      touched(target);
      emit(account, target, 'tracking.auto_archiving', [{ field: 'status', old_value: 'ACTIVE', new_value: 'ARCHIVED' }]);
    },
    emit: (apiKey, ref, eventType, changes = []) => {
      const { account, row: target } = row(apiKey, ref);
      emit(account, target, eventType, changes);
    },
    setFaults: (partial) => faults.set(partial),
    failNext: (rule) => faults.failNext(rule),
    expireTask: (taskId) => batches.expire(taskId),
    taskStatus: (taskId) => batches.status(taskId),
    stats: (apiKey) => structuredClone(ctx.accountOrThrow(apiKey).stats),
    resetStats: (apiKey) => {
      const accounts = apiKey === undefined ? [...ctx.accounts.values()] : [ctx.accountOrThrow(apiKey)];
      for (const a of accounts) a.stats = emptyStats();
    },
    shipment: (apiKey, ref) => {
      const found = findRow(ctx.accountOrThrow(apiKey), ref);
      return found ? shipmentRecord(ctx, found, false) : undefined;
    },
    trackingData: (apiKey, ref) => {
      const found = findRow(ctx.accountOrThrow(apiKey), ref);
      return found ? structuredClone(dataOf(ctx, found)) : undefined;
    },
    etaChanges: (apiKey, ref) => structuredClone(row(apiKey, ref).row.etaChanges ?? []),
    deliveries: (apiKey) => {
      const account = ctx.accountOrThrow(apiKey);
      return account.deliveries.map((d) => deliveryJson(account, d));
    },
    pastSnapshots: (apiKey) => pastSnapshots(ctx.accountOrThrow(apiKey)),
    pastVoyages: (apiKey) => (ctx.accountOrThrow(apiKey).past ?? []).map((p) => p.voyage),
  };
}
