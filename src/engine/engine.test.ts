/**
 * The engine in process (the entry's own logic is covered through the harness and the shell):
 * what a window hears before and after it listens, and the folder lock.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Events } from '../shared/contract/index.js';
import type { EngineStartOptions, FromEngine } from '../shared/engine-wire.js';
import { Engine, type EngineHost } from './engine.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import', 'bl-booking-carriers.csv');

let dir: string;
let engine: Engine | null = null;
const host: EngineHost = { request: async () => null, reopened: () => undefined, demoReady: () => undefined, log: () => undefined };
const start = (options: Partial<EngineStartOptions> = {}) =>
  Engine.start({ dataDir: dir, apiBase: null, version: 't', shell: 'electron', demo: false, canSwitchSampleData: true, secrets: 'host', background: false, ...options }, host);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-engine-'));
});
afterEach(async () => {
  await engine?.stop();
  engine = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('the engine', () => {
  it('holds what happened before the window listened (a file opened at start) and gives it on subscribe, in order', async () => {
    engine = await start();
    const heard: FromEngine[] = [];
    const window = engine.connect({ send: (m) => heard.push(m) }, 'window');
    expect(await engine.command({ kind: 'openSpreadsheet', path: FIXTURE })).toMatchObject({ ok: true });
    expect(await engine.command({ kind: 'show', request: { view: 'import' } })).toMatchObject({ ok: true });
    expect(heard).toEqual([]);
    window.receive({ t: 'subscribe' });
    const events = heard.filter((m) => m.t === 'event');
    expect(events.map((m) => m.t === 'event' && m.event)).toEqual(['import.fileOpened', 'window.show']);
    expect(events.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('answers calls with their id, drops the answer of a cancelled one, and refuses what is not a call', async () => {
    engine = await start();
    const heard: FromEngine[] = [];
    const window = engine.connect({ send: (m) => heard.push(m) }, 'window');
    window.receive({ t: 'call', id: 1, method: 'settings.appInfo' });
    window.receive({ t: 'call', id: 2, method: 'sync.statusBar' });
    window.receive({ t: 'cancel', id: 2 });
    window.receive({ t: 'call', id: 'x', method: 'settings.appInfo' });
    window.receive('settings.appInfo');
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([{ t: 'result', id: 1, seq: 1, result: { ok: true, value: expect.objectContaining({ shell: 'electron', dataDir: dir }) } }]);
  });

  it('does not run a search the window replaced before it started; the newest is answered', async () => {
    engine = await start();
    const heard: FromEngine[] = [];
    const window = engine.connect({ send: (m) => heard.push(m) }, 'window');
    // The engine's own first reads (the table's first block, the facets) are done before the window types.
    await new Promise((r) => setTimeout(r, 20));
    const ran: string[] = [];
    const call = engine.call.bind(engine);
    engine.call = (method, input) => {
      ran.push(`${method} ${(input as { search?: string } | undefined)?.search}`);
      return call(method, input);
    };
    // Keystroke by keystroke: each new query cancels the older one, as the window's table does.
    for (const [id, search] of ['m', 'ms', 'msk'].entries()) {
      if (id > 0) window.receive({ t: 'cancel', id });
      window.receive({ t: 'call', id: id + 1, method: 'shipments.list', input: { search, offset: 0, limit: 200 } });
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toEqual(['shipments.list msk']);
    expect(heard).toEqual([{ t: 'result', id: 3, seq: 1, result: { ok: true, value: { total: 0, offset: 0, rows: [] } } }]);
  });

  it('checks what it sends the window against the contract, unless the host says not to (the packaged app)', async () => {
    const nowhere = { view: 'nowhere' } as unknown as Events['window.show'];
    engine = await start();
    const refused = await engine.command({ kind: 'show', request: nowhere });
    expect(refused).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(!refused.ok && refused.error.message).toMatch(/event window\.show does not match the contract: at view, /);
    await engine.stop();
    engine = await start({ checkAnswers: false });
    expect(await engine.command({ kind: 'show', request: nowhere })).toMatchObject({ ok: true });
  });

  it('is one per data folder: refused in words while another live process holds it, taken over from a dead one', async () => {
    // Another process (this one's parent, alive) holds the folder.
    writeFileSync(join(dir, 'engine.lock'), String(process.ppid));
    await expect(start()).rejects.toThrow(new RegExp(`Another Quayside \\(process ${process.ppid}\\) is already working on .*; close it first`));
    // A lock left by a process that is gone is taken over, and released when the engine stops.
    writeFileSync(join(dir, 'engine.lock'), '999999');
    engine = await start();
    expect(readFileSync(join(dir, 'engine.lock'), 'utf8')).toBe(String(process.pid));
    await engine.stop();
    engine = null;
    expect(existsSync(join(dir, 'engine.lock'))).toBe(false);
  });
});
