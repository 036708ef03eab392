/**
 * The known word most like one a person typed: "did you mean --limit?" for `--limt`, and
 * "Brightline Foods GmbH: 12 shipments" for a customer typed as "Brightline Foods". Pure.
 */

/** How many single-letter edits (insert, delete, replace, swap two neighbours) turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Letters and digits only, lower case, one space between words: "Brightline  Foods, GmbH" is "brightline foods gmbh". */
function plain(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The candidate nearest the text, or null when none is near enough to offer: a few letters off
 * (at most two letters in five, and never more than `maxEdits`), or the same words with more
 * after them ("Brightline Foods" → "Brightline Foods GmbH"). Among equals, the first given wins,
 * so a caller lists its candidates most likely first.
 */
export function closestTo<T>(text: string, candidates: readonly T[], nameOf: (candidate: T) => string, maxEdits = 4): T | null {
  const typed = plain(text);
  if (typed === '') return null;
  const exact = text.trim().toLowerCase();
  let best: { candidate: T; score: number } | null = null;
  for (const candidate of candidates) {
    const name = nameOf(candidate);
    const known = plain(name);
    // The very word typed is no suggestion; the same words spelt otherwise ("Foods, GmbH") are the best one.
    if (known === '' || name.trim().toLowerCase() === exact) continue;
    let score: number;
    if (known === typed) score = 0;
    else if (known.startsWith(`${typed} `) || typed.startsWith(`${known} `)) score = 0.5;
    else {
      const edits = editDistance(typed, known);
      if (edits > Math.min(maxEdits, Math.max(1, Math.ceil(Math.max(typed.length, known.length) * 0.4)))) continue;
      score = edits;
    }
    if (best === null || score < best.score) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
