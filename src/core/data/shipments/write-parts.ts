/**
 * Where a write of shipments spends its time, part by part (the bench's breakdown of a sync page):
 * a clock the writer reads between its parts. The default clock reads nothing, so a write that
 * nobody measures pays a function call per part and no more.
 */

/** The parts, in the order a write passes them. */
export const WRITE_PARTS = [
  'match',
  'merge and hash',
  'shipment row',
  'stored rows read',
  'change detection',
  'change log',
  'places and documents',
  'containers and events',
  'attention marks',
  'expected events seen',
  'raw payload deflate',
  'raw payload rows',
  'search index',
] as const;

export type WritePart = (typeof WRITE_PARTS)[number];

export interface PartClock {
  /** Now (0 when not measuring). */
  mark(): number;
  /** Adds the time since `since` to `part`; answers now, the next part's start. */
  add(part: WritePart, since: number): number;
}

export const UNMEASURED: PartClock = { mark: () => 0, add: () => 0 };

/** A clock that keeps the sums; `take` answers them in milliseconds and starts again from zero. */
export function measuringClock(): PartClock & { take(): Record<WritePart, number> } {
  let sums = new Map<WritePart, number>();
  return {
    mark: () => performance.now(),
    add(part, since) {
      const now = performance.now();
      sums.set(part, (sums.get(part) ?? 0) + now - since);
      return now;
    },
    take() {
      const taken = Object.fromEntries(WRITE_PARTS.map((p) => [p, sums.get(p) ?? 0])) as Record<WritePart, number>;
      sums = new Map();
      return taken;
    },
  };
}
