import { describe, expect, it } from 'vitest';
import { civilToDay, dayToCivil } from '../../../shared/naive-days.js';
import { formatDay, formatMonth, formatNaiveMinutes, naiveDayNumber, naiveMinutes, utcDayNumber } from './calendar.js';

describe('calendar on naive timestamps', () => {
  it('reads a naive timestamp as a plain calendar value', () => {
    expect(naiveMinutes('1970-01-02T01:30:00')).toBe(1440 + 90);
    expect(naiveMinutes('2026-12-04 14:00')).toBe(civilToDay(2026, 12, 4) * 1440 + 14 * 60);
    // A date alone is the middle of its day.
    expect(naiveMinutes('2026-12-04')).toBe(civilToDay(2026, 12, 4) * 1440 + 12 * 60);
    expect(naiveMinutes('2026-12-04T24:00:00')).toBeNull();
    expect(naiveMinutes('04.12.2026')).toBeNull();
    expect(naiveMinutes(null)).toBeNull();
  });

  it('knows the leap day of 2028 and refuses the one 2027 does not have', () => {
    expect(naiveDayNumber('2028-02-29T10:00:00')).toBe(naiveDayNumber('2028-02-28')! + 1);
    expect(naiveDayNumber('2028-03-01')! - naiveDayNumber('2028-02-28')!).toBe(2);
    expect(naiveDayNumber('2027-02-29')).toBeNull();
    expect(formatDay(naiveDayNumber('2028-02-28')! + 1)).toBe('2028-02-29');
    expect(formatMonth(naiveDayNumber('2028-02-29')!)).toBe('2028-02');
  });

  it('crosses month and year ends', () => {
    expect(naiveDayNumber('2027-01-01')! - naiveDayNumber('2026-12-31')!).toBe(1);
    expect(formatDay(naiveDayNumber('2026-04-30')! + 1)).toBe('2026-05-01');
    for (let day = civilToDay(1999, 1, 1); day < civilToDay(2031, 1, 1); day += 17) {
      const { year, month, day: d } = dayToCivil(day);
      expect(civilToDay(year, month, d)).toBe(day);
    }
  });

  it('writes minutes back as a naive timestamp', () => {
    expect(formatNaiveMinutes(naiveMinutes('2028-02-29T23:59:00')! + 1)).toBe('2028-03-01T00:00:00');
    expect(formatNaiveMinutes(naiveMinutes('2026-12-31T22:00:00')! + 3 * 60 + 0.4)).toBe('2027-01-01T01:00:00');
  });

  it('reads seen times as UTC days', () => {
    expect(utcDayNumber('2026-12-04T23:30:00.000Z')).toBe(civilToDay(2026, 12, 4));
    expect(utcDayNumber('2026-12-05T01:30:00+02:00')).toBe(civilToDay(2026, 12, 4));
    expect(utcDayNumber('2026-12-04T23:30:00')).toBe(civilToDay(2026, 12, 4));
    expect(utcDayNumber('yesterday')).toBeNull();
  });
});
