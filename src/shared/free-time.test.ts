import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText, deskDay } from './free-time.js';

describe('the free time as the table, the detail and exports show it', () => {
  it('counts whole calendar days to the last free day, across a month end, a leap day and a year end', () => {
    expect(daysLeft('2026-12-01', '2026-11-28')).toBe(3);
    expect(daysLeft('2028-03-01', '2028-02-28')).toBe(2); // 2028 has a 29 February
    expect(daysLeft('2027-03-01', '2027-02-28')).toBe(1);
    expect(daysLeft('2026-12-30', '2027-01-02')).toBe(-3);
    expect(daysLeft('2026-11-24', '2026-11-24')).toBe(0);
  });

  it('has no clock without a last free day, or with one it cannot read: never a guess', () => {
    expect(daysLeft(null, '2026-11-24')).toBeNull();
    expect(daysLeft('', '2026-11-24')).toBeNull();
    expect(daysLeft('soon', '2026-11-24')).toBeNull();
  });

  it('says it in words, and takes the desk\'s day from its own clock', () => {
    expect([2, 1, 0, -1, -4].map(daysLeftText)).toEqual(['2 days left', '1 day left', 'last free day today', '1 day charged', '4 days charged']);
    expect(deskDay(new Date(2028, 1, 29, 23, 59))).toBe('2028-02-29');
    expect(deskDay(new Date(2027, 0, 1, 0, 0))).toBe('2027-01-01');
  });
});
