export { createScheduler } from './scheduler.js';
export type { Scheduler } from './scheduler.js';
