/**
 * A page's raw payloads deflated on a thread of their own (raw-payloads.ts's encodings, the same
 * bytes as `encodeRawBody`), so a sync page's write only stores them: deflating 500 answers with a
 * 16 KiB dictionary is some 25 ms of CPU the page's transaction no longer holds the thread for.
 *
 * The worker is made on the first page and let go with the cache; it never keeps a process alive.
 * It knows only node:zlib, so its code is a few lines given as text (no file to build or find).
 * Whatever goes wrong with it, `deflate` answers null and the write deflates as before.
 */
import { Worker } from 'node:worker_threads';
import { COMPRESS_FROM_BYTES, type EncodedBody, type RawDictionary } from './raw-payloads.js';
import { RAW_DICTIONARY_1 } from './raw-dictionary.js';

interface Ask {
  id: number;
  /** 'dict1', or the cache's dictionary id. */
  dictionary: string;
  /** The dictionary's bytes, the first time the worker is asked with it. */
  bytes?: Uint8Array;
  texts: readonly string[];
  from: number;
}

interface Answer {
  id: number;
  /** Each text's deflated length, -1 for one kept as it is; the bodies one after another in `bodies`. */
  lengths: number[];
  bodies: ArrayBuffer;
}

const WORKER = `
const { parentPort } = require('node:worker_threads');
const { deflateRawSync } = require('node:zlib');
const dictionaries = new Map();
parentPort.on('message', (ask) => {
  if (ask.bytes) dictionaries.set(ask.dictionary, Buffer.from(ask.bytes));
  const dictionary = dictionaries.get(ask.dictionary);
  const parts = ask.texts.map((text) => (text.length < ask.from ? null : deflateRawSync(Buffer.from(text, 'utf8'), { dictionary })));
  const all = Buffer.alloc(parts.reduce((n, p) => n + (p ? p.length : 0), 0));
  let at = 0;
  for (const p of parts) if (p) at += p.copy(all, at);
  const bodies = all.buffer.slice(all.byteOffset, all.byteOffset + all.length);
  parentPort.postMessage({ id: ask.id, lengths: parts.map((p) => (p ? p.length : -1)), bodies }, [bodies]);
});
`;

export class RawDeflater {
  private worker: Worker | null = null;
  private broken = false;
  private next = 1;
  private readonly known = new Set<string>();
  private readonly waiting = new Map<number, { texts: readonly string[]; dictionary: RawDictionary | null; done: (bodies: EncodedBody[] | null) => void }>();

  /** The texts encoded as `encodeRawBody(text, dictionary)` encodes them, or null (then the write deflates them itself). */
  deflate(texts: readonly string[], dictionary: RawDictionary | null): Promise<EncodedBody[] | null> {
    const worker = this.start();
    if (worker === null) return Promise.resolve(null);
    const key = dictionary === null ? 'dict1' : String(dictionary.id);
    const ask: Ask = { id: this.next++, dictionary: key, texts, from: COMPRESS_FROM_BYTES };
    if (!this.known.has(key)) {
      ask.bytes = dictionary === null ? RAW_DICTIONARY_1 : dictionary.bytes;
      this.known.add(key);
    }
    return new Promise((done) => {
      this.waiting.set(ask.id, { texts, dictionary, done });
      worker.postMessage(ask);
      worker.ref();
    });
  }

  close(): void {
    this.broken = true;
    void this.worker?.terminate();
    this.stop();
  }

  private start(): Worker | null {
    if (this.worker !== null || this.broken) return this.worker;
    try {
      const worker = new Worker(WORKER, { eval: true, execArgv: [] });
      worker.unref();
      worker.on('message', (answer: Answer) => this.answered(answer));
      worker.on('error', () => this.stop());
      worker.on('exit', () => this.stop());
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  private answered({ id, lengths, bodies }: Answer): void {
    const asked = this.waiting.get(id);
    if (!asked) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker?.unref();
    const all = Buffer.from(bodies);
    let at = 0;
    const cache = asked.dictionary !== null;
    asked.done(
      lengths.map((length, i): EncodedBody => {
        if (length < 0) return { encoding: 'identity', body: asked.texts[i]!, dictionaryId: null };
        const body = all.subarray(at, (at += length));
        return { encoding: cache ? 'deflate-raw-cache' : 'deflate-raw-dict1', body, dictionaryId: cache ? asked.dictionary!.id : null };
      }),
    );
  }

  /** A worker that failed or ended: what waits is deflated by the writes; no other is made. */
  private stop(): void {
    this.broken = true;
    this.worker = null;
    for (const asked of this.waiting.values()) asked.done(null);
    this.waiting.clear();
  }
}
