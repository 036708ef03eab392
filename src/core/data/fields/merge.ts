/**
 * What one field of one shipment holds, worked out from every edit ever made to it, wherever it
 * was made. An edit supersedes the edits its desk had seen when it was made; the edits no other
 * edit superseded are the field's heads. One head is the value; several heads are a conflict: the
 * newest (by when it was made) is current, the others are shown beside it until a person chooses.
 * Every edit is current, a conflict or history, so nothing anyone entered is lost. The result
 * depends only on the set of edits, never on the order they arrived in, so desks that hold the
 * same edits show the same values.
 */

export interface FieldEditFacts {
  uid: string;
  /** '' when the edit cleared the field. */
  value: string;
  /** When it was made (UTC ISO), by its desk's clock. */
  editedAt: string;
  deskId: string;
  /** The desk's own count of its edits: a desk always sees what it did before. */
  deskN: number;
  /** The team's number for it; null until the team has it (and always for a desk alone). */
  seq: number | null;
  /** The team's numbers its desk had pulled when it was made: every edit numbered up to here was seen. */
  seenSeq: number;
  /** Kept from before edits were recorded: any edit made since supersedes it. */
  earlier: boolean;
}

export interface MergedField<E extends FieldEditFacts> {
  current: E;
  /** Other heads whose value differs from the current one, newest first. */
  conflicts: E[];
  /** Everything else, newest first. */
  history: E[];
}

function supersedes(later: FieldEditFacts, earlier: FieldEditFacts): boolean {
  if (later === earlier) return false;
  if (earlier.earlier && !later.earlier) return true;
  if (earlier.earlier && later.earlier) return newestFirst(later, earlier) < 0;
  if (later.earlier) return false;
  // A desk sees what it did before, and the service's values it observed before (a note read in a sync).
  if ((earlier.deskId === later.deskId || earlier.deskId === observedBy(later.deskId)) && earlier.deskN < later.deskN) return true;
  return earlier.seq !== null && earlier.seq <= later.seenSeq;
}

/** The desk id of a value the service was found to hold, as observed by `deskId` (counted with that desk's edits). */
export function observedBy(deskId: string): string {
  return `service:${deskId}`;
}

/** Newest first: by when made, then by desk and id, so every desk orders ties alike. */
function newestFirst(a: FieldEditFacts, b: FieldEditFacts): number {
  if (a.editedAt !== b.editedAt) return a.editedAt < b.editedAt ? 1 : -1;
  if (a.deskId !== b.deskId) return a.deskId < b.deskId ? 1 : -1;
  if (a.deskN !== b.deskN) return b.deskN - a.deskN;
  return a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0;
}

/** Null for no edits. */
export function mergeField<E extends FieldEditFacts>(edits: readonly E[]): MergedField<E> | null {
  if (edits.length === 0) return null;
  let heads = edits.filter((e) => !edits.some((other) => supersedes(other, e)));
  // Only a cache put back from an old backup can make a loop; the newest then stands.
  if (heads.length === 0) heads = [...edits];
  heads.sort(newestFirst);
  const current = heads[0]!;
  const conflicts = heads.slice(1).filter((h) => h.value !== current.value);
  const shown = new Set<E>([current, ...conflicts]);
  const history = edits.filter((e) => !shown.has(e)).sort(newestFirst);
  return { current, conflicts, history };
}
