import { BadRequestError, NetworkError, RateLimitedError, ServerError } from '../../src/core/platform/api/errors.js';
import type { FakeClock } from './fake-clock.js';
import type { Bucket } from '../../src/core/platform/scheduler/types.js';

/** What the scripted service answers to one attempt. */
export type Outcome =
  | { kind: 'ok' }
  | { kind: '429'; retryAfterMs: number | null }
  | { kind: '503' }
  /** Connection refused: the request never left. */
  | { kind: 'net-unsent' }
  /** Connection reset after the request was written. */
  | { kind: 'net-reset' }
  | { kind: 'timeout' }
  | { kind: 'bad-request' };

export interface SendRecord {
  id: string;
  bucket: Bucket;
  /** Virtual time the send function was called. */
  at: number;
  attempt: number;
  outcome: Outcome['kind'];
}

const ENDPOINT: Readonly<Record<Bucket, string>> = {
  tracking: 'GET /v2/tracking',
  'batch-create': 'POST /v2/tracking/batch',
  'batch-poll': 'GET /v2/tracking/batch',
  other: 'GET /v2/shipments',
};

function errorFor(outcome: Outcome, bucket: Bucket): Error | null {
  const endpoint = ENDPOINT[bucket];
  switch (outcome.kind) {
    case 'ok':
      return null;
    case '429':
      return new RateLimitedError(endpoint, outcome.retryAfterMs);
    case '503':
      return new ServerError(endpoint, 503, 'Service Unavailable');
    case 'net-unsent':
      return new NetworkError(endpoint, 'ECONNREFUSED', false, false);
    case 'net-reset':
      return new NetworkError(endpoint, 'ECONNRESET', false, true);
    case 'timeout':
      return new NetworkError(endpoint, 'ETIMEDOUT', true, true);
    case 'bad-request':
      return new BadRequestError(endpoint, 400, 'Bad Request');
  }
}

/** Send functions that answer in virtual time, and a record of every call. */
export class FakeService {
  readonly sends: SendRecord[] = [];
  private readonly flying = new Map<Bucket, number>();
  readonly maxInFlight = new Map<Bucket, number>();

  constructor(
    private readonly clock: FakeClock,
    private readonly latencyMs = 50,
  ) {}

  /**
   * A send function for request `id`: attempt n answers `script[n]` (or `script(time)`), and
   * 'ok' once the script runs out. It resolves with `id`.
   */
  sender(id: string, bucket: Bucket, script: readonly Outcome[] | ((at: number) => Outcome) = [], latencyMs = this.latencyMs): () => Promise<string> {
    let attempt = 0;
    return () => {
      const at = this.clock.now();
      const outcome: Outcome = typeof script === 'function' ? script(at) : (script[attempt] ?? { kind: 'ok' });
      this.sends.push({ id, bucket, at, attempt, outcome: outcome.kind });
      attempt++;
      const now = (this.flying.get(bucket) ?? 0) + 1;
      this.flying.set(bucket, now);
      this.maxInFlight.set(bucket, Math.max(now, this.maxInFlight.get(bucket) ?? 0));
      return new Promise<string>((resolve, reject) => {
        this.clock.setTimeout(() => {
          this.flying.set(bucket, (this.flying.get(bucket) ?? 1) - 1);
          const error = errorFor(outcome, bucket);
          if (error) reject(error);
          else resolve(id);
        }, latencyMs);
      });
    };
  }

  /** Send times of one bucket that reached the server (refused connections never did). */
  timesSeenByServer(bucket: Bucket): number[] {
    return this.sends.filter((s) => s.bucket === bucket && s.outcome !== 'net-unsent').map((s) => s.at);
  }

  sendsOf(id: string): SendRecord[] {
    return this.sends.filter((s) => s.id === id);
  }
}
