/**
 * Batch tasks (the service's interface 3.1, 4.2, 4.3): CREATED for about a second, HANDLING for about
 * 3 s + 10 ms per item, then PROCESSED with results in an order unlike the submission.
 * Credits are charged when the task is processed. Tasks are kept 6 hours. All times are
 * divided by the time scale.
 */
import type { BatchTask, TrackingResult } from '../core/platform/api/types.js';
import type { Account } from './accounts.js';
import type { CarrierInfo } from './carriers.js';
import type { SimContext } from './context.js';
import { HOUR } from './naive-time.js';
import { Rng, hashParts } from './random.js';
import { trackOne, type TrackInput } from './shipments.js';

interface TaskItem {
  input: TrackInput;
  carrier: CarrierInfo;
}

interface TaskRow {
  id: string;
  account: Account;
  items: TaskItem[];
  needRoute: boolean;
  status: 'CREATED' | 'HANDLING' | 'PROCESSED';
  results: TrackingResult[];
  expiresAt: number;
}

export const QUEUED_MS = 1_000;
export const HANDLING_BASE_MS = 3_000;
export const HANDLING_PER_ITEM_MS = 10;
const TASK_RETENTION_MS = 6 * HOUR;

export class BatchTasks {
  private readonly tasks = new Map<string, TaskRow>();

  constructor(private readonly ctx: SimContext) {}

  create(account: Account, items: TaskItem[], needRoute: boolean): string {
    const ctx = this.ctx;
    const task: TaskRow = {
      id: ctx.uuid(),
      account,
      items,
      needRoute,
      status: 'CREATED',
      results: [],
      expiresAt: ctx.now() + ctx.scaled(TASK_RETENTION_MS),
    };
    this.tasks.set(task.id, task);
    const queued = ctx.scaled(QUEUED_MS);
    const handling = ctx.scaled(HANDLING_BASE_MS + HANDLING_PER_ITEM_MS * items.length);
    ctx.later(queued, () => {
      task.status = 'HANDLING';
    });
    ctx.later(queued + handling, () => this.process(task));
    ctx.later(ctx.scaled(TASK_RETENTION_MS), () => this.tasks.delete(task.id));
    return task.id;
  }

  private process(task: TaskRow): void {
    if (!this.tasks.has(task.id)) return;
    const rng = new Rng(hashParts(this.ctx.seed, 'task-order', task.id));
    let order = rng.shuffle(task.items.map((_, i) => i));
    if (order.length > 1 && order.every((v, i) => v === i)) order = [...order.slice(1), order[0]!];
    task.results = order.map((i) => {
      const item = task.items[i]!;
      return trackOne(this.ctx, task.account, item.input, item.carrier, task.needRoute);
    });
    task.status = 'PROCESSED';
  }

  /** The task as the service shows it, or undefined when unknown, expired or another account's. */
  get(account: Account, id: string): BatchTask | undefined {
    const task = this.tasks.get(id);
    if (!task || task.account !== account) return undefined;
    if (this.ctx.now() >= task.expiresAt) {
      this.tasks.delete(id);
      return undefined;
    }
    return { task_id: task.id, status: task.status, results: task.results };
  }

  /** Forgets a task at once, as if its 6 hours had passed. */
  expire(id: string): boolean {
    return this.tasks.delete(id);
  }

  status(id: string): string | undefined {
    return this.tasks.get(id)?.status;
  }
}
