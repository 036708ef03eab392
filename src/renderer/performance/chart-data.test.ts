import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSystemLocale } from '../lib/dates';
import { boxRows, formatDays, formatShare, formatTransit, laneName, leftOutWords, monthLabel, naivePlotDate, onTimeRows, transitPoints } from './chart-data';
import { group, sampleReport, SHA_RTM } from './test-support/report';

// A system without a locale of its own writes ISO dates.
beforeAll(() => setSystemLocale(null));

describe('the figures in words', () => {
  it('signs days with a true minus and says unknown as a dash', () => {
    expect([formatDays(2), formatDays(-1), formatDays(0), formatDays(1.44, 1), formatDays(-0.04, 1), formatDays(null)]).toEqual(['+2 d', '\u22121 d', '0 d', '+1.4 d', '0.0 d', '\u2014']);
    expect([formatShare(0.834), formatShare(null), formatTransit(31), formatTransit(null)]).toEqual(['83%', '\u2014', '31 d', '\u2014']);
    expect(monthLabel('2028-02')).toBe('2028-02');
    expect(laneName(SHA_RTM)).toBe('Shanghai \u2192 Rotterdam');
  });

  it('names what was left out, and nothing when nothing was', () => {
    expect(leftOutWords(sampleReport().total)).toBe(
      '7 without a departure event (not in the transit time); 4 with no ETA seen before arrival (not in the ETA figures); 2 finished without an arrival event (in no figure)',
    );
    expect(leftOutWords(group({}))).toBe('');
  });
});

describe('rows for the charts', () => {
  it('takes the carriers with a measured first ETA, the boxes of a measure, the busiest lanes by month', () => {
    const report = sampleReport();
    expect(onTimeRows(report.carriers).map((r) => [r.scac, r.share])).toEqual([['MSCU', 0.31], ['MAEU', 0.72], ['HLCU', 0.9]]);
    expect(boxRows(report.carriers, 'arrivalVsEta7', 'carrier').map((r) => [r.name, r.p50])).toEqual([['MSC', 1], ['Maersk', -1], ['Hapag-Lloyd', -1]]);
    expect(transitPoints(report.lanes, report.laneMonths, 1).map((p) => [p.laneKey, p.monthText, p.p50])).toEqual([
      ['CNSHA-NLRTM', '2026-09', 30],
      ['CNSHA-NLRTM', '2026-10', 31],
      ['CNSHA-NLRTM', '2026-11', 32],
    ]);
  });
});

// The window's type check has no Node types; the tests run under Node, whose TZ can be changed while running.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

describe('naive dates on a chart', () => {
  const saved = env.TZ;
  afterEach(() => {
    env.TZ = saved;
  });

  it('keeps the fields of a naive date under any time zone (the leap day too)', () => {
    for (const tz of ['Pacific/Auckland', 'America/Los_Angeles']) {
      env.TZ = tz;
      expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(tz === 'Pacific/Auckland' ? -780 : 480);
      expect(naivePlotDate('2028-02-29T23:30:00')!.toISOString()).toBe('2028-02-29T23:30:00.000Z');
      expect(naivePlotDate('2028-02-29')!.toISOString()).toBe('2028-02-29T12:00:00.000Z');
    }
    expect(naivePlotDate('soon')).toBeNull();
  });
});
