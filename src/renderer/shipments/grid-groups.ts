/**
 * The lines of a grouped table: each group a heading line, then its rows unless folded. The rows
 * keep their place in the engine's list (the list comes group after group), so a line's row is the
 * group's first row plus its place in the group. Ungrouped, every line is a row.
 */
export interface GroupView {
  key: string | null;
  label: string;
  count: number;
}

export interface Lines {
  /** How many lines the table has (headings and rows shown). */
  count: number;
  /** The line at `line`: a group's heading, or the row of the list it shows. */
  at(line: number): { kind: 'group'; group: number } | { kind: 'row'; row: number; group: number | null };
  /** The line a row of the list is shown on, or null when its group is folded. */
  lineOfRow(row: number): number | null;
  /** The row shown `step` rows after (or before) `row`, skipping folded groups; clamped to the first and last shown. */
  moveRow(row: number | null, step: number): number | null;
  /** The first and last row of the list shown, or null when none is. */
  firstRow(): number | null;
  lastRow(): number | null;
}

export const groupKey = (key: string | null): string => key ?? '';

export function tableLines(total: number, groups: readonly GroupView[] | null, folded: ReadonlySet<string>): Lines {
  if (!groups) {
    const clamp = (r: number) => Math.max(0, Math.min(total - 1, r));
    return {
      count: total,
      at: (line) => ({ kind: 'row', row: line, group: null }),
      lineOfRow: (row) => (row >= 0 && row < total ? row : null),
      moveRow: (row, step) => (total === 0 ? null : row === null ? (step < 0 ? total - 1 : 0) : clamp(row + step)),
      firstRow: () => (total > 0 ? 0 : null),
      lastRow: () => (total > 0 ? total - 1 : null),
    };
  }
  // Per group: its first row in the list, its heading's line, and how many lines it takes.
  const firstRowOf: number[] = [];
  const lineOf: number[] = [];
  let row = 0;
  let line = 0;
  for (const g of groups) {
    firstRowOf.push(row);
    lineOf.push(line);
    row += g.count;
    line += 1 + (folded.has(groupKey(g.key)) ? 0 : g.count);
  }
  const lines = line;
  const open = (g: number) => !folded.has(groupKey(groups[g]!.key)) && groups[g]!.count > 0;
  /** The group holding a line (binary search on the headings' lines). */
  const groupOfLine = (l: number): number => {
    let lo = 0;
    let hi = groups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineOf[mid]! <= l) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const groupOfRow = (r: number): number => {
    let lo = 0;
    let hi = groups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firstRowOf[mid]! <= r) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lineOfRow = (r: number): number | null => {
    if (groups.length === 0 || r < 0 || r >= row) return null;
    const g = groupOfRow(r);
    return open(g) ? lineOf[g]! + 1 + (r - firstRowOf[g]!) : null;
  };
  /** The rows shown, as [first, last] per open group, in order. */
  const spans = groups.map((g, i) => (open(i) ? [firstRowOf[i]!, firstRowOf[i]! + g.count - 1] : null)).filter((s): s is [number, number] => s !== null);
  const firstRow = () => spans[0]?.[0] ?? null;
  const lastRow = () => spans.at(-1)?.[1] ?? null;
  return {
    count: lines,
    at(l) {
      const g = groupOfLine(l);
      const offset = l - lineOf[g]!;
      return offset === 0 ? { kind: 'group', group: g } : { kind: 'row', row: firstRowOf[g]! + offset - 1, group: g };
    },
    lineOfRow,
    moveRow(from, step) {
      if (spans.length === 0) return null;
      if (from === null || lineOfRow(from) === null) return step < 0 ? lastRow() : firstRow();
      // Walk the shown rows: within a span, then on to the next span.
      let s = spans.findIndex(([a, b]) => from >= a && from <= b);
      let at = from;
      let left = step;
      while (left !== 0) {
        const [a, b] = spans[s]!;
        if (left > 0) {
          const room = b - at;
          if (left <= room) return at + left;
          if (s === spans.length - 1) return b;
          left -= room + 1;
          s += 1;
          at = spans[s]![0];
        } else {
          const room = at - a;
          if (-left <= room) return at + left;
          if (s === 0) return a;
          left += room + 1;
          s -= 1;
          at = spans[s]![1];
        }
      }
      return at;
    },
    firstRow,
    lastRow,
  };
}
