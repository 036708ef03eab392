import { describe, expect, it } from 'vitest';
import { demurrageClock } from './clock.js';
import { addDays, daysBetween, deskToday, naiveDay, naiveDaysBetween } from '../../../shared/naive-days.js';

describe('naive calendar days', () => {
  it('read the date part of a naive timestamp as given, and refuse what is not a date', () => {
    expect(naiveDay('2026-11-20T08:00:00')).toBe('2026-11-20');
    expect(naiveDay('2026-11-20 23:59')).toBe('2026-11-20');
    expect(naiveDay('2026-11-20')).toBe('2026-11-20');
    expect(naiveDay('2026-02-29')).toBeNull();
    expect(naiveDay('2028-02-29')).toBe('2028-02-29');
    expect(naiveDay('2026-13-01')).toBeNull();
    expect(naiveDay('20.11.2026')).toBeNull();
    expect(naiveDay(null)).toBeNull();
  });

  it('add days across a month end, a year end and leap days', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-04-29', 2)).toBe('2026-05-01');
    expect(addDays('2026-12-30', 5)).toBe('2027-01-04');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('count days between dates, later positive', () => {
    expect(daysBetween('2026-02-25', '2026-03-02')).toBe(5);
    expect(daysBetween('2028-02-25', '2028-03-02')).toBe(6);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
    expect(naiveDaysBetween('2026-11-20T23:00:00', '2026-11-21T01:00:00')).toBe(1);
    expect(naiveDaysBetween(null, '2026-11-21')).toBeNull();
  });

  it('take today from the desk clock', () => {
    expect(deskToday(new Date(2028, 1, 29, 12, 0))).toBe('2028-02-29');
  });
});

describe('the demurrage clock', () => {
  it('counts the arrival day as the first free day, across a month end', () => {
    // 5 free days from an arrival on 28 January: 28, 29, 30, 31 January and 1 February.
    expect(demurrageClock('2026-01-28T06:30:00', 5, '2026-01-30')).toEqual({ lastFreeDay: '2026-02-01', daysLeft: 2 });
    expect(demurrageClock('2026-01-28T06:30:00', 5, '2026-02-01')).toEqual({ lastFreeDay: '2026-02-01', daysLeft: 0 });
    expect(demurrageClock('2026-01-28T06:30:00', 5, '2026-02-04')).toEqual({ lastFreeDay: '2026-02-01', daysLeft: -3 });
  });

  it('counts a leap day in a leap year and not in others', () => {
    expect(demurrageClock('2028-02-26', 4, '2028-02-27')).toEqual({ lastFreeDay: '2028-02-29', daysLeft: 2 });
    expect(demurrageClock('2027-02-26', 4, '2027-02-27')).toEqual({ lastFreeDay: '2027-03-01', daysLeft: 2 });
    expect(demurrageClock('2028-02-20', 14, '2028-03-01')).toEqual({ lastFreeDay: '2028-03-04', daysLeft: 3 });
  });

  it('is null without free days or without an arrival, never a guess', () => {
    expect(demurrageClock('2026-11-20', null, '2026-11-22')).toBeNull();
    expect(demurrageClock(null, 5, '2026-11-22')).toBeNull();
    expect(demurrageClock('no date', 5, '2026-11-22')).toBeNull();
  });

  it('with no free days, charges run from the arrival day', () => {
    expect(demurrageClock('2026-03-01', 0, '2026-03-01')).toEqual({ lastFreeDay: '2026-02-28', daysLeft: -1 });
  });
});
