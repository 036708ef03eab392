/**
 * Issue 26's figures in a process of their own, for the full `npm run bench`: building the
 * 100,000-voyage fixture holds every snapshot of the simulator's past at once, which does not fit
 * in the heap the rest of the bench has already used (it ran out of memory there). Prints to stdout;
 * main.ts forwards each line. Argument: [past voyages].
 */
import { runPerformanceBench } from './performance-bench.js';

await runPerformanceBench(Number(process.argv[2]) || undefined);
process.exit(0);
