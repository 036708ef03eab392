/**
 * Two runs of the bench side by side, row by row of issue 15's table, with each run's machine load:
 *   npm run --silent bench -- --json > before.json   (…change…)   npm run --silent bench -- --json > after.json
 *   npx tsx test/bench/compare.ts before.json after.json
 */
import { readFileSync } from 'node:fs';

interface Run {
  machine: Record<string, string>;
  seconds: number;
  table: { key: string; what: string; aim: string; reached: string | null; met: boolean | null }[];
}

function read(file: string): Run {
  const text = readFileSync(file, 'utf8');
  // `npm run` without --silent prints its banner first: the JSON object starts at the first line that is "{".
  return JSON.parse(text.slice(text.search(/^\{/m))) as Run;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('Usage: npx tsx test/bench/compare.ts before.json after.json');
  process.exit(2);
}
const before = read(beforeFile);
const after = read(afterFile);
const mark = (met: boolean | null | undefined) => (met === null || met === undefined ? '' : met ? ' (met)' : ' (not met)');
console.log(`before: ${before.machine.cpu}, load ${before.machine.loadAtStart} → ${before.machine.loadAtEnd}, ${before.seconds.toFixed(0)} s`);
console.log(`after:  ${after.machine.cpu}, load ${after.machine.loadAtStart} → ${after.machine.loadAtEnd}, ${after.seconds.toFixed(0)} s\n`);
for (const row of after.table) {
  const old = before.table.find((r) => r.key === row.key);
  console.log(`${row.what} (aim ${row.aim})`);
  console.log(`  before: ${old?.reached ?? '—'}${mark(old?.met)}`);
  console.log(`  after:  ${row.reached ?? '—'}${mark(row.met)}`);
}
