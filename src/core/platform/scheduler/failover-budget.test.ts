import { describe, expect, it } from 'vitest';
import { failoverRateBudget } from './failover-budget.js';
import { MemoryRateLedger } from './memory-budget.js';
import type { RateBudget } from './rate-budget.js';

class Outage extends Error {}

/** A team budget that can be cut off: a real memory ledger behind a switch. */
function switchable(inner: RateBudget) {
  let down = false;
  const guard = <T>(call: () => T): Promise<T> => (down ? Promise.reject(new Outage('the team database cannot be reached')) : Promise.resolve(call()));
  const budget: RateBudget = {
    reserve: (b, p, o) => guard(() => inner.reserve(b, p, o)).then((r) => r),
    release: (id) => guard(() => inner.release(id)).then(() => undefined),
    recordAnswer: (id) => guard(() => inner.recordAnswer(id)).then(() => undefined),
    block: (b, u) => guard(() => inner.block(b, u)).then(() => undefined),
    withdraw: (b) => guard(() => inner.withdraw(b)).then(() => undefined),
  };
  return { budget, setDown: (value: boolean) => (down = value) };
}

describe('a budget with a stand-in', () => {
  it("uses the team's while it answers, the desk's own while it is out, and goes back after the wait", async () => {
    let now = 1_000_000;
    const clock = { wallNow: () => now };
    const team = new MemoryRateLedger();
    const desk = new MemoryRateLedger();
    const primary = switchable(team.open({ clock, timeScale: 1 }));
    const switches: boolean[] = [];
    const budget = failoverRateBudget(primary.budget, desk.open({ clock, timeScale: 1 }), {
      isOutage: (e) => e instanceof Outage,
      retryPrimaryAfterMs: 10_000,
      switched: (toFallback) => switches.push(toFallback),
      now: () => now,
    });

    const first = await budget.reserve('tracking', 'interactive');
    expect(first).toMatchObject({ granted: true });
    await budget.recordAnswer(first.granted ? first.sendId : '');
    expect(team.sends()).toHaveLength(1);
    expect(team.sends()[0]!.answeredAt).toBe(now);

    primary.setDown(true);
    now += 1_000;
    const second = await budget.reserve('tracking', 'interactive');
    expect(second).toMatchObject({ granted: true });
    expect(switches).toEqual([true]);
    // Anchored where it was reserved: in the desk's own ledger.
    await budget.recordAnswer(second.granted ? second.sendId : '');
    expect(desk.sends()).toHaveLength(1);
    expect(desk.sends()[0]!.answeredAt).toBe(now);
    // A Retry-After reaches the desk's budget even while the team's is out.
    await budget.block('tracking', now + 5_000);
    expect(await budget.reserve('tracking', 'interactive')).toMatchObject({ granted: false });

    primary.setDown(false);
    now += 5_000;
    // Not asked again before the wait is over.
    const third = await budget.reserve('tracking', 'interactive');
    expect(team.sends()).toHaveLength(1);
    await budget.release(third.granted ? third.sendId : '');
    expect(desk.sends()).toHaveLength(1);
    now += 10_000;
    const fourth = await budget.reserve('tracking', 'interactive');
    expect(fourth).toMatchObject({ granted: true });
    expect(team.sends()).toHaveLength(2);
    expect(switches).toEqual([true, false]);
  });

  it('throws what is not an outage (a bug is not hidden behind the stand-in)', async () => {
    const clock = { wallNow: () => 0 };
    const broken: RateBudget = { ...new MemoryRateLedger().open({ clock, timeScale: 1 }), reserve: () => Promise.reject(new TypeError('bug')) };
    const budget = failoverRateBudget(broken, new MemoryRateLedger().open({ clock, timeScale: 1 }), { isOutage: (e) => e instanceof Outage, retryPrimaryAfterMs: 1 });
    await expect(budget.reserve('tracking', 'interactive')).rejects.toThrow('bug');
  });
});
