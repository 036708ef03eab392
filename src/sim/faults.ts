/**
 * Fault injection: random 503s, latency and malformed bodies (from the seed, so runs
 * repeat), and `failNext` for deterministic tests. Injected faults happen before the
 * request is handled: they have no side effects (no credits, no rate-limit slot).
 */
import { Rng, hashParts } from './random.js';

export interface FaultSettings {
  /** Probability (0..1) of answering 503. */
  rate503?: number;
  /** Added to every response, in real milliseconds. */
  latencyMs?: number;
  /** Probability (0..1) of answering 200 with a truncated or non-JSON body. */
  malformedRate?: number;
}

export interface FailNextRule {
  method: string;
  /** The request path (`/v2/tracking/batch`) or a template (`/v2/webhooks/{id}`). */
  path: string;
  /** HTTP status to answer with (200 for a malformed body when omitted with malformed). */
  status?: number;
  retryAfter?: string;
  malformed?: boolean;
  /** How many matching requests fail; default 1. */
  count?: number;
}

export type InjectedFault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'malformed'; status: number; body: string };

const MALFORMED_BODIES = [
  '{"success":true,"data":{"summary":{"origin":{"location":',
  '<html><head><title>502 Bad Gateway</title></head><body>upstream timed out</body></html>',
  '{"success":true,"data":[{"id":"',
  'OK',
];

export class FaultInjector {
  private settings: Required<FaultSettings>;
  private readonly rules: (FailNextRule & { remaining: number })[] = [];
  private readonly rng: Rng;

  constructor(seed: number, settings: FaultSettings = {}) {
    this.rng = new Rng(hashParts(seed, 'faults'));
    this.settings = { rate503: 0, latencyMs: 0, malformedRate: 0 };
    this.set(settings);
  }

  set(partial: FaultSettings): void {
    this.settings = { ...this.settings, ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) };
  }

  get current(): Required<FaultSettings> {
    return { ...this.settings };
  }

  failNext(rule: FailNextRule): void {
    this.rules.push({ ...rule, method: rule.method.toUpperCase(), remaining: rule.count ?? 1 });
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  /** The fault for this request, if any (consumes a failNext rule). */
  pick(method: string, path: string, template: string | null): InjectedFault | null {
    const index = this.rules.findIndex((r) => r.method === method && (r.path === path || r.path === template));
    if (index >= 0) {
      const rule = this.rules[index]!;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules.splice(index, 1);
      if (rule.malformed) return { kind: 'malformed', status: rule.status ?? 200, body: this.rng.pick(MALFORMED_BODIES) };
      return { kind: 'status', status: rule.status ?? 503, retryAfter: rule.retryAfter };
    }
    if (this.settings.rate503 > 0 && this.rng.next() < this.settings.rate503) {
      return { kind: 'status', status: 503 };
    }
    if (this.settings.malformedRate > 0 && this.rng.next() < this.settings.malformedRate) {
      return { kind: 'malformed', status: 200, body: this.rng.pick(MALFORMED_BODIES) };
    }
    return null;
  }
}
