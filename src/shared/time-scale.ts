/**
 * `QUAYSIDE_TIME_SCALE=N` compresses every rate window, wait and poll interval N times, for tests
 * and benchmarks. Read only where a run starts (the CLI, the harness, the simulator's own command,
 * test setup) and handed down as a number; the desktop app never reads it.
 */
export function parseTimeScale(value: string | undefined): number {
  const scale = Number(value);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
