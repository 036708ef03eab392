/**
 * The dictionaries the cache makes from its own answers (table `raw_dictionaries`, the compact
 * cache migration), to deflate the raw payloads it stores (raw-payloads.ts, `deflate-raw-cache`).
 *
 * A dictionary is the text of the newest answers stored, newest last, at most DICTIONARY_BYTES.
 * The first is made once the cache holds a few answers; a new one each time the
 * answers stored since have grown fourfold, up to a bound (so a cache that moves to other carriers
 * or ports gets one that knows them, and the table stays a few hundred KiB). Dictionaries are never
 * deleted: every payload stored with one names it.
 *
 * Nothing is kept between calls: the dictionary is read in the transaction of each write, so a
 * write rolled back (or one of another process) can never leave this connection naming a
 * dictionary that is not there.
 */
import type { Database } from 'better-sqlite3';
import { decodeRawBody, type RawDictionary } from './raw-payloads.js';
import type { RawPayloadsRow } from './rows.js';

/**
 * Half of deflate's window (32 KiB): a few answers' worth. Each payload deflated pays for reading
 * its dictionary in; 32 KiB cost a quarter more time than the fixed dictionary and compressed no
 * better than 16 KiB (a page of 500 answers: 27 ms, 15 ms, 23 ms with the fixed one).
 */
const DICTIONARY_BYTES = 16 * 1024;
/** Answers stored before the first dictionary is made. */
const FIRST_AFTER = 64;
/** A new dictionary when the answers stored have grown this many times since the last one was made... */
const GROWTH = 4;
/** ...until one was made after this many. */
const LAST_AFTER = 65_536;
/** The newest answers a dictionary is made of. */
const SAMPLE = 24;

export interface RawDictionaries {
  /** The dictionary to store new payloads with (made first when it is time). Call inside the write's transaction. */
  forWrite(nowIso: string): RawDictionary | null;
  /** The newest dictionary committed (none made), to deflate a page with before its write: a payload may name it for good. */
  current(): RawDictionary | null;
}

export function createRawDictionaries(db: Database): RawDictionaries {
  const latest = db.prepare<[], { id: number; made_after: number; body: Buffer }>(
    'SELECT id, made_after, body FROM raw_dictionaries ORDER BY id DESC LIMIT 1',
  );
  const newestPayloadId = db.prepare<[], number | null>('SELECT max(id) FROM raw_payloads').pluck();
  const newest = db.prepare<[number], RawPayloadsRow & { dictionary: Buffer | null }>(
    `SELECT r.encoding, r.body, d.body AS dictionary FROM raw_payloads r LEFT JOIN raw_dictionaries d ON d.id = r.dictionary_id
      ORDER BY r.id DESC LIMIT ?`,
  );
  const insert = db.prepare<[number, string, Buffer]>('INSERT INTO raw_dictionaries (made_after, created_at, body) VALUES (?, ?, ?)');

  function make(madeAfter: number, nowIso: string): RawDictionary {
    const texts = newest.all(SAMPLE).map((r) => decodeRawBody(r)).reverse();
    const all = Buffer.from(texts.join(''), 'utf8');
    const bytes = Buffer.from(all.subarray(Math.max(0, all.length - DICTIONARY_BYTES)));
    return { id: Number(insert.run(madeAfter, nowIso, bytes).lastInsertRowid), bytes };
  }

  return {
    forWrite(nowIso) {
      const current = latest.get();
      const stored = newestPayloadId.get() ?? 0;
      const due = current === undefined ? stored >= FIRST_AFTER : current.made_after < LAST_AFTER && stored >= current.made_after * GROWTH;
      if (due) return make(stored, nowIso);
      return current === undefined ? null : { id: current.id, bytes: current.body };
    },
    current() {
      const current = latest.get();
      return current === undefined ? null : { id: current.id, bytes: current.body };
    },
  };
}
