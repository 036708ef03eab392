import { describe, expect, it } from 'vitest';
import { ISO_STYLE, localeFromEnv, localeStyle, makeDates, resolveDateStyle } from './dates.js';

const german = makeDates(resolveDateStyle({ date: 'DD.MM.YYYY', clock: '24h' }, null));
const american = makeDates(resolveDateStyle({ date: 'MM/DD/YYYY', clock: '12h' }, null));
const iso = makeDates(ISO_STYLE);

describe('one way of writing dates', () => {
  it('follows the locale for "system": order, separator and clock', () => {
    expect(localeStyle('de-DE')).toEqual({ order: 'dmy', sep: '.', hour12: false });
    expect(localeStyle('en-US')).toEqual({ order: 'mdy', sep: '/', hour12: true });
    expect(localeStyle('en-GB')).toEqual({ order: 'dmy', sep: '/', hour12: false });
    expect(localeStyle('sv-SE')).toEqual({ order: 'ymd', sep: '-', hour12: false });
    expect(localeStyle(null)).toEqual(ISO_STYLE);
    // A chosen order keeps the locale's clock unless a clock is chosen too.
    expect(resolveDateStyle({ date: 'YYYY-MM-DD', clock: 'system' }, 'en-US')).toEqual({ order: 'ymd', sep: '-', hour12: true });
  });

  it("reads a terminal's locale from its environment; the C locale has none", () => {
    expect(localeFromEnv({ LANG: 'de_DE.UTF-8' })).toBe('de-DE');
    expect(localeFromEnv({ LANG: 'de_DE.UTF-8', LC_TIME: 'en_GB.UTF-8' })).toBe('en-GB');
    expect(localeFromEnv({ LANG: 'C.UTF-8' })).toBeNull();
    expect(localeFromEnv({})).toBeNull();
  });

  it('writes a naive date and time as given, without seconds and without a zone shift', () => {
    expect(german.dateTime('2026-12-01T23:07:12')).toBe('01.12.2026 23:07');
    expect(american.dateTime('2026-12-01T23:07:12')).toBe('12/01/2026 11:07 PM');
    expect(american.dateTime('2026-12-01T00:30:00')).toBe('12/01/2026 12:30 AM');
    expect(iso.dateTime('2026-12-01 08:00')).toBe('2026-12-01 08:00');
    expect(german.day('2026-12-01T23:07:12')).toBe('01.12.2026');
    expect(german.dateTime('2026-12-01')).toBe('01.12.2026');
    // Unknown shapes are kept as they came; nothing is nothing.
    expect(german.dateTime('next week')).toBe('next week');
    expect(german.day(null)).toBe('');
  });

  it('writes ranges alike in each order', () => {
    expect(german.dayRange('2026-12-09T10:00:00', '2026-12-13T18:00:00')).toBe('09.12.–13.12.2026');
    expect(american.dayRange('2026-12-09', '2026-12-13')).toBe('12/09–12/13/2026');
    expect(iso.dayRange('2026-12-09', '2026-12-13')).toBe('2026-12-09 – 12-13');
    expect(german.dayRange('2026-12-30', '2027-01-02')).toBe('30.12.2026 – 02.01.2027');
    expect(german.dayRange('2026-12-09T01:00', '2026-12-09T23:00')).toBe('09.12.2026');
  });

  it('writes every ISO date inside a sentence the same way, UTC ones on the desk clock', () => {
    expect(german.inText('ETA at Hamburg is 2026-12-04 14:00, 2 days after the date promised (2026-12-02).')).toBe(
      'ETA at Hamburg is 04.12.2026 14:00, 2 days after the date promised (02.12.2026).',
    );
    expect(german.inText('VAD Vessel arrival, Rotterdam, 2026-11-20T08:00:00')).toBe('VAD Vessel arrival, Rotterdam, 20.11.2026 08:00');
    const utc = '2026-11-20T08:00:00.000Z';
    expect(german.inText(`seen ${utc}`)).toBe(`seen ${german.utcDateTime(utc)}`);
    expect(german.inText('MSKU1234565 and 123-45')).toBe('MSKU1234565 and 123-45');
    expect(german.inText('likely 2026-12-14 \u2013 2026-12-18, most likely 2026-12-15: p10')).toBe('likely 14.12.–18.12.2026, most likely 15.12.2026: p10');
    expect(american.inText('from 2026-12-14 to 2026-12-18')).toBe('from 12/14/2026 to 12/18/2026');
    expect(american.inTextParts('Arrived on 2026-11-20T08:00:00 (vessel arrival).')).toEqual([
      { text: 'Arrived on ', date: false },
      { text: '11/20/2026 8:00 AM', date: true },
      { text: ' (vessel arrival).', date: false },
    ]);
  });

  it('reads a typed date in the same order, and an ISO one pasted', () => {
    expect(german.parseDay('1.12.2026')).toBe('2026-12-01');
    expect(german.parseDay('01.12.26')).toBe('2026-12-01');
    expect(american.parseDay('12/01/2026')).toBe('2026-12-01');
    expect(american.parseDay('2026-12-01')).toBe('2026-12-01');
    expect(german.parseDay('31.02.2026')).toBeNull();
    expect(german.parseDay('tomorrow')).toBeNull();
    expect(german.placeholder).toBe('DD.MM.YYYY');
    expect(american.placeholder).toBe('MM/DD/YYYY');
  });

  it('writes months and days without a year for chart ticks', () => {
    expect(german.month('2026-12')).toBe('12.2026');
    expect(iso.month('2026-12')).toBe('2026-12');
    expect(german.dayMonth('2026-12-01')).toBe('01.12.');
    expect(american.dayMonth('2026-12-01')).toBe('12/01');
  });
});
