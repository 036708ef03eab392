/**
 * Raw payloads are the exact JSON text received. Larger ones are stored deflated (raw deflate)
 * with a preset dictionary, and come back byte for byte:
 * - `deflate-raw-cache`: the dictionary is one the cache made from its own answers
 *   (raw-dictionaries.ts, table `raw_dictionaries`, named by `dictionary_id`): an office's answers
 *   repeat its carriers, ports, vessels and the service's structure, so an answer deflates to a
 *   fraction of what it does against any fixed sample (since the compact cache migration);
 * - `deflate-raw-dict1`: the fixed dictionary of typical answers (raw-dictionary.ts), while the
 *   cache has none of its own yet;
 * - `deflate-raw`: no dictionary, as caches stored them before the dictionaries (still read).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { RAW_DICTIONARY_1 } from './raw-dictionary.js';
import type { RawPayloadsRow } from './rows.js';

/** Shorter texts are kept as they are (their length in UTF-16 units, as `encodeRawBody` measures it). */
export const COMPRESS_FROM_BYTES = 512;

/** A dictionary the cache made (raw_dictionaries). */
export interface RawDictionary {
  id: number;
  bytes: Buffer;
}

export interface EncodedBody {
  encoding: RawPayloadsRow['encoding'];
  body: string | Buffer;
  dictionaryId: number | null;
}

export function encodeRawBody(text: string, dictionary: RawDictionary | null = null): EncodedBody {
  if (text.length < COMPRESS_FROM_BYTES) return { encoding: 'identity', body: text, dictionaryId: null };
  const bytes = Buffer.from(text, 'utf8');
  if (dictionary !== null) {
    return { encoding: 'deflate-raw-cache', body: deflateRawSync(bytes, { dictionary: dictionary.bytes }), dictionaryId: dictionary.id };
  }
  return { encoding: 'deflate-raw-dict1', body: deflateRawSync(bytes, { dictionary: RAW_DICTIONARY_1 }), dictionaryId: null };
}

/** `dictionary`: the bytes of the row's `dictionary_id` in raw_dictionaries (for `deflate-raw-cache`). */
export function decodeRawBody(row: Pick<RawPayloadsRow, 'encoding' | 'body'> & { dictionary?: Buffer | null }): string {
  if (row.encoding === 'deflate-raw-cache' && Buffer.isBuffer(row.body)) {
    if (!Buffer.isBuffer(row.dictionary)) throw new Error('A raw payload names a dictionary the cache does not hold.');
    return inflateRawSync(row.body, { dictionary: row.dictionary }).toString('utf8');
  }
  if (row.encoding === 'deflate-raw-dict1' && Buffer.isBuffer(row.body)) return inflateRawSync(row.body, { dictionary: RAW_DICTIONARY_1 }).toString('utf8');
  if (row.encoding === 'deflate-raw' && Buffer.isBuffer(row.body)) return inflateRawSync(row.body).toString('utf8');
  return Buffer.isBuffer(row.body) ? row.body.toString('utf8') : row.body;
}
