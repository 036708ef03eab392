/**
 * The desk's wall clock in a named time zone (IANA, such as Europe/Berlin), through Intl only:
 * which wall-clock minute an instant is, and which instant a wall-clock minute is. Cadences are
 * set in the desk's time ("daily at 08:00"), so a summer-time change must neither skip nor
 * double an update. The carrier's naive dates never come here: they are not instants.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The desk's own zone (the operating system's). */
export function deskZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function wallTime(instant: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** Minutes the zone is ahead of UTC at the instant. */
function offsetMinutes(instant: number, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

function sameMinute(a: WallTime, b: WallTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/**
 * The instant of a wall-clock minute in the zone. A minute the clocks skip (spring forward) is
 * taken as the same minute after the jump (02:30 → 03:30); a minute they pass twice (fall back)
 * is its first pass.
 */
export function instantOf(wall: WallTime, zone: string): number {
  // Date.UTC normalises a day past the month's end, so callers may add days freely.
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsets = [...new Set([offsetMinutes(guess - 86_400_000, zone), offsetMinutes(guess, zone), offsetMinutes(guess + 86_400_000, zone)])];
  const target = wallTime(guess, 'UTC');
  const matches = offsets.map((o) => guess - o * 60_000).filter((t) => sameMinute(wallTime(t, zone), target));
  if (matches.length > 0) return Math.min(...matches);
  return guess - Math.min(...offsets) * 60_000;
}

/** The calendar day as a number (days since 1970-01-01), on integers. */
function dayNumberOf(wall: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000;
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(wall: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return (((dayNumberOf(wall) + 3) % 7) + 7) % 7;
}
