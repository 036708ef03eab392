import { describe, expect, it } from 'vitest';
import { isUpdateDue, nextUpdateDue } from './cadence.js';
import { instantOf, wallTime } from './desk-time.js';
import { isoWeek, mailDate } from './mail-dates.js';

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const due = (...args: Parameters<typeof nextUpdateDue>) => nextUpdateDue(...args)?.toISOString() ?? null;

describe('when the next update is due, on the desk\'s clock', () => {
  it('as it happens: a few minutes after the first news not yet told, so one sync\'s changes go in one mail', () => {
    const input = { handledAt: at('2026-11-24T07:00:00Z'), firstNewsAt: at('2026-11-24T09:12:30Z'), zone: BERLIN };
    expect(due({ kind: 'now' }, input)).toBe('2026-11-24T09:17:30.000Z');
    // The pause is the rule's (0: at once), and the time scale shortens it like every other wait.
    expect(due({ kind: 'now', pauseMinutes: 0 }, input)).toBe('2026-11-24T09:12:30.000Z');
    expect(due({ kind: 'now', pauseMinutes: 10 }, { ...input, timeScale: 60 })).toBe('2026-11-24T09:12:40.000Z');
    expect(due({ kind: 'now' }, { ...input, firstNewsAt: null })).toBeNull();
    expect(isUpdateDue({ kind: 'now' }, input, at('2026-11-24T09:17:29Z'))).toBe(false);
    expect(isUpdateDue({ kind: 'now' }, input, at('2026-11-24T09:17:30Z'))).toBe(true);
  });

  it('daily: the first 08:00 of the desk after the last update was handled', () => {
    const daily = { kind: 'daily', time: '08:00' } as const;
    // 07:59 in Berlin (CET, UTC+1) → today 08:00; 08:00 handled → tomorrow.
    expect(due(daily, { handledAt: at('2026-11-24T06:59:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-11-24T07:00:00.000Z');
    expect(due(daily, { handledAt: at('2026-11-24T07:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-11-25T07:00:00.000Z');
    // The same rule on a desk in New York means New York's 08:00.
    expect(due(daily, { handledAt: at('2026-11-24T12:00:00Z'), firstNewsAt: null, zone: 'America/New_York' })).toBe('2026-11-24T13:00:00.000Z');
  });

  it('a desk closed over the slot sends once when it opens, not once per missed day', () => {
    const daily = { kind: 'daily', time: '08:00' } as const;
    const input = { handledAt: at('2026-11-20T07:00:00Z'), firstNewsAt: null, zone: BERLIN };
    expect(isUpdateDue(daily, input, at('2026-11-24T10:00:00Z'))).toBe(true);
    // Handled at 10:00 on the 24th: the next slot is the 25th, not the 22nd, 23rd…
    expect(due(daily, { ...input, handledAt: at('2026-11-24T10:00:00Z') })).toBe('2026-11-25T07:00:00.000Z');
  });

  it('weekly: the day and time of the desk, across a month end', () => {
    const weekly = { kind: 'weekly', day: 'mon', time: '07:30' } as const;
    // Tuesday 24 Nov 2026 → Monday 30 Nov 07:30 CET.
    expect(due(weekly, { handledAt: at('2026-11-24T10:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-11-30T06:30:00.000Z');
    // Monday 30 Nov at 06:30Z handled exactly → the next Monday.
    expect(due(weekly, { handledAt: at('2026-11-30T06:30:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-12-07T06:30:00.000Z');
    expect(due({ kind: 'weekly', day: 'sun', time: '23:59' }, { handledAt: at('2026-12-27T23:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2027-01-03T22:59:00.000Z');
  });

  it('summer time neither skips nor doubles an update', () => {
    // Berlin springs forward on 29 Mar 2026 at 02:00 → 03:00: a 02:30 slot that day is 03:30 CEST.
    const early = { kind: 'daily', time: '02:30' } as const;
    expect(due(early, { handledAt: at('2026-03-28T12:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-03-29T01:30:00.000Z');
    expect(due(early, { handledAt: at('2026-03-29T01:30:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-03-30T00:30:00.000Z');
    // It falls back on 25 Oct 2026 at 03:00 → 02:00: 02:30 happens twice, the update goes at the first.
    expect(due(early, { handledAt: at('2026-10-24T12:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-10-25T00:30:00.000Z');
    expect(due(early, { handledAt: at('2026-10-25T00:30:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-10-26T01:30:00.000Z');
    // 08:00 keeps being 08:00 on the desk across the change.
    expect(due({ kind: 'daily', time: '08:00' }, { handledAt: at('2026-10-24T06:00:00Z'), firstNewsAt: null, zone: BERLIN })).toBe('2026-10-25T07:00:00.000Z');
  });

  it('reads the wall clock of a zone and back', () => {
    expect(wallTime(Date.parse('2026-11-24T23:30:00Z'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 11, day: 25, hour: 7, minute: 30 });
    expect(new Date(instantOf({ year: 2026, month: 11, day: 25, hour: 7, minute: 30 }, 'Asia/Shanghai')).toISOString()).toBe('2026-11-24T23:30:00.000Z');
    expect(new Date(instantOf({ year: 2026, month: 12, day: 32, hour: 0, minute: 0 }, 'UTC')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('the carrier\'s dates in a customer\'s mail', () => {
  it('are the given wall-clock figures in the customer\'s style, never converted', () => {
    expect(mailDate('2026-11-24T23:30:00', 'en')).toBe('24 Nov 2026 23:30');
    expect(mailDate('2026-11-24T23:30:00', 'de')).toBe('24.11.2026 23:30');
    expect(mailDate('2026-11-24 23:30', 'fr')).toBe('24/11/2026 23:30');
    expect(mailDate('2026-11-24', 'es')).toBe('24/11/2026');
    expect(mailDate('2026-11-24T23:30:15', 'en')).toBe('24 Nov 2026 23:30:15');
    expect(mailDate('next Tuesday', 'en')).toBe('next Tuesday');
  });

  it('count ISO weeks across year ends', () => {
    expect(isoWeek('2026-11-24')).toBe(48);
    expect(isoWeek('2026-12-31')).toBe(53);
    expect(isoWeek('2027-01-03')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1);
    expect(isoWeek('nonsense')).toBeNull();
  });
});
