import { describe, expect, it } from 'vitest';
import { effectiveWindowMs } from '../../../platform/scheduler/limits.js';
import { CreationPace } from './creation-pace.js';

// Time scale 10: a window of batch creations lasts 6 s (plus the scheduler's margin).
const WINDOW = effectiveWindowMs(60_000, 10);

function paced() {
  let now = 0;
  const pace = new CreationPace(10, () => now);
  return { pace, at: (ms: number) => (now = ms) };
}

describe('CreationPace: polls keep out of the way of batch creations', () => {
  it('holds polls until the first window’s creations are answered, then lets them go until the next window is near', () => {
    const { pace, at } = paced();
    const over = Array.from({ length: 8 }, () => pace.asking());
    expect(pace.holdMs()).toBe(Infinity);
    at(50);
    for (const done of over) done(true);
    // The ninth creation waits in the scheduler for the first one's window to pass.
    const ninth = pace.asking();
    expect(pace.holdMs()).toBe(0);
    pace.polled(400);
    pace.polled(400);
    // Due at 50 + WINDOW: a poll costing ~400 ms started 500 ms before would send it late.
    at(50 + WINDOW - 500);
    expect(pace.holdMs()).toBeGreaterThan(500);
    at(50 + WINDOW + 10);
    expect(pace.holdMs()).toBeGreaterThan(0);
    ninth(true);
    expect(pace.holdMs()).toBe(0);
  });

  it('gives up holding when the creation is long overdue (another process took the slot)', () => {
    const { pace, at } = paced();
    for (let i = 0; i < 8; i++) pace.asking()(true);
    pace.asking();
    at(WINDOW + 5_000);
    expect(pace.holdMs()).toBe(0);
  });

  it('holds nothing where a poll costs more than an eighth of a window (a starved CPU)', () => {
    const { pace, at } = paced();
    for (let i = 0; i < 8; i++) pace.asking()(true);
    pace.asking();
    for (let i = 0; i < 10; i++) pace.polled(WINDOW / 4);
    at(WINDOW - 100);
    expect(pace.holdMs()).toBe(0);
  });

  it('holds nothing once no creation is pending, and a creation that never reached the service is not an answer', () => {
    const { pace } = paced();
    const refused = pace.asking();
    refused(false);
    refused(true);
    expect(pace.holdMs()).toBe(0);
    pace.asking();
    expect(pace.holdMs()).toBe(Infinity);
  });
});
