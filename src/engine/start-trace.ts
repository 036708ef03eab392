/**
 * Start-up marks for test/bench/startup-trace.ts: with QUAYSIDE_START_TRACE set, the harness and
 * the engine write `start-trace <name> <epoch ms>` lines to stderr at each step of their start,
 * so the bench can lay them beside the browser's own timings. Off, they cost one env lookup.
 */
const on = Boolean(process.env.QUAYSIDE_START_TRACE);

export function startMark(name: string): void {
  if (on) process.stderr.write(`start-trace ${name} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`);
}

/** When this process itself started (before its modules loaded). */
export function processStartMark(prefix: string): void {
  if (on) process.stderr.write(`start-trace ${prefix}.process ${performance.timeOrigin.toFixed(1)}\n`);
}
