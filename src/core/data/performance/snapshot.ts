/**
 * The kept voyages' columns as one stored blob (migration 16), so a new engine reads every kept
 * voyage in one copy instead of walking the table: the columns' typed arrays end to end, then
 * the carriers and ports and the ETAs on the way as JSON. What changed in the table after the blob
 * was written is named in performance_voyages_since_snapshot (voyages added or removed by the
 * table's triggers, those whose facts changed by the statement that keeps them: facts.ts) and read
 * from the table itself, then merged in (mergeColumns).
 *
 * Layout, little- or big-endian as the writing machine (a blob of the other kind is not read):
 * 16 bytes: format, voyages n, samples s, JSON bytes j (u32 each); 9 × n float64 (the number
 * columns, NUMBERS' order); n int32 pairs, n + 1 int32 sample starts, s int32 samples; n uint8
 * states, n uint8 promised; j bytes of JSON `{ pairs, etas: [[index, eta], …] }`.
 */
import { endianness } from 'node:os';
import type { KeptVoyageColumns } from './columns.js';

/** Raise when the layout changes: a blob of another format is not read (the next start writes a new one). */
const SNAPSHOT_FORMAT = endianness() === 'LE' ? 1 : 0x1_0001;

const NUMBERS = ['shipmentId', 'arrival', 'departureDay', 'firstEta', 'eta7', 'eta14', 'etaChanges', 'vesselChanges', 'periodDay'] as const;
const HEADER = 16;

type Pair = KeptVoyageColumns['pairs'][number];

export function encodeColumns(c: KeptVoyageColumns): Buffer {
  const n = c.length;
  const s = c.samples.length;
  const etas: [number, string][] = [];
  for (let i = 0; i < n; i++) if (c.eta[i] !== null && c.eta[i] !== undefined) etas.push([i, c.eta[i]!]);
  const json = Buffer.from(JSON.stringify({ pairs: c.pairs, etas }), 'utf8');
  const size = HEADER + NUMBERS.length * 8 * n + 4 * (n + n + 1 + s) + 2 * n + json.length;
  const out = new ArrayBuffer(size);
  new Uint32Array(out, 0, 4).set([SNAPSHOT_FORMAT, n, s, json.length]);
  let at = HEADER;
  for (const name of NUMBERS) {
    new Float64Array(out, at, n).set(c[name]);
    at += 8 * n;
  }
  for (const part of [c.pair, c.sampleStart.subarray(0, n + 1), c.samples]) {
    new Int32Array(out, at, part.length).set(part);
    at += 4 * part.length;
  }
  new Uint8Array(out, at, n).set(c.state);
  new Uint8Array(out, at + n, n).set(c.promised);
  at += 2 * n;
  new Uint8Array(out, at, json.length).set(json);
  return Buffer.from(out);
}

/** The columns a blob holds (views over its memory, or over a copy when unaligned), or null when it is of another format or damaged. */
export function decodeColumns(blob: Buffer): KeptVoyageColumns | null {
  if (blob.length < HEADER) return null;
  // The typed arrays view the blob's own memory when it is aligned and its own (SQLite's large blobs are), else a copy.
  let buffer: ArrayBuffer;
  if (blob.byteOffset === 0 && blob.buffer.byteLength === blob.length && blob.buffer instanceof ArrayBuffer) buffer = blob.buffer;
  else {
    const bytes = new Uint8Array(blob.length);
    bytes.set(blob);
    buffer = bytes.buffer;
  }
  const [format, n, s, j] = new Uint32Array(buffer, 0, 4) as unknown as [number, number, number, number];
  if (format !== SNAPSHOT_FORMAT || blob.length !== HEADER + NUMBERS.length * 8 * n + 4 * (2 * n + 1 + s) + 2 * n + j) return null;
  let at = HEADER;
  const numbers = {} as Record<(typeof NUMBERS)[number], Float64Array>;
  for (const name of NUMBERS) {
    numbers[name] = new Float64Array(buffer, at, n);
    at += 8 * n;
  }
  const int32 = (length: number) => {
    const part = new Int32Array(buffer, at, length);
    at += 4 * length;
    return part;
  };
  const pair = int32(n);
  const sampleStart = int32(n + 1);
  const samples = int32(s);
  const state = new Uint8Array(buffer, at, n);
  const promised = new Uint8Array(buffer, at + n, n);
  at += 2 * n;
  let header: { pairs: Pair[]; etas: [number, string][] };
  try {
    header = JSON.parse(Buffer.from(buffer, at, j).toString('utf8')) as typeof header;
  } catch {
    return null;
  }
  if (!Array.isArray(header.pairs) || !Array.isArray(header.etas) || sampleStart[n] !== s) return null;
  const eta = new Array<string | null>(n).fill(null);
  for (const [i, value] of header.etas) if (i >= 0 && i < n) eta[i] = value;
  for (let i = 0; i < n; i++) if (pair[i]! < 0 || pair[i]! >= header.pairs.length) return null;
  return { length: n, pairs: header.pairs, ...numbers, pair, state, promised, eta, samples, sampleStart };
}

