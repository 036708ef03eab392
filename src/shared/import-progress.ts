/**
 * An import's items counted by what became of them: the same rule on a desk's cache and in the
 * team's database, each of which gives its `GROUP BY state, outcome` rows.
 */

export interface ItemStateCount {
  state: string;
  outcome: string | null;
  n: number;
}

export interface ImportItemCounts {
  total: number;
  done: number;
  found: number;
  notFound: number;
  failed: number;
  queued: number;
  /** Being sent to the service or inside one of its batch tasks. */
  busy: number;
  /** Sent without an answer that says whether the service has it (being checked). */
  uncertain: number;
}

export function countImportItems(rows: readonly ItemStateCount[]): ImportItemCounts {
  const count = (pred: (r: ItemStateCount) => boolean): number => rows.filter(pred).reduce((sum, r) => sum + r.n, 0);
  const done = (outcome: string) => (r: ItemStateCount) => r.state === 'done' && r.outcome === outcome;
  return {
    total: count(() => true),
    done: count((r) => r.state === 'done'),
    found: count(done('OK')),
    notFound: count(done('INFO_NOT_FOUND')),
    failed: count(done('ERROR')),
    queued: count((r) => r.state === 'queued'),
    busy: count((r) => r.state === 'submitting' || r.state === 'in-task'),
    uncertain: count((r) => r.state === 'uncertain' || r.state === 'checking'),
  };
}
