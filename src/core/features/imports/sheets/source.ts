/** Byte sources for the import: a path, bytes in memory or a stream, read in chunks. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';

export type SpreadsheetInput =
  | string
  | { path: string }
  | { bytes: Uint8Array; name?: string }
  | { stream: Readable | AsyncIterable<Uint8Array>; name?: string; totalBytes?: number };

const CHUNK_SIZE = 1 << 20;
/** Enough bytes to recognise a format, a BOM, binary content and the delimiter. */
const HEAD_SIZE = 64 * 1024;

export interface ByteSource {
  name: string | undefined;
  totalBytes: number | null;
  /** The first bytes of the file (at least HEAD_SIZE unless the file is shorter). */
  head: Uint8Array;
  /** Every chunk of the file, the head first. Call once. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** The whole file in one buffer (for XLSX). */
  readAll(): Promise<Uint8Array>;
  close(): Promise<void>;
}

function* sliceBytes(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK_SIZE) yield bytes.subarray(at, at + CHUNK_SIZE);
}

function toUint8(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('the import stream must yield bytes');
}

export async function openByteSource(input: SpreadsheetInput): Promise<ByteSource> {
  if (typeof input !== 'string' && 'bytes' in input) {
    const bytes = input.bytes;
    return {
      name: input.name,
      totalBytes: bytes.length,
      head: bytes.subarray(0, HEAD_SIZE),
      chunks: async function* () {
        yield* sliceBytes(bytes);
      },
      readAll: () => Promise.resolve(bytes),
      close: () => Promise.resolve(),
    };
  }

  let name: string | undefined;
  let totalBytes: number | null = null;
  let iterable: AsyncIterable<unknown>;
  if (typeof input === 'string' || 'path' in input) {
    const path = typeof input === 'string' ? input : input.path;
    name = basename(path);
    totalBytes = (await stat(path)).size;
    iterable = createReadStream(path, { highWaterMark: CHUNK_SIZE });
  } else {
    name = input.name;
    totalBytes = input.totalBytes ?? null;
    iterable = input.stream;
  }

  const iterator = iterable[Symbol.asyncIterator]();
  const pending: Uint8Array[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < HEAD_SIZE) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = toUint8(next.value);
    pending.push(chunk);
    headLength += chunk.length;
  }
  const head = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
  let consumed = false;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (consumed) throw new Error('a byte source is read once');
    consumed = true;
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield toUint8(next.value);
    }
  }

  return {
    name,
    totalBytes,
    head,
    chunks,
    readAll: async () => {
      const parts: Uint8Array[] = [];
      for await (const chunk of chunks()) parts.push(chunk);
      return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    },
    close: async () => {
      await iterator.return?.();
    },
  };
}
