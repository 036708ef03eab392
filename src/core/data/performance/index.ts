/** The performance figures' repository: the voyages read from the cache's history, and what is kept beside it. */
import type { WritableDB } from '../handles.js';
import { type PerformanceFactReads, type PerformanceFactWrites, createPerformanceFactReads, createPerformanceFactWrites } from './facts.js';
import { type VoyageHistoryReads, createVoyageHistoryReads } from './history.js';

export type { VoyageRecord } from './history.js';
export type { KeptVoyageColumns, LikelyArrivalRow, MeasuredVoyageRow } from './facts.js';
export { NO_SAMPLE } from './facts.js';

export type PerformanceReads = VoyageHistoryReads & PerformanceFactReads;
export type PerformanceWrites = PerformanceFactWrites;

export function createPerformanceRepository(db: WritableDB): { reads: PerformanceReads; writes: PerformanceWrites } {
  return { reads: { ...createVoyageHistoryReads(db), ...createPerformanceFactReads(db) }, writes: createPerformanceFactWrites(db) };
}
