import { afterEach, describe, expect, it } from 'vitest';
import { PerformanceAccumulator, measurePerformance } from './measures.js';
import { COSCO, MAERSK, MSC, RTM_FXT, SHA_RTM, seenDaysBefore, voyage } from './test-support/voyages.js';
import type { GroupFigures, PerformanceReport } from './types.js';

const carrier = (report: PerformanceReport, scac: string): GroupFigures => report.carriers.find((g) => g.carrier?.scac === scac)!;
const month = (report: PerformanceReport, m: string): GroupFigures | undefined => report.months.find((g) => g.month === m);

describe('transit time and months', () => {
  it('counts calendar days at the ports across a month end', () => {
    const report = measurePerformance([
      voyage({ departure: '2025-12-31T23:50:00', arrival: '2026-01-31T00:10:00' }),
      voyage({ departure: '2026-01-31T22:00:00', arrival: '2026-02-01T03:00:00' }),
    ]);
    expect(report.total.transitDays).toMatchObject({ n: 2, min: 1, max: 31 });
    expect(month(report, '2026-01')!.transitDays).toMatchObject({ n: 1, p50: 31 });
    expect(month(report, '2026-02')!.transitDays).toMatchObject({ n: 1, p50: 1 });
  });

  it('counts the leap day of 2028 and files an arrival on it under February', () => {
    const report = measurePerformance([
      voyage({ departure: '2028-02-28T22:00:00', arrival: '2028-03-01T02:00:00', etas: [['2028-02-20T08:00:00Z', '2028-02-29T18:00:00']] }),
      voyage({ departure: '2028-02-10T08:00:00', arrival: '2028-02-29T23:00:00', etas: [['2028-02-10T08:00:00Z', '2028-03-01T06:00:00']] }),
    ]);
    expect(month(report, '2028-03')!.transitDays.p50).toBe(2);
    expect(month(report, '2028-03')!.arrivalVsFirstEta.p50).toBe(1);
    expect(month(report, '2028-02')!.transitDays.p50).toBe(19);
    expect(month(report, '2028-02')!.arrivalVsFirstEta.p50).toBe(-1);
    expect(report.months.map((m) => m.month)).toEqual(['2028-02', '2028-03']);
  });
});

describe('shipments left out', () => {
  it('leaves a shipment with no departure event out of the transit time only, and says so', () => {
    const report = measurePerformance([
      voyage({ departure: null, etas: [['2026-11-05T00:00:00Z', '2026-11-19T08:00:00']] }),
      voyage({ etas: [['2026-11-05T00:00:00Z', '2026-11-20T08:00:00']] }),
    ]);
    expect(report.total.shipments).toBe(2);
    expect(report.total.leftOut).toEqual({ noDeparture: 1, noArrival: 0, noEtaBeforeArrival: 0 });
    expect(report.total.transitDays.n).toBe(1);
    expect(report.total.arrivalVsFirstEta.n).toBe(2);
  });

  it('leaves a finished voyage without an arrival out of every figure and every month', () => {
    const report = measurePerformance([voyage({ arrival: null, finished: true }), voyage()]);
    expect(report.total.shipments).toBe(1);
    expect(report.total.leftOut.noArrival).toBe(1);
    expect(carrier(report, 'MAEU').leftOut.noArrival).toBe(1);
    expect(report.months.reduce((n, m) => n + m.leftOut.noArrival, 0)).toBe(0);
  });

  it('does not count a shipment still on the way, as measured or as left out', () => {
    const report = measurePerformance([voyage({ arrival: null, finished: false }), voyage()]);
    expect(report.inTransit).toBe(1);
    expect(report.total.shipments).toBe(1);
    expect(report.total.leftOut.noArrival).toBe(0);
  });

  it('takes no promise from an ETA first seen after the arrival', () => {
    const late = voyage({ arrival: '2026-11-20T08:00:00', etas: [['2026-11-21T10:00:00Z', '2026-11-20T08:00:00']] });
    const sameDay = voyage({ arrival: '2026-11-20T08:00:00', etas: [['2026-11-20T02:00:00Z', '2026-11-20T08:00:00']] });
    const report = measurePerformance([late, sameDay, voyage({ etas: [['2026-11-01T00:00:00Z', '2026-11-18T00:00:00']] })]);
    expect(report.total.shipments).toBe(3);
    expect(report.total.leftOut.noEtaBeforeArrival).toBe(2);
    expect(report.total.arrivalVsFirstEta).toMatchObject({ n: 1, p50: 2 });
    expect(report.total.onTime.n).toBe(1);
    expect(report.total.etaChanges.n).toBe(1);
    expect(report.total.transitDays.n).toBe(3);
  });
});

