/** The preload's bridge over an EventEmitter stand-in for Electron's ipcRenderer. */
import { EventEmitter } from 'node:events';
import type { IpcRendererEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { API_METHODS, EVENT_CHANNEL, ipcChannel, type ApiMethod, type QuaysideBridge } from '../shared/contract.js';
import { createBridge } from './bridge.js';

class IpcRendererStandIn extends EventEmitter {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  answer: (channel: string, args: unknown[]) => unknown = () => ({ ok: true, value: null });

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return this.answer(channel, args);
  }

  push(message: unknown): void {
    this.emit(EVENT_CHANNEL, {} as IpcRendererEvent, message);
  }
}

function setup() {
  const ipc = new IpcRendererStandIn();
  // The stand-in has the three members the bridge uses; Electron's type has many more.
  const bridge = createBridge(ipc as unknown as Parameters<typeof createBridge>[0]);
  return { ipc, bridge };
}

describe('preload bridge', () => {
  it('invokes the channel of each contract method with exactly one argument', async () => {
    const { ipc, bridge } = setup();
    await bridge.call('shipments.list', { offset: 0, limit: 5 });
    await bridge.call('app.info');
    expect(ipc.invoked).toEqual([
      { channel: ipcChannel('shipments.list'), args: [{ offset: 0, limit: 5 }] },
      { channel: ipcChannel('app.info'), args: [undefined] },
    ]);
    for (const method of API_METHODS) {
      await (bridge.call as (m: ApiMethod, i?: unknown) => Promise<unknown>)(method, undefined);
    }
    expect(ipc.invoked.slice(2).map((i) => i.channel)).toEqual(API_METHODS.map(ipcChannel));
  });

  it('refuses methods outside the contract without sending anything', async () => {
    const { ipc, bridge } = setup();
    const call = bridge.call as (m: string, i?: unknown) => ReturnType<QuaysideBridge['call']>;
    for (const name of ['shell.openExternal', '__proto__', 'constructor', '']) {
      expect(await call(name, 'x')).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(ipc.invoked).toHaveLength(0);
  });

  it('turns a failed invoke into a readable Result', async () => {
    const { ipc, bridge } = setup();
    ipc.answer = () => {
      throw new Error("Error invoking remote method 'quayside:app.info': No handler registered");
    };
    const result = await bridge.call('app.info');
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (!result.ok) expect(result.error.message).toMatch(/restart Quayside/);
  });

  it('delivers events by name, to each subscription, until unsubscribed', () => {
    const { ipc, bridge } = setup();
    const seen: unknown[] = [];
    const listener = (p: unknown) => seen.push(p);
    const stopA = bridge.on('credits', listener);
    const stopB = bridge.on('credits', listener);
    const other: unknown[] = [];
    bridge.on('status', (p) => other.push(p));
    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(1);
    ipc.push({ event: 'credits', payload: { remaining: 5 } });
    ipc.push({ event: 'shipments.changed', payload: { ids: null, reason: 'sync' } });
    ipc.push('garbage');
    ipc.push({ payload: 1 });
    expect(seen).toEqual([{ remaining: 5 }, { remaining: 5 }]);
    expect(other).toEqual([]);
    stopA();
    ipc.push({ event: 'credits', payload: { remaining: 4 } });
    expect(seen).toHaveLength(3);
    stopB();
    ipc.push({ event: 'credits', payload: { remaining: 3 } });
    expect(seen).toHaveLength(3);
  });

  it('refuses unknown events, and a throwing listener does not stop the others', () => {
    const { ipc, bridge } = setup();
    expect(() => (bridge.on as (e: string, l: () => void) => void)('nope', () => undefined)).toThrow(/not an event/);
    const seen: unknown[] = [];
    const quiet = console.error;
    console.error = () => undefined;
    try {
      bridge.on('status', () => {
        throw new Error('boom');
      });
      bridge.on('status', (p) => seen.push(p));
      ipc.push({ event: 'status', payload: { online: true } });
    } finally {
      console.error = quiet;
    }
    expect(seen).toEqual([{ online: true }]);
  });

  it('exposes only call and on', () => {
    const { bridge } = setup();
    expect(Object.keys(bridge).sort()).toEqual(['call', 'on']);
  });
});
