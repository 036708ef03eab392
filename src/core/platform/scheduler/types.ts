/**
 * The one gate every request to the tracking service passes through.
 * Buckets are the rate limits of the service's interface section 8.
 */
export type Bucket = 'tracking' | 'batch-create' | 'batch-poll' | 'other';

/** A person's click first, then imports, then background sync and polling. */
export type Priority = 'interactive' | 'import' | 'background';

export interface ScheduleOptions {
  bucket: Bucket;
  priority: Priority;
  /**
   * False for requests that may spend credits or create state (POST /v2/tracking/batch,
   * GET /v2/tracking): they are retried only when the service surely did not process
   * them (429, or the connection was never made).
   */
  idempotent: boolean;
  /** For status display: what the request is for ("batch polling"). */
  label?: string;
  /** Aborting removes the request from the queue; its promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RequestScheduler {
  run<T>(options: ScheduleOptions, send: () => Promise<T>): Promise<T>;
}
