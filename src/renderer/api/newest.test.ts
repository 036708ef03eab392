/**
 * The one place the window orders answers and events: `newestOnly` (a newer ask cancels the older
 * one at the bridge and an older answer is never handed on) and `eventsSince` (an event heard after
 * an ask began wins over its answer). Over the fake bridge and the real `call`, in plain Node.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput, QuaysideBridge, Result, ShipmentDetail } from '../../shared/contract';
import { useDetail } from '../state/detail';
import { createFakeBridge, deferred } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { setBridge } from './bridge';
import { AppFailure, call } from './call';
import { eventsSince, isAbort, newestOnly } from './newest';

type Route = ApiOutput<'map.route'>;

function route(shipmentId: number): Route {
  return { shipmentId } as unknown as Route;
}

/** A bridge whose `map.route` answers are held until the test releases them, in any order. */
function heldRoutes() {
  const answers = new Map<number, ReturnType<typeof deferred<Route>>>();
  const bridge = createFakeBridge({
    'map.route': (id) => {
      const d = deferred<Route>();
      answers.set(id, d);
      return d.promise;
    },
  });
  setBridge(bridge);
  return { bridge, answer: (id: number) => answers.get(id)!.resolve(route(id)) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => setBridge(null));

describe('newestOnly', () => {
  it('hands on only the newest answer: an older one that arrives after it is dropped, and its ask was cancelled at the bridge', async () => {
    const { bridge, answer } = heldRoutes();
    const routes = newestOnly();
    const older = routes.run((signal) => call('map.route', 1, { signal }));
    const newer = routes.run((signal) => call('map.route', 2, { signal }));
    const olderFailure = older.catch((e: unknown) => e);
    expect(bridge.cancelled).toEqual([{ method: 'map.route', input: 1 }]);
    answer(2);
    answer(1);
    expect(await newer).toEqual(route(2));
    const failure = await olderFailure;
    expect(isAbort(failure)).toBe(true);
    expect(failure).toBeInstanceOf(DOMException);
  });

  it('drops an older answer even from a bridge that ignores the signal', async () => {
    const late = deferred<Result<unknown>>();
    const answers = [late.promise, Promise.resolve({ ok: true, value: route(2) } as Result<unknown>)];
    const deaf = { call: () => answers.shift()!, on: () => () => undefined, fileRef: async () => ({ ok: true, value: '' }) };
    setBridge(deaf as unknown as QuaysideBridge);
    const routes = newestOnly();
    const order: string[] = [];
    const older = routes.run((signal) => call('map.route', 1, { signal })).then(
      () => order.push('older applied'),
      (e: unknown) => order.push(isAbort(e) ? 'older dropped' : 'older failed'),
    );
    await routes.run((signal) => call('map.route', 2, { signal })).then(() => order.push('newer applied'));
    late.resolve({ ok: true, value: route(1) });
    await older;
    expect(order).toEqual(['newer applied', 'older dropped']);
  });

  it('cancel() drops what is asked; the next ask is answered as usual', async () => {
    const { bridge, answer } = heldRoutes();
    const routes = newestOnly();
    const closed = routes.run((signal) => call('map.route', 1, { signal })).catch((e: unknown) => e);
    routes.cancel();
    expect(isAbort(await closed)).toBe(true);
    expect(bridge.cancelled.map((c) => c.input)).toEqual([1]);
    const next = routes.run((signal) => call('map.route', 3, { signal }));
    await settle();
    answer(3);
    expect(await next).toEqual(route(3));
  });

  it('the failure of the newest ask comes through as it is; a failure of a cancelled one is an abort', async () => {
    setBridge(createFakeBridge({ 'map.route': () => Promise.reject({ code: 'not-found', message: 'No such shipment.' }) }));
    const routes = newestOnly();
    const failure = await routes.run((signal) => call('map.route', 9, { signal })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppFailure);
    expect(isAbort(failure)).toBe(false);

    const lost = routes.run(() => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('engine lost')), 0))).catch((e: unknown) => e);
    routes.cancel();
    expect(isAbort(await lost)).toBe(true);
  });

  it('join: the asks of one round all count until the next round, which cancels them together', async () => {
    const { bridge, answer } = heldRoutes();
    const rows = newestOnly();
    const a = rows.join((signal) => call('map.route', 1, { signal }));
    const b = rows.join((signal) => call('map.route', 2, { signal }));
    await settle();
    answer(1);
    expect(await a).toEqual(route(1));
    const bDropped = b.catch((e: unknown) => e);
    const c = rows.run((signal) => call('map.route', 3, { signal }));
    expect(isAbort(await bDropped)).toBe(true);
    expect(bridge.cancelled.map((x) => x.input)).toEqual([2]);
    await settle();
    answer(2);
    answer(3);
    expect(await c).toEqual(route(3));
  });

  it('a store: the detail of the shipment opened last is shown, whatever order the answers come in', async () => {
    const asked = new Map<number, ReturnType<typeof deferred<ShipmentDetail>>>();
    const bridge = createFakeBridge({
      'shipments.get': (id) => {
        const d = deferred<ShipmentDetail>();
        asked.set(id, d);
        return d.promise;
      },
    });
    resetStores(bridge);
    useDetail.getState().open(1);
    useDetail.getState().open(2);
    await settle();
    asked.get(2)!.resolve({ shipment: { id: 2 } } as unknown as ShipmentDetail);
    await settle();
    asked.get(1)!.resolve({ shipment: { id: 1 } } as unknown as ShipmentDetail);
    await settle();
    expect(useDetail.getState().detail?.shipment.id).toBe(2);
    expect(useDetail.getState().error).toBeNull();
    expect(bridge.cancelled).toEqual([{ method: 'shipments.get', input: 1 }]);
    resetStores(null);
  });
});

describe('eventsSince', () => {
  it('an event heard after the ask began wins over its answer; one heard before does not', () => {
    const jobs = eventsSince<number, string>();
    jobs.heard(7, 'running');
    const asked = jobs.mark();
    expect(jobs.since(asked, 7)).toBeUndefined();
    jobs.heard(7, 'stopped');
    jobs.heard(8, 'done');
    expect(jobs.since(asked, 7)).toBe('stopped');
    expect(jobs.since(asked, 8)).toBe('done');
    expect(jobs.since(asked, 9)).toBeUndefined();
    // An ask begun after the events is newer than they are.
    expect(jobs.since(jobs.mark(), 7)).toBeUndefined();
  });

  it('with an answer that arrives after the event: the event wins, over the real call', async () => {
    const { answer } = heldRoutes();
    const outbox = eventsSince<number, 'sent'>();
    const asked = outbox.mark();
    const answered = call('map.route', 4);
    outbox.heard(4, 'sent');
    await settle();
    answer(4);
    expect(await answered).toEqual(route(4));
    expect(outbox.since(asked, 4)).toBe('sent');
  });

  it('clear() forgets the events; marks taken before stay comparable with later ones', () => {
    const notes = eventsSince<number, string>();
    const asked = notes.mark();
    notes.heard(1, 'sent');
    notes.clear();
    expect(notes.since(asked, 1)).toBeUndefined();
    notes.heard(1, 'failed');
    expect(notes.since(asked, 1)).toBe('failed');
  });
});
