/**
 * Waits until `check` gives something (a value, or true), asking again every `everyMs`; fails
 * naming `what` once `timeoutMs` have passed. For what other processes and desks do in real time.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 30_000,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
