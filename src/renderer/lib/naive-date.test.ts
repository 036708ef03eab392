import { beforeAll, describe, expect, it } from 'vitest';
import { setSystemLocale } from './dates';
import { describeEtaMove, formatEtaMove, formatNaive } from './naive-date';
import { relativeTime } from './relative-time';
import { removalTotals } from './format';

// A system without a locale of its own writes ISO dates on a 24-hour clock.
beforeAll(() => setSystemLocale(null));

describe('naive dates are shown as given', () => {
  it('drops the T and the seconds, keeps the wall-clock time', () => {
    expect(formatNaive('2026-12-04T14:00:00')).toBe('2026-12-04 14:00');
    expect(formatNaive('2026-12-04T23:59:30')).toBe('2026-12-04 23:59');
    expect(formatNaive('2026-12-04 06:05')).toBe('2026-12-04 06:05');
    expect(formatNaive('2026-12-04')).toBe('2026-12-04');
  });

  it('never shifts a time near midnight (no time zone conversion)', () => {
    expect(formatNaive('2026-12-31T23:30:00')).toBe('2026-12-31 23:30');
    expect(formatNaive('2027-01-01T00:15:00')).toBe('2027-01-01 00:15');
  });

  it('shows a value of another shape exactly as it came', () => {
    expect(formatNaive('next week')).toBe('next week');
    expect(formatNaive(null)).toBe('');
  });
});

describe('ETA move', () => {
  it('counts calendar days between the naive dates', () => {
    expect(formatEtaMove({ from: '2026-12-01T08:00:00', to: '2026-12-04T14:00:00' })).toBe('+3 d');
    expect(formatEtaMove({ from: '2026-12-04T23:00:00', to: '2026-12-02T01:00:00' })).toBe('\u22122 d');
    expect(formatEtaMove({ from: '2026-12-04T01:00:00', to: '2026-12-04T23:00:00' })).toBe('\u00b10 d');
  });

  it('crosses months, years and leap days', () => {
    expect(formatEtaMove({ from: '2026-12-30', to: '2027-01-02' })).toBe('+3 d');
    expect(formatEtaMove({ from: '2028-02-28', to: '2028-03-01' })).toBe('+2 d');
    expect(formatEtaMove({ from: '2027-02-28', to: '2027-03-01' })).toBe('+1 d');
  });

  it('says nothing when a date is missing or unreadable', () => {
    expect(formatEtaMove({ from: null, to: '2026-12-04' })).toBeNull();
    expect(formatEtaMove({ from: 'soon', to: '2026-12-04' })).toBeNull();
    expect(formatEtaMove(null)).toBeNull();
  });

  it('describes the move in words', () => {
    expect(describeEtaMove({ from: '2026-12-01T08:00:00', to: '2026-12-04T14:00:00' })).toBe(
      'ETA moved 3 days later, from 2026-12-01 08:00 to 2026-12-04 14:00',
    );
    expect(describeEtaMove({ from: '2026-12-02', to: '2026-12-01' })).toBe('ETA moved 1 day earlier, from 2026-12-02 to 2026-12-01');
  });
});

describe('relative time of UTC metadata', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('reads as minutes, hours, days ago', () => {
    expect(relativeTime('2026-11-23T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-23T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('3 d ago');
    expect(relativeTime(null, now)).toBe('never');
  });
});

describe('removal totals', () => {
  it('names each outcome with its count and the credits back', () => {
    expect(removalTotals({ 'deleted-refund': 3, deleted: 0, archived: 1, 'local-only': 0 }, 3)).toBe(
      '3 deleted with a refund (3 credits back), 1 archived, no refund',
    );
    expect(removalTotals({ 'deleted-refund': 1, deleted: 2, archived: 0, 'local-only': 1 }, 1)).toBe(
      '1 deleted with a refund (1 credit back), 2 deleted, no refund, 1 removed from this computer only',
    );
  });
});
