import type { RequestScheduler } from '../../src/core/platform/scheduler/types.js';

/** Sends at once, never retries: for tests of the API client alone (production always goes through the scheduler). */
export const directScheduler: RequestScheduler = {
  run: (_options, send) => send(),
};
