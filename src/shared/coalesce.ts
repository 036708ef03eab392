/**
 * Work asked for many times in a burst, done once: the first ask starts a timer, the asks until
 * it fires join it, and the work runs once when it does. `wait` may be worked out at each first
 * ask (e.g. to keep a rate: at most once every N ms). Used by the engine's window events and the
 * window's stores; `cancel()` drops a pending run and makes later asks do nothing.
 */

export interface Coalesced {
  (): void;
  /** Drops the pending run, if any; later asks do nothing. */
  cancel(): void;
}

export function coalesce(work: () => void, wait: number | (() => number)): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelled = false;
  const ask = (() => {
    if (cancelled || timer !== null) return;
    timer = setTimeout(
      () => {
        timer = null;
        if (!cancelled) work();
      },
      typeof wait === 'number' ? wait : wait(),
    );
  }) as Coalesced;
  ask.cancel = () => {
    cancelled = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return ask;
}
