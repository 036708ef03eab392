/**
 * Raw payloads are the exact JSON text received. Larger ones are stored deflated (raw
 * deflate) with a preset dictionary of typical answers (`deflate-raw-dict1`, raw-dictionary.ts):
 * the text comes back byte for byte, at about a sixth of the size (a third without the
 * dictionary, `deflate-raw`, as stored before issue 15 and still read), which matters at
 * 100,000 shipments.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { RAW_DICTIONARY_1 } from './raw-dictionary.js';
import type { RawPayloadsRow } from './rows.js';

const COMPRESS_FROM_BYTES = 512;

export interface EncodedBody {
  encoding: RawPayloadsRow['encoding'];
  body: string | Buffer;
}

export function encodeRawBody(text: string): EncodedBody {
  if (text.length < COMPRESS_FROM_BYTES) return { encoding: 'identity', body: text };
  return { encoding: 'deflate-raw-dict1', body: deflateRawSync(Buffer.from(text, 'utf8'), { dictionary: RAW_DICTIONARY_1 }) };
}

export function decodeRawBody(row: Pick<RawPayloadsRow, 'encoding' | 'body'>): string {
  if (row.encoding === 'deflate-raw-dict1' && Buffer.isBuffer(row.body)) return inflateRawSync(row.body, { dictionary: RAW_DICTIONARY_1 }).toString('utf8');
  if (row.encoding === 'deflate-raw' && Buffer.isBuffer(row.body)) return inflateRawSync(row.body).toString('utf8');
  return Buffer.isBuffer(row.body) ? row.body.toString('utf8') : row.body;
}
