import { BUCKET_LIMITS, effectiveWindowMs } from '../../../platform/scheduler/limits.js';

/** Before the first poll has been timed: about what storing 500 results costs on an ordinary desk. */
const FIRST_POLL_COST_MS = 300;

/**
 * Keeps a poll's storing of 500 results (hundreds of ms on the one thread) clear of the batch
 * creations, which bound an import's length: storing then would send a creation, or record its
 * answer, late, and the budget anchors the next window on that answer. A hint from this process's
 * own creations; where a poll costs over an eighth of a window it holds nothing (idling costs as much).
 */
export class CreationPace {
  /** Creations asked of the scheduler and not yet over (queued for a slot, or sent). */
  private pending = 0;
  /** Wall-clock ms when each creation's answer came, in order of answer. */
  private readonly answers: number[] = [];
  private pollCostMs = FIRST_POLL_COST_MS;
  private readonly windowMs: number;
  private readonly perWindow: number;

  constructor(timeScale: number, private readonly now: () => number) {
    const window = BUCKET_LIMITS['batch-create'][0]!;
    this.windowMs = effectiveWindowMs(window.windowMs, timeScale);
    this.perWindow = window.limit;
  }

  /** A creation is asked for; call the returned function once it is over (`answered`: the service answered it). */
  asking(): (answered: boolean) => void {
    this.pending++;
    let over = false;
    return (answered) => {
      if (over) return;
      over = true;
      this.pending--;
      if (answered) this.answers.push(this.now());
    };
  }

  /** How long a poll and the storing of its answer took (real ms). */
  polled(ms: number): void {
    this.pollCostMs = this.pollCostMs * 0.6 + ms * 0.4;
  }

  /**
   * How long a poll should wait so as not to delay the next creation: 0 (poll now), a number of
   * ms, or Infinity (until a creation is over).
   */
  holdMs(): number {
    if (this.pending === 0) return 0;
    // On a machine so busy that one poll takes an eighth of a window, holding polls idles the
    // thread for longer than it saves the creations: they go late either way.
    if (this.pollCostMs > this.windowMs / 8) return 0;
    const next = this.answers.length;
    // The first window's creations go at once: their answers are on their way.
    if (next < this.perWindow) return Infinity;
    const dueIn = this.answers[next - this.perWindow]! + this.windowMs - this.now();
    if (dueIn > this.pollCostMs * 1.5) return 0;
    // Due, sent, its answer on its way; unless it is long overdue (another process on the key
    // took the slot): then polls go on, as they would have without it.
    const overdue = -dueIn;
    const patience = this.pollCostMs * 2 + 200;
    return overdue > patience ? 0 : Math.min(Math.max(dueIn, 0) + patience, patience * 2);
  }
}
