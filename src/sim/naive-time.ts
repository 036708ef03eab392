/**
 * Naive timestamps (`YYYY-MM-DDTHH:MM:SS`, no zone) as the service gives event and summary
 * dates. The simulator writes them from UTC fields so they stay zone-free on any machine.
 */
const pad = (n: number): string => String(n).padStart(2, '0');

export function formatNaive(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Reads a naive timestamp back into the same frame as `formatNaive`. */
export function parseNaive(text: string): number {
  return Date.parse(`${text}Z`);
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
