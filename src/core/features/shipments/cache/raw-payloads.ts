/**
 * Raw payloads are the exact JSON text received. Larger ones are stored deflated (raw
 * deflate): the text comes back byte for byte, at about a tenth of the size, which matters
 * at tens of thousands of shipments.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { RawPayloadsRow } from './rows.js';

const COMPRESS_FROM_BYTES = 512;

export interface EncodedBody {
  encoding: RawPayloadsRow['encoding'];
  body: string | Buffer;
}

export function encodeRawBody(text: string): EncodedBody {
  if (text.length < COMPRESS_FROM_BYTES) return { encoding: 'identity', body: text };
  return { encoding: 'deflate-raw', body: deflateRawSync(Buffer.from(text, 'utf8')) };
}

export function decodeRawBody(row: Pick<RawPayloadsRow, 'encoding' | 'body'>): string {
  if (row.encoding === 'deflate-raw' && Buffer.isBuffer(row.body)) return inflateRawSync(row.body).toString('utf8');
  return Buffer.isBuffer(row.body) ? row.body.toString('utf8') : row.body;
}