describe('arrival against the ETA', () => {
  const arrival = '2026-11-30T06:00:00';
  // First promise the 20th, seen 25 days ahead; moved to the 25th 16 days ahead; to the 28th 10
  // days ahead; to the 30th 3 days ahead.
  const slipping = voyage({
    arrival,
    etas: [
      [seenDaysBefore('2026-11-30', 25), '2026-11-20T08:00:00'],
      [seenDaysBefore('2026-11-30', 16), '2026-11-25T08:00:00'],
      [seenDaysBefore('2026-11-30', 10), '2026-11-28T08:00:00'],
      [seenDaysBefore('2026-11-30', 3), '2026-11-30T08:00:00'],
      // Seen after it came in: not a promise, not a change.
      [seenDaysBefore('2026-11-30', -1), '2026-11-30T06:00:00'],
    ],
  });

  it('measures against the first ETA and the ETAs as they stood 7 and 14 days before', () => {
    const report = measurePerformance([slipping]);
    expect(report.total.arrivalVsFirstEta.p50).toBe(10);
    expect(report.total.arrivalVsEta14.p50).toBe(5);
    expect(report.total.arrivalVsEta7.p50).toBe(2);
    expect(report.total.etaChanges.p50).toBe(3);
  });

  it('says the ETA at a horizon is unknown when Quayside saw none that early', () => {
    const tracked5DaysAhead = voyage({ arrival, etas: [[seenDaysBefore('2026-11-30', 5), '2026-11-29T08:00:00']] });
    const report = measurePerformance([tracked5DaysAhead]);
    expect(report.total.arrivalVsFirstEta.n).toBe(1);
    expect(report.total.arrivalVsEta7.n).toBe(0);
    expect(report.total.arrivalVsEta7.p50).toBeNull();
  });

  it('counts on time within the window of the setting', () => {
    const histories = [-2, -1, 0, 1, 2, 3].map((late) =>
      voyage({ arrival: `2026-11-${20 + late}T08:00:00`, etas: [['2026-11-01T00:00:00Z', '2026-11-20T08:00:00']] }),
    );
    expect(measurePerformance(histories).total.onTime).toEqual({ n: 6, share: 3 / 6, withinDays: 1 });
    expect(measurePerformance(histories, { settings: { onTimeWithinDays: 2 } }).total.onTime.share).toBe(5 / 6);
  });

  it('gives mean, nearest-rank percentiles and the count each stands on', () => {
    const delays = [0, 0, 1, 1, 1, 2, 2, 3, 5, 9];
    const report = measurePerformance(delays.map((d) => voyage({ arrival: `2026-11-${10 + d}T08:00:00`, etas: [['2026-10-20T00:00:00Z', '2026-11-10T12:00:00']] })));
    expect(report.total.arrivalVsFirstEta).toEqual({ n: 10, mean: 2.4, min: 0, p10: 0, p25: 1, p50: 1, p75: 3, p90: 5, max: 9 });
  });

  it('counts vessel changes and the share of shipments with one', () => {
    const report = measurePerformance([voyage({ vesselChanges: 2 }), voyage({ vesselChanges: 0 }), voyage({ vesselChanges: 0 }), voyage({ vesselChanges: 1 })]);
    expect(report.total.vesselChanges).toMatchObject({ n: 4, mean: 0.75, shareWithChange: 0.5 });
  });
});

