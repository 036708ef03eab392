#!/usr/bin/env node
// The quayside CLI. `npm install` builds the bundle (scripts/postinstall.mjs, `npm run build:node`
// by hand): out/harness/quayside.js, which starts in about 0.2 s; while that build is newer than
// every file under src/ it runs, and `quayside --help` prints the help that build wrote without
// loading the CLI at all. Otherwise (no build, or a source changed since) the TypeScript runs
// directly through tsx (about 1.3 s to start): a developer's edit is never run from an older bundle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isFresh, OUT } from '../scripts/fresh-build.mjs';

const args = process.argv.slice(2);
const fresh = !process.env.QUAYSIDE_CLI_FROM_SOURCE && isFresh(['quayside', 'spreadsheet-worker']);
const help = join(OUT, 'help.txt');
const helpOnly = args.length === 0 || (args.length === 1 && (args[0] === '--help' || args[0] === '-h'));

if (fresh && helpOnly && existsSync(help) && statSync(help).mtimeMs >= statSync(join(OUT, 'quayside.js')).mtimeMs) {
  process.stdout.write(readFileSync(help));
  // As the CLI itself: asked for, 0; no command at all, 2.
  process.exitCode = args.length === 0 ? 2 : 0;
} else if (fresh) {
  await import(new URL(`file://${OUT}/quayside.js`).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
