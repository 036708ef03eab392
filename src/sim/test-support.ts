/** Helpers for the simulator's own tests: requests with the key, JSON bodies, waiting. */
import type { Simulator } from './index.js';

export const KEY = '11111111-2222-4333-8444-555555555555';

export interface JsonResponse {
  status: number;
  headers: Headers;
  // Test code reads arbitrary fields of many payload shapes; the types are checked elsewhere.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function call(
  sim: Simulator,
  method: string,
  path: string,
  query: Record<string, string | number | boolean> = {},
  body?: unknown,
  apiKey: string | null = KEY,
): Promise<JsonResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  if (apiKey !== null) params.set('api_key', apiKey);
  const res = await fetch(`${sim.url}${path}?${params.toString()}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Malformed bodies stay text; tests check for that.
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000, stepMs = 10): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}

export function track(sim: Simulator, type: string, value: string, company: string, extra: Record<string, string | boolean> = {}, apiKey: string | null = KEY): Promise<JsonResponse> {
  return call(sim, 'GET', '/v2/tracking', { type, value, company, ...extra }, undefined, apiKey);
}
