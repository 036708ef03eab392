/**
 * How long the event loop was held while some work ran: the longest wait between firings of a
 * 1 ms timer. That is how long anything else (a scheduler slot, the window's next call) waited.
 */
export async function withLongestStall<T>(work: () => Promise<T>): Promise<{ ms: number; stallMs: number; value: T }> {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  last = started;
  try {
    const value = await work();
    const ms = performance.now() - started;
    return { ms, stallMs: Math.max(stall, performance.now() - last), value };
  } finally {
    clearInterval(tick);
  }
}
