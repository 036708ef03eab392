#!/usr/bin/env node
// `npm install`'s last step: links `node_modules/.bin/quayside` to bin/quayside.mjs and builds the
// CLI's bundle (scripts/build-node.mjs) when the sources are newer than it, so `npx quayside`
// starts in a fraction of a second on a fresh clone. The link, not a `bin` in package.json: for a
// project's own `bin` npx reads the whole node_modules tree first (1.5 s and more). It never fails
// the install: without a build the CLI runs through tsx, and the line printed says so.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './fresh-build.mjs';

/** `npx quayside` finds the CLI here without reading the dependency tree. */
function linkCommand() {
  const dir = join(ROOT, 'node_modules', '.bin');
  mkdirSync(dir, { recursive: true });
  if (process.platform === 'win32') {
    writeFileSync(join(dir, 'quayside.cmd'), '@node "%~dp0\\..\\..\\bin\\quayside.mjs" %*\r\n');
    return;
  }
  const link = join(dir, 'quayside');
  if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false })) rmSync(link, { force: true });
  symlinkSync('../../bin/quayside.mjs', link);
}

try {
  linkCommand();
} catch (err) {
  console.log(`quayside: node_modules/.bin/quayside was not linked (${err instanceof Error ? err.message : String(err)}); run "node bin/quayside.mjs" instead of "npx quayside".`);
}

if (existsSync(join(ROOT, 'src', 'cli', 'main.ts')) && !process.env.QUAYSIDE_SKIP_BUILD) {
  try {
    const { buildNode } = await import('./build-node.mjs');
    const { built, dir } = await buildNode({ ifStale: true });
    if (built) console.log(`quayside: built the CLI and the harness into ${dir}.`);
  } catch (err) {
    console.log(`quayside: the CLI's bundle was not built (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); it runs from source until "npm run build:node".`);
  }
}
