/**
 * `npm run bench`: prints figures; asserts nothing. Arguments: [references] [timeScale].
 * Reproduce: `npm run bench` (defaults 20000 references at time scale 4).
 */
import { runCsvStreamBench, runXlsxWriterBench } from './io-bench.js';
import { runParseBench } from './parse-bench.js';
import { runServiceBench } from './service-bench.js';
import { runStoreBench } from './store-bench.js';
import { runTrackingBench } from './tracking-bench.js';

if (process.argv[2] === 'team') {
  // `npm run bench -- team [references per desk] [time scale]`: the team figures only.
  const [perDesk, teamScale] = process.argv.slice(3).map(Number);
  console.log(`Quayside team bench, node ${process.version}, ${new Date().toISOString()}\n`);
  await (await import('./team-bench.js')).runTeamBench(perDesk || undefined, teamScale || undefined);
  process.exit(0);
}

const [references, scale] = process.argv.slice(2).map(Number);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

console.log(`Quayside bench, node ${process.version}, ${new Date().toISOString()}\n`);
console.log('tracking at the rate limits:');
await runTrackingBench(references || undefined, scale || undefined);
console.log('\nspreadsheet import:');
await runParseBench();
await runCsvStreamBench();
console.log('\nspreadsheet export:');
await runXlsxWriterBench();
console.log('\nsimulator and API client:');
await runServiceBench();
console.log('');
await runStoreBench();
await (await import('./first-render.js')).runFirstRenderBench();
await (await import('./window-search.js')).runWindowSearchBench();
await (await import('./attention-bench.js')).runAttentionBench();
console.log(`\npeak RSS: ${mb(process.resourceUsage().maxRSS * 1024)}`);
