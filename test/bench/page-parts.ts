/** Where a page's write time went, as the store and sync benches print it (the writer's part clock, data.ts). */
import { WRITE_PARTS, type WritePart } from '../../src/core/data/index.js';

export interface PageParts {
  parts: Record<WritePart, number>;
  /** The pages' writes in all, BEGIN to COMMIT. */
  writeMs: number;
  pages: number;
}

/** Where a page's time went, ms a page per part (the largest first), and the rest: the transaction, its COMMIT, turning records into snapshots. */
export function partsLine(p: PageParts): string {
  const perPage = (ms: number) => ms / p.pages;
  const named = WRITE_PARTS.map((part) => [part, perPage(p.parts[part])] as const).filter(([, ms]) => ms >= 0.05);
  const rest = perPage(p.writeMs) - WRITE_PARTS.reduce((sum, part) => sum + perPage(p.parts[part]), 0);
  return [...named.sort((a, b) => b[1] - a[1]), ['the rest (transaction, commit, snapshots)', rest] as const].map(([part, ms]) => `${part} ${ms.toFixed(1)}`).join(', ');
}

