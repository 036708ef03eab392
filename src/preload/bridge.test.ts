/**
 * The preload's bridge over an EventEmitter stand-in for Electron's ipcRenderer and real
 * MessagePorts (Node's, which behave as the DOM's): the test holds the engine's end of the line.
 */
import { EventEmitter } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { IpcRendererEvent } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_CHANNEL, ENGINE_PORT_CHANNEL, type QuaysideBridge } from '../shared/contract/index.js';
import type { ToEngine } from '../shared/engine-wire.js';
import { CANCELLED_MESSAGE, createBridge, ENGINE_LOST_MESSAGE } from './bridge.js';

class IpcRendererStandIn extends EventEmitter {
  readonly sent: string[] = [];
  send(channel: string): void {
    this.sent.push(channel);
  }
  /** Main hands the window its end of a new line. */
  handOver(port: MessagePort): void {
    this.emit(ENGINE_PORT_CHANNEL, { ports: [port] } as unknown as IpcRendererEvent);
  }
}

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

/** The engine's end: records what arrives, answers calls with `answer`. */
function engineEnd(answer: (m: Extract<ToEngine, { t: 'call' }>) => unknown = () => ({ ok: true, value: null })) {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  const received: ToEngine[] = [];
  port1.on('message', (m: ToEngine) => {
    received.push(m);
    if (m.t === 'call') port1.postMessage({ t: 'result', id: m.id, seq: received.length, result: answer(m) });
  });
  return { windowPort: port2, engine: port1, received };
}

