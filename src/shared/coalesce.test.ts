import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.js';
import { Disposables } from './disposables.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('coalesced work', () => {
  it('runs once for a burst of asks, after the wait from the first, and again for a later burst', () => {
    let runs = 0;
    const reload = coalesce(() => runs++, 300);
    for (let i = 0; i < 50; i++) reload();
    vi.advanceTimersByTime(299);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    reload();
    vi.advanceTimersByTime(300);
    expect(runs).toBe(2);
  });

  it('works the wait out at each first ask, and does nothing once cancelled', () => {
    let runs = 0;
    let wait = 100;
    const reload = coalesce(() => runs++, () => wait);
    reload();
    vi.advanceTimersByTime(100);
    wait = 500;
    reload();
    vi.advanceTimersByTime(499);
    expect(runs).toBe(1);
    reload.cancel();
    vi.advanceTimersByTime(10);
    reload();
    vi.advanceTimersByTime(1000);
    expect(runs).toBe(1);
  });
});

describe('disposables', () => {
  it('stops everything once, newest first, even when one stop throws; a late one stops at once', () => {
    const stopped: string[] = [];
    const parts = new Disposables();
    parts.add(() => stopped.push('a'), () => {
      throw new Error('broken');
    });
    parts.add(() => stopped.push('c'));
    parts.dispose();
    parts.dispose();
    expect(stopped).toEqual(['c', 'a']);
    parts.add(() => stopped.push('late'));
    expect(stopped).toEqual(['c', 'a', 'late']);
  });
});