const pairKey = (p: Pair) => `${p.carrierScac}\u0001${p.carrierName}\u0001${p.pol}\u0001${p.pod}`;

// One of these per element type, so each loop reads one kind of array.
function fillNumbers(to: Float64Array, from: Float64Array, fromPatch: Float64Array, source: Int32Array, n: number): void {
  for (let o = 0; o < n; o++) {
    const k = source[o]!;
    to[o] = k >= 0 ? from[k]! : fromPatch[-1 - k]!;
  }
}

function fillBytes(to: Uint8Array, from: Uint8Array, fromPatch: Uint8Array, source: Int32Array, n: number): void {
  for (let o = 0; o < n; o++) {
    const k = source[o]!;
    to[o] = k >= 0 ? from[k]! : fromPatch[-1 - k]!;
  }
}

/**
 * The snapshot's columns brought up to the table: its voyages named in `changed` left out (changed
 * or removed since), the table's rows for them (`patch`, ascending ids) put in their place. Where
 * each voyage comes from is worked out first (both lists walked in id order), then each column is
 * filled in one pass.
 */
export function mergeColumns(base: KeptVoyageColumns, patch: KeptVoyageColumns, changed: ReadonlySet<number>): KeptVoyageColumns {
  if (changed.size === 0 && patch.length === 0) return base;
  const pairs = [...base.pairs];
  const pairIndex = new Map(pairs.map((p, i) => [pairKey(p), i]));
  const patchPair = patch.pairs.map((p) => {
    let i = pairIndex.get(pairKey(p));
    if (i === undefined) pairIndex.set(pairKey(p), (i = pairs.push(p) - 1));
    return i;
  });
  const gone = Float64Array.from(changed).sort();
  // source[o] = i: the snapshot's voyage i; −1 − p: the table's row p.
  const source = new Int32Array(base.length + patch.length);
  let n = 0;
  for (let i = 0, p = 0, g = 0; i < base.length || p < patch.length; ) {
    const id = i < base.length ? base.shipmentId[i]! : Number.POSITIVE_INFINITY;
    while (g < gone.length && gone[g]! < id) g += 1;
    if (p < patch.length && patch.shipmentId[p]! <= id) source[n++] = -1 - p++;
    else {
      if (g >= gone.length || gone[g] !== id) source[n++] = i;
      i += 1;
    }
  }
  let sampleCount = 0;
  for (let o = 0; o < n; o++) {
    const k = source[o]!;
    sampleCount += k >= 0 ? base.sampleStart[k + 1]! - base.sampleStart[k]! : patch.sampleStart[-k]! - patch.sampleStart[-1 - k]!;
  }
  const out: KeptVoyageColumns = {
    length: n, pairs, pair: new Int32Array(n), state: new Uint8Array(n), promised: new Uint8Array(n), eta: new Array<string | null>(n).fill(null),
    samples: new Int32Array(sampleCount), sampleStart: new Int32Array(n + 1),
    ...(Object.fromEntries(NUMBERS.map((name) => [name, new Float64Array(n)])) as Record<(typeof NUMBERS)[number], Float64Array>),
  };
  for (const name of NUMBERS) fillNumbers(out[name], base[name], patch[name], source, n);
  fillBytes(out.state, base.state, patch.state, source, n);
  fillBytes(out.promised, base.promised, patch.promised, source, n);
  let at = 0;
  const { pair, eta, samples, sampleStart } = out;
  const [baseSamples, baseStart, patchSamples, patchStart] = [base.samples, base.sampleStart, patch.samples, patch.sampleStart];
  for (let o = 0; o < n; o++) {
    const k = source[o]!;
    sampleStart[o] = at;
    if (k >= 0) {
      pair[o] = base.pair[k]!;
      eta[o] = base.eta[k] ?? null;
      for (let j = baseStart[k]!, end = baseStart[k + 1]!; j < end; j++) samples[at++] = baseSamples[j]!;
    } else {
      const p = -1 - k;
      pair[o] = patchPair[patch.pair[p]!]!;
      eta[o] = patch.eta[p] ?? null;
      for (let j = patchStart[p]!, end = patchStart[p + 1]!; j < end; j++) samples[at++] = patchSamples[j]!;
    }
  }
  sampleStart[n] = at;
  return out;
}
