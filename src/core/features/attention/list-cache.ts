/**
 * The Attention list as the window asks for it, again and again (the view, the header's count,
 * after each refresh): kept while nothing in the cache changed and the desk's clock is in the same
 * ten minutes (reasons age by whole days; a threshold crossed shows within ten minutes). Any write,
 * by this process or another one (the CLI), gives the cache a new stamp and the list is worked out
 * again, a block of shipments per turn of the event loop, once for every ask that comes meanwhile.
 */
import { setImmediate } from 'node:timers/promises';
import type { Cache } from '../../context.js';
import { listAttentionInTurns } from './attention.js';
import type { AttentionItem } from './types.js';

const SLICE_MS = 10 * 60_000;

interface AttentionList {
  /** Worst first; shipments whose reasons are all acknowledged come last. */
  items: AttentionItem[];
  /** Of those, how many have at least one reason no one acknowledged (they come first). */
  needAttention: number;
}

export interface AttentionListCache {
  /** Every shipment with a reason (acknowledged ones last), or a watchlist's. */
  list(watchlistId?: number): Promise<AttentionList>;
  count(): Promise<number>;
}

export function attentionListCache(cache: Cache, now: () => Date): AttentionListCache {
  let stamp = '';
  const lists = new Map<string, Promise<AttentionList>>();
  const list = (watchlistId?: number): Promise<AttentionList> => {
    const at = now();
    const current = `${cache.read.dataStamp()}|${Math.floor(at.getTime() / SLICE_MS)}`;
    if (current !== stamp) {
      stamp = current;
      lists.clear();
    }
    const key = watchlistId === undefined ? '' : String(watchlistId);
    let found = lists.get(key);
    if (found === undefined) {
      found = listAttentionInTurns(cache, { watchlist: watchlistId, includeAcknowledged: true, now: () => at }, () => setImmediate()).then((items) => ({
        items,
        needAttention: items.filter((i) => i.reasons.some((r) => !r.acknowledged)).length,
      }));
      // A failed reading is not kept: the next ask tries again.
      found.catch(() => lists.delete(key));
      lists.set(key, found);
    }
    return found;
  };
  return { list, count: async () => (await list()).needAttention };
}
