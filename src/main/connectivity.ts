/**
 * Online/offline as the operating system sees it, to nudge the core: the scheduler already holds
 * requests while the service cannot be reached and probes with a growing interval, so nothing
 * fails and no errors pile up. When the network comes back, or the computer wakes up, a refresh
 * starts at once instead of after the next probe or interval.
 */
export interface ConnectivityOptions {
  isOnline(): boolean;
  powerMonitor: { on(event: 'resume', listener: () => void): unknown; removeListener(event: 'resume', listener: () => void): unknown };
  /** Starts a refresh (sync.now); the core joins one already running. */
  refreshNow(): void;
  /** Default 10 s. */
  pollMs?: number;
}

export function watchConnectivity(options: ConnectivityOptions): () => void {
  let online = safeOnline(options);
  const check = () => {
    const now = safeOnline(options);
    if (now && !online) options.refreshNow();
    online = now;
  };
  const timer = setInterval(check, options.pollMs ?? 10_000);
  timer.unref?.();
  const onResume = () => {
    online = safeOnline(options);
    if (online) options.refreshNow();
  };
  options.powerMonitor.on('resume', onResume);
  return () => {
    clearInterval(timer);
    options.powerMonitor.removeListener('resume', onResume);
  };
}

function safeOnline(options: ConnectivityOptions): boolean {
  try {
    return options.isOnline();
  } catch {
    return true;
  }
}