function setup(paths: Record<string, string> = {}) {
  const ipc = new IpcRendererStandIn();
  const webUtils = { getPathForFile: (file: { name: string }) => paths[file.name] ?? '' };
  // The stand-ins have the members the bridge uses; Electron's types have many more.
  const bridge = createBridge(ipc as unknown as Parameters<typeof createBridge>[0], webUtils as Parameters<typeof createBridge>[1]);
  return { ipc, bridge };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('preload bridge', () => {
  it('asks main for its line at once, and sends calls made before it arrives once it does', async () => {
    const { ipc, bridge } = setup();
    expect(ipc.sent).toEqual([CONNECT_CHANNEL]);
    const early = bridge.call('shipments.list', { offset: 0, limit: 5 });
    const line = engineEnd((m) => ({ ok: true, value: m.method }));
    ipc.handOver(line.windowPort);
    expect(await early).toEqual({ ok: true, value: 'shipments.list' });
    expect(await bridge.call('settings.appInfo')).toEqual({ ok: true, value: 'settings.appInfo' });
    expect(line.received.map((m) => (m.t === 'call' ? [m.method, m.input] : m.t))).toEqual([
      ['shipments.list', { offset: 0, limit: 5 }],
      ['settings.appInfo', undefined],
    ]);
  });

  it('refuses methods outside the contract without sending anything', async () => {
    const { ipc, bridge } = setup();
    const line = engineEnd();
    ipc.handOver(line.windowPort);
    const call = bridge.call as (m: string, i?: unknown) => ReturnType<QuaysideBridge['call']>;
    for (const name of ['shell.openExternal', '__proto__', 'constructor', '']) {
      expect(await call(name, 'x')).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    await tick();
    expect(line.received).toEqual([]);
  });

  it('subscribes once when the window first listens; events reach every listener, a broken one stops none', async () => {
    const { ipc, bridge } = setup();
    const line = engineEnd();
    ipc.handOver(line.windowPort);
    const heard: unknown[] = [];
    bridge.on('status', () => {
      throw new Error('broken view');
    });
    bridge.on('status', (p) => heard.push(p));
    bridge.on('credits', (p) => heard.push(p));
    await tick();
    expect(line.received).toEqual([{ t: 'subscribe' }]);
    const original = console.error;
    console.error = () => undefined;
    line.engine.postMessage({ t: 'event', seq: 1, event: 'status', payload: { online: true } });
    line.engine.postMessage({ t: 'event', seq: 2, event: 'credits', payload: { remaining: 7 } });
    await tick();
    console.error = original;
    expect(heard).toEqual([{ online: true }, { remaining: 7 }]);
    expect(() => bridge.on('nope' as 'status', () => undefined)).toThrow(TypeError);
  });

  it('after an engine restart: what waited fails with a sentence, the new line takes the next calls and hears events', async () => {
    const { ipc, bridge } = setup();
    const first = engineEnd(() => undefined);
    first.engine.removeAllListeners('message');
    ipc.handOver(first.windowPort);
    bridge.on('status', () => undefined);
    const lost = bridge.call('sync.now');
    await tick();
    const second = engineEnd((m) => ({ ok: true, value: m.method }));
    ipc.handOver(second.windowPort);
    expect(await lost).toEqual({ ok: false, error: { code: 'internal', message: ENGINE_LOST_MESSAGE } });
    expect(await bridge.call('sync.statusBar')).toEqual({ ok: true, value: 'sync.statusBar' });
    expect(second.received[0]).toEqual({ t: 'subscribe' });
  });

  it('a call whose signal aborts tells the engine to drop its answer and resolves as cancelled; a late answer is ignored', async () => {
    const { ipc, bridge } = setup();
    // The engine answers nothing by itself: the test answers by hand, late.
    const line = engineEnd();
    line.engine.removeAllListeners('message');
    const received: ToEngine[] = [];
    line.engine.on('message', (m: ToEngine) => received.push(m));
    ipc.handOver(line.windowPort);
    const controller = new AbortController();
    const older = bridge.call('shipments.list', { offset: 0, limit: 5 }, { signal: controller.signal });
    const newer = bridge.call('shipments.list', { offset: 5, limit: 5 });
    await tick();
    controller.abort();
    expect(await older).toEqual({ ok: false, error: { code: 'internal', message: CANCELLED_MESSAGE } });
    await tick();
    const [first, second] = received as Extract<ToEngine, { t: 'call' }>[];
    expect(received).toEqual([
      { t: 'call', id: first!.id, method: 'shipments.list', input: { offset: 0, limit: 5 } },
      { t: 'call', id: second!.id, method: 'shipments.list', input: { offset: 5, limit: 5 } },
      { t: 'cancel', id: first!.id },
    ]);
    // An engine that had answered already: the answer finds nobody waiting, the newer call still gets its own.
    line.engine.postMessage({ t: 'result', id: first!.id, seq: 1, result: { ok: true, value: 'older' } });
    line.engine.postMessage({ t: 'result', id: second!.id, seq: 2, result: { ok: true, value: 'newer' } });
    expect(await newer).toEqual({ ok: true, value: 'newer' });
  });

  it('a call cancelled before the line arrives is never sent; one aborted already is not even queued', async () => {
    const { ipc, bridge } = setup();
    const controller = new AbortController();
    const waiting = bridge.call('shipments.facets', undefined, { signal: controller.signal });
    controller.abort();
    expect(await waiting).toMatchObject({ ok: false, error: { message: CANCELLED_MESSAGE } });
    expect(await bridge.call('sync.statusBar', undefined, { signal: controller.signal })).toMatchObject({ ok: false, error: { message: CANCELLED_MESSAGE } });
    const line = engineEnd((m) => ({ ok: true, value: m.method }));
    ipc.handOver(line.windowPort);
    expect(await bridge.call('settings.appInfo')).toEqual({ ok: true, value: 'settings.appInfo' });
    expect(line.received.map((m) => (m.t === 'call' ? m.method : m.t))).toEqual(['settings.appInfo']);
  });

  it('aborting after the answer came sends nothing', async () => {
    const { ipc, bridge } = setup();
    const line = engineEnd((m) => ({ ok: true, value: m.method }));
    ipc.handOver(line.windowPort);
    const controller = new AbortController();
    expect(await bridge.call('sync.statusBar', undefined, { signal: controller.signal })).toEqual({ ok: true, value: 'sync.statusBar' });
    controller.abort();
    await tick();
    expect(line.received.map((m) => m.t)).toEqual(['call']);
  });

  it("gives the engine a dropped file's own path, and a sentence for a file with none", async () => {
    const { bridge } = setup({ 'acme.xlsx': '/home/ops/Downloads/acme.xlsx' });
    expect(await bridge.fileRef({ name: 'acme.xlsx', size: 10 })).toEqual({ ok: true, value: '/home/ops/Downloads/acme.xlsx' });
    expect(await bridge.fileRef({ name: 'from-mail.csv', size: 10 })).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/^from-mail\.csv is not a file on this computer.*save it to a folder first/) } });
  });
});
