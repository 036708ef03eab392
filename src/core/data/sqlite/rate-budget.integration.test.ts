import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/store-fixtures.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../platform/scheduler/budget-policy.js';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { FakeService } from '../../../../test/support/fake-service.js';
import type { RateBudget, Reservation } from '../../platform/scheduler/rate-budget.js';
import { createScheduler } from '../../platform/scheduler/scheduler.js';
import { runMigrations } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { registerSearchFunctions } from './search-functions.js';
import { openData, type Data } from '../data.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

/** At scale 1 a 60 s window is enforced as 60.6 s. */
const MINUTE_SPAN = 60_600;

let dir: string;
let cleanup: () => void;
let file: string;
let clock: FakeClock;
const opened: Data[] = [];
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  file = path.join(dir, 'quayside.db');
  clock = new FakeClock();
});
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  cleanup();
});

/** One process on the cache: its own connection, its own budget. */
function processOnCache(owner: string): { store: Data; budget: RateBudget } {
  const store = openData(file);
  opened.push(store);
  return { store, budget: store.rateBudget({ timeScale: 1, clock, owner }) };
}

/** The SQLite budget answers synchronously. */
function reserve(budget: RateBudget, ...args: Parameters<RateBudget['reserve']>): Reservation {
  const r = budget.reserve(...args);
  if (r instanceof Promise) throw new Error('the SQLite budget answers at once');
  return r;
}

function granted(r: Reservation): string {
  if (!r.granted) throw new Error(`refused for ${r.retryInMs} ms`);
  return r.sendId;
}