describe('groups and filters', () => {
  const histories = [
    voyage({ carrier: MAERSK, lane: RTM_FXT, customer: 'Acme Textiles', arrival: '2026-09-03T08:00:00' }),
    voyage({ carrier: MAERSK, lane: SHA_RTM, customer: 'Nordic Furniture', arrival: '2026-10-03T08:00:00' }),
    voyage({ carrier: MSC, lane: SHA_RTM, customer: 'acme textiles ', arrival: '2026-10-13T08:00:00' }),
    voyage({ carrier: COSCO, lane: SHA_RTM, arrival: '2026-11-13T08:00:00' }),
  ];

  it('groups per carrier, lane, carrier on a lane and month, busiest first', () => {
    const report = measurePerformance(histories);
    expect(report.carriers.map((g) => [g.carrier!.scac, g.shipments])).toEqual([['MAEU', 2], ['COSU', 1], ['MSCU', 1]]);
    expect(report.lanes.map((g) => [g.lane!.key, g.shipments])).toEqual([['CNSHA-NLRTM', 3], ['NLRTM-GBFXT', 1]]);
    expect(report.carrierLanes).toHaveLength(4);
    expect(report.laneMonths.map((g) => `${g.lane!.key} ${g.month}`)).toEqual(['NLRTM-GBFXT 2026-09', 'CNSHA-NLRTM 2026-10', 'CNSHA-NLRTM 2026-11']);
    expect(report.carrierMonths.find((g) => g.carrier?.scac === 'MAEU' && g.month === '2026-10')!.shipments).toBe(1);
  });

  it('filters by period, carrier, lane and customer; the choices stay whole', () => {
    expect(measurePerformance(histories, { filters: { since: '2026-10-03' } }).total.shipments).toBe(3);
    expect(measurePerformance(histories, { filters: { carrier: 'maeu' } }).total.shipments).toBe(2);
    expect(measurePerformance(histories, { filters: { lane: 'CNSHA-NLRTM' } }).total.shipments).toBe(3);
    const acme = measurePerformance(histories, { filters: { customer: 'ACME TEXTILES' } });
    expect(acme.total.shipments).toBe(2);
    expect(acme.choices.carriers.map((c) => c.scac)).toEqual(['COSU', 'MAEU', 'MSCU']);
    expect(acme.choices.customers).toEqual(['Acme Textiles', 'Nordic Furniture']);
    expect(() => measurePerformance(histories, { filters: { since: '3.10.2026' } })).toThrow(/not a date/);
  });

  it('updates incrementally: a shipment replaced or removed gives the figures of a fresh count', () => {
    const acc = new PerformanceAccumulator();
    for (const h of histories) acc.upsert(h);
    const changed = { ...histories[1]!, arrival: '2026-10-09T08:00:00', departure: null };
    acc.upsert(changed);
    acc.remove(histories[3]!.id);
    acc.remove(999_999);
    expect(acc.size).toBe(3);
    expect(acc.report()).toEqual(measurePerformance([histories[0]!, changed, histories[2]!]));
  });

  it('counts a shipment read again with the same facts once, and says whether a figure moved', () => {
    const acc = new PerformanceAccumulator();
    for (const h of histories) expect(acc.upsert(h)).toBe(true);
    const before = acc.report();
    expect(acc.upsert({ ...histories[1]! })).toBe(false);
    expect(acc.report()).toEqual(before);
    expect(acc.upsert({ ...histories[1]!, customer: 'Baltic Timber' })).toBe(true);
    expect(acc.report().choices.customers).toContain('Baltic Timber');
    expect(acc.upsert({ ...histories[1]!, customer: 'Baltic Timber', vesselChanges: 2 })).toBe(true);
    expect(acc.report()).toEqual(measurePerformance([histories[0]!, { ...histories[1]!, customer: 'Baltic Timber', vesselChanges: 2 }, ...histories.slice(2)]));
  });
});

describe('naive dates and the machine time zone', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it('gives the same figures under any time zone', () => {
    const histories = [
      voyage({ departure: '2028-02-28T23:30:00', arrival: '2028-02-29T00:30:00', etas: [['2028-02-20T23:30:00Z', '2028-02-29T00:00:00']] }),
      voyage({ departure: '2026-03-28T01:30:00', arrival: '2026-03-29T02:30:00', etas: [['2026-03-20T12:00:00Z', '2026-03-29T02:00:00']] }),
    ];
    const reports = ['Pacific/Auckland', 'America/Los_Angeles', 'UTC'].map((tz) => {
      process.env.TZ = tz;
      return { offset: new Date(2026, 0, 15).getTimezoneOffset(), report: measurePerformance(histories) };
    });
    // The zone really changed between runs (Node reads TZ when it is set).
    expect(new Set(reports.map((r) => r.offset)).size).toBe(3);
    expect(reports[1]!.report).toEqual(reports[0]!.report);
    expect(reports[2]!.report).toEqual(reports[0]!.report);
    expect(month(reports[0]!.report, '2028-02')!.transitDays.p50).toBe(1);
  });
});
