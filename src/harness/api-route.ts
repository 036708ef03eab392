/**
 * `POST /api/<method>` with `{"input": value}` (or `{}`) answers the runtime's `Result` as JSON:
 * HTTP 200 for ok and for errors the core reports; a refused request (bad body, wrong content
 * type, unknown method, too large) gets a 4xx status and still a `Result` body, so the
 * window's bridge always has a sentence to show.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppError, Result } from '../shared/contract/index.js';
import { baseHeaders } from './static-files.js';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * The contract's method names. Its schemas (zod) load after the harness listens, not before: the
 * browser starts loading the page meanwhile, and the first call comes after that anyway.
 */
let methods: Promise<ReadonlySet<string>> | null = null;
export const knownMethods = (): Promise<ReadonlySet<string>> =>
  (methods ??= import('../shared/contract/index.js').then((contract) => new Set<string>(contract.API_METHODS)));

export function sendResult(res: ServerResponse, status: number, result: Result<unknown>): void {
  let body: string;
  try {
    body = JSON.stringify(result);
  } catch {
    status = 500;
    body = JSON.stringify(refusal('internal', 'The answer could not be encoded as JSON; report this.'));
  }
  res.writeHead(status, {
    ...baseHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

export function refusal(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyError(413, `The request body is larger than ${limit / 1024 / 1024} MB.`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError(413, `The request body is larger than ${limit / 1024 / 1024} MB.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
      failed = true;
    });
  });
}

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The method named by the path, or null. `/api/shipments.list` → `shipments.list`. */
function methodFromPath(pathname: string): string | null {
  const match = /^\/api\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The engine's contract, as the harness relays it; `signal` aborts when the browser gave up on the request. */
export type Dispatch = (method: string, input: unknown, signal?: AbortSignal) => Promise<Result<unknown>>;

export async function handleApi(dispatch: Dispatch, req: IncomingMessage, res: ServerResponse, pathname: string, limit = MAX_BODY_BYTES): Promise<void> {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    sendResult(res, 405, refusal('invalid-input', 'The interface takes POST requests with a JSON body.'));
    req.resume();
    return;
  }
  const method = methodFromPath(pathname);
  if (method === null || !(await knownMethods()).has(method)) {
    const name = (method ?? pathname).slice(0, 60);
    sendResult(res, 404, refusal('invalid-input', `There is no "${name}" in Quayside's interface.`));
    req.resume();
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    sendResult(res, 415, refusal('invalid-input', 'The request was refused: send the body as application/json.'));
    req.resume();
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req, limit);
  } catch (err) {
    const status = err instanceof BodyError ? err.status : 400;
    const message = err instanceof BodyError ? `The request was refused: ${err.message}` : 'The request body could not be read.';
    res.setHeader('Connection', 'close');
    sendResult(res, status, refusal('invalid-input', message));
    return;
  }
  let parsed: unknown;
  try {
    parsed = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    sendResult(res, 400, refusal('invalid-input', 'The request was refused: the body is not valid JSON.'));
    return;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    sendResult(res, 400, refusal('invalid-input', 'The request was refused: the body must be a JSON object such as {"input": …}.'));
    return;
  }
  const input = Object.hasOwn(parsed, 'input') ? (parsed as { input: unknown }).input : undefined;
  // The window cancels a call by aborting its fetch (a newer search): the engine is told, as over a MessagePort.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  let result: Result<unknown>;
  try {
    result = await dispatch(method, input, gone.signal);
  } catch {
    // dispatch is specified never to throw; if it does, the window still gets a sentence (and nothing of the error, which could carry a secret).
    result = refusal('internal', 'The harness could not answer this request; try again.');
  }
  if (gone.signal.aborted) return;
  sendResult(res, 200, result);
}