describe('the rate budget on the cache (two processes, two connections)', () => {
  it('counts the other process sends in flight in every window, then from their answers', async () => {
    const a = processOnCache('a');
    const b = processOnCache('b');
    const ids = Array.from({ length: 8 }, () => granted(reserve(a.budget, 'tracking', 'import')));
    // In flight, with no round trip measured yet: the estimate is a whole window from now.
    expect(reserve(b.budget, 'tracking', 'import')).toEqual({ granted: false, retryInMs: MINUTE_SPAN });
    await clock.advance(50);
    for (const id of ids) a.budget.recordAnswer(id);
    await clock.advance(1_000);
    expect(reserve(b.budget, 'tracking', 'import')).toEqual({ granted: false, retryInMs: 50 + MINUTE_SPAN - 1_050 });
    // Batch polling is a bucket of its own.
    granted(reserve(b.budget, 'batch-poll', 'background'));
    await clock.advance(50 + MINUTE_SPAN - 1_050);
    granted(reserve(b.budget, 'tracking', 'import'));
  });

  it('estimates a send still in flight from the round trips measured so far', async () => {
    const a = processOnCache('a');
    const b = processOnCache('b');
    const first = granted(reserve(a.budget, 'batch-poll', 'background'));
    await clock.advance(200);
    a.budget.recordAnswer(first);
    for (let i = 0; i < 2; i++) granted(reserve(a.budget, 'batch-poll', 'background'));
    // Three in the 1 s window: the first answered at 200, the two others expected back 200 ms after they left.
    expect(reserve(b.budget, 'batch-poll', 'background')).toEqual({ granted: false, retryInMs: 1_150 });
  });

  it('gives a slot back when the request never reached the service', () => {
    const a = processOnCache('a');
    const b = processOnCache('b');
    const ids = Array.from({ length: 8 }, () => granted(reserve(a.budget, 'batch-create', 'import')));
    a.budget.release(ids[3]!);
    granted(reserve(b.budget, 'batch-create', 'import'));
    expect(reserve(b.budget, 'batch-create', 'import')).toMatchObject({ granted: false });
  });

  it('a Retry-After one process saw blocks the bucket for the other', async () => {
    const a = processOnCache('a');
    const b = processOnCache('b');
    a.budget.recordAnswer(granted(reserve(a.budget, 'tracking', 'interactive')));
    a.budget.block('tracking', clock.wallNow() + 20_000);
    await clock.advance(5_000);
    expect(reserve(b.budget, 'tracking', 'interactive')).toEqual({ granted: false, retryInMs: 15_000 });
    granted(reserve(b.budget, 'batch-create', 'interactive'));
    await clock.advance(15_000);
    granted(reserve(b.budget, 'tracking', 'interactive'));
  });

  it('does not let the sends of a process that died in flight block for longer than the request timeout', async () => {
    const a = processOnCache('a');
    for (let i = 0; i < 8; i++) granted(reserve(a.budget, 'tracking', 'import'));
    a.store.close();
    await clock.advance(1_000);
    const b = processOnCache('b');
    expect(reserve(b.budget, 'tracking', 'import')).toEqual({ granted: false, retryInMs: MINUTE_SPAN });
    await clock.advance(DEFAULT_REQUEST_TIMEOUT_MS);
    // Past the timeout each counts as answered at sentAt + timeout.
    expect(reserve(b.budget, 'tracking', 'import')).toEqual({ granted: false, retryInMs: MINUTE_SPAN - 1_000 });
    await clock.advance(MINUTE_SPAN - 1_000);
    granted(reserve(b.budget, 'tracking', 'import'));
  });

  it('anchors the sends a process of this desk left in flight when it died at the moment another notices', async () => {
    const child = spawnSync(process.execPath, ['-e', '']);
    expect(child.pid).toBeGreaterThan(0);
    const dead = `${hostname()}#${child.pid}#gone`;
    const { store, budget } = processOnCache('b');
    const insert = cacheDb(store).prepare("INSERT INTO request_log (bucket, sent_at, owner) VALUES ('tracking', ?, ?)");
    for (let i = 0; i < 8; i++) insert.run(clock.wallNow(), dead);
    cacheDb(store).prepare("INSERT INTO rate_waiters (bucket, owner, priority, expires_at) VALUES ('tracking', ?, 0, ?)").run(dead, clock.wallNow() + 120_000);
    await clock.advance(1_000);
    // Not a request timeout and a window: a window from now.
    expect(reserve(budget, 'tracking', 'background')).toEqual({ granted: false, retryInMs: MINUTE_SPAN });
    expect(cacheDb(store).prepare('SELECT DISTINCT answered_at FROM request_log').pluck().all()).toEqual([clock.wallNow()]);
    await clock.advance(MINUTE_SPAN);
    // Its registration as a waiter went with it.
    granted(reserve(budget, 'tracking', 'background'));
  });

  it('yields the next slot to a more urgent waiter of another process, unless aged or withdrawn', async () => {
    const a = processOnCache('a');
    const b = processOnCache('b');
    for (let i = 0; i < 8; i++) a.budget.recordAnswer(granted(reserve(a.budget, 'tracking', 'import')));
    expect(reserve(a.budget, 'tracking', 'interactive')).toMatchObject({ granted: false });
    await clock.advance(MINUTE_SPAN);
    const yielded = reserve(b.budget, 'tracking', 'background');
    expect(yielded).toMatchObject({ granted: false });
    expect((yielded as { retryInMs: number }).retryInMs).toBeLessThanOrEqual(1_000);
    // A process's own registration never holds it back, and a grant ends it.
    a.budget.recordAnswer(granted(reserve(a.budget, 'tracking', 'interactive')));
    b.budget.recordAnswer(granted(reserve(b.budget, 'tracking', 'background')));

    for (let i = 0; i < 6; i++) a.budget.recordAnswer(granted(reserve(a.budget, 'tracking', 'import')));
    expect(reserve(a.budget, 'tracking', 'interactive')).toMatchObject({ granted: false });
    await clock.advance(MINUTE_SPAN);
    expect(reserve(b.budget, 'tracking', 'background')).toMatchObject({ granted: false });
    granted(reserve(b.budget, 'tracking', 'import', { aged: true }));
    a.budget.withdraw('tracking');
    granted(reserve(b.budget, 'tracking', 'background'));
  });

  it('keeps the budget across a restart and prunes what no window needs any more', async () => {
    const a = processOnCache('a');
    a.budget.recordAnswer(granted(reserve(a.budget, 'tracking', 'interactive')));
    a.budget.block('batch-poll', clock.wallNow() + 1_000);
    a.store.close();
    const b = processOnCache('b');
    const rows = () => cacheDb(b.store).prepare('SELECT count(*) FROM request_log').pluck().get();
    expect(rows()).toBe(1);
    expect(reserve(b.budget, 'batch-poll', 'interactive')).toEqual({ granted: false, retryInMs: 1_000 });
    await clock.advance(MINUTE_SPAN + DEFAULT_REQUEST_TIMEOUT_MS + 1);
    // A new process prunes at its first reservation.
    const c = processOnCache('c');
    granted(reserve(c.budget, 'batch-poll', 'interactive'));
    expect(rows()).toBe(1);
    expect(cacheDb(b.store).prepare('SELECT count(*) FROM rate_blocks').pluck().get()).toBe(0);
    expect(cacheDb(b.store).prepare('SELECT count(*) FROM rate_waiters').pluck().get()).toBe(0);
  });

  it('drives two schedulers on one cache so that together they stay within the window', async () => {
    const service = new FakeService(clock);
    const schedulers = ['a', 'b'].map((owner) => createScheduler({ clock, timeScale: 1, budget: processOnCache(owner).budget }));
    const results = Array.from({ length: 12 }, (_, i) => schedulers[i % 2]!.run({ bucket: 'tracking', priority: 'import', idempotent: false }, service.sender(`r${i}`, 'tracking')));
    await clock.runAll();
    await Promise.all(results);
    const times = service.timesSeenByServer('tracking');
    expect(times.slice(0, 8)).toEqual(Array(8).fill(0));
    // The other process learns of the answers only by asking again; never earlier than the window allows.
    for (const t of times.slice(8)) expect(t).toBeGreaterThanOrEqual(50 + MINUTE_SPAN);
  });
});

describe('migration 5', () => {
  it('anchors the sends logged by earlier versions on their send', () => {
    const db = new BetterSqlite3(file);
    registerSearchFunctions(db);
    runMigrations(db, MIGRATIONS, 4);
    db.prepare("INSERT INTO request_log (bucket, sent_at) VALUES ('tracking', ?)").run(clock.wallNow() - 1_000);
    db.close();
    const { store, budget } = processOnCache('a');
    expect(cacheDb(store).prepare('SELECT sent_at, answered_at FROM request_log').get()).toEqual({ sent_at: clock.wallNow() - 1_000, answered_at: clock.wallNow() - 1_000 });
    for (let i = 0; i < 7; i++) granted(reserve(budget, 'tracking', 'interactive'));
    expect(reserve(budget, 'tracking', 'interactive')).toMatchObject({ granted: false });
  });
});
