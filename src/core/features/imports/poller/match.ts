import type { TrackingResult } from '../../../platform/api/types.js';
import type { PollItem } from '../../../data/index.js';

const key = (type: string, value: string) => `${type.toLowerCase()}|${value.trim().toUpperCase()}`;

/**
 * Matches batch results to the submitted references by `request.track_number` (+ company
 * when several items share a number), never by position: the service answers in any order.
 */
export function matchResults(items: PollItem[], results: TrackingResult[]): { matched: { item: PollItem; result: TrackingResult }[]; unmatched: PollItem[] } {
  const byNumber = new Map<string, PollItem[]>();
  for (const item of items) {
    const k = key(item.type, item.reference);
    byNumber.set(k, [...(byNumber.get(k) ?? []), item]);
  }
  const matched: { item: PollItem; result: TrackingResult }[] = [];
  const taken = new Set<number>();
  for (const result of results) {
    const echo = result.request;
    if (!echo) continue;
    const candidates = (byNumber.get(key(echo.track_number.type, echo.track_number.value)) ?? []).filter((i) => !taken.has(i.id));
    const item = candidates.find((i) => i.company.toUpperCase() === echo.company.toUpperCase()) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (!item) continue;
    taken.add(item.id);
    matched.push({ item, result });
  }
  return { matched, unmatched: items.filter((i) => !taken.has(i.id)) };
}
