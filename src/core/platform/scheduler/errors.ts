/** The scheduler was closed (the app or command is shutting down) before the request could finish. */
export class SchedulerClosedError extends Error {
  constructor(label: string | undefined) {
    super(
      `${label ? `The request "${label}"` : 'A request'} to the tracking service was cancelled because Quayside is shutting down; run it again after restarting.`,
    );
    this.name = 'SchedulerClosedError';
  }
}

/** The reason a request leaves the queue when its AbortSignal fires without a reason of its own. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}
