/** The harness's event stream from a test: a real WebSocket on /events, messages collected. */
import WebSocket from 'ws';
import type { EventName, Events } from '../../../src/shared/contract/index.js';

export interface EventSocket {
  messages: { event: string; payload: unknown }[];
  /** Resolves with the first payload (already received or to come) of `event` that passes `test`. */
  waitFor<E extends EventName>(event: E, test?: (payload: Events[E]) => boolean, ms?: number): Promise<Events[E]>;
  close(): void;
}

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<EventSocket> {
  const target = new URL('/events', url);
  target.protocol = 'ws:';
  // The harness's token, from the page address (a browser's WebSocket sends it in the query too).
  const token = new URL(url).searchParams.get('token');
  if (token) target.searchParams.set('token', token);
  const ws = new WebSocket(target, { headers });
  const messages: { event: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    try {
      messages.push(JSON.parse(String(data)) as { event: string; payload: unknown });
    } catch {
      messages.push({ event: '(unparsable)', payload: String(data) });
    }
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`/events answered HTTP ${res.statusCode}`)));
  });
  return {
    messages,
    waitFor(event, test = () => true, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = messages.find((m) => m.event === event && test(m.payload as Events[typeof event]));
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.payload as Events[typeof event]);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${event}" event in ${ms} ms (got: ${messages.map((m) => m.event).join(', ') || 'nothing'})`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => ws.close(),
  };
}
