#!/usr/bin/env node
// `npm install`'s last step: builds the CLI's bundle (scripts/build-node.mjs) when the sources are
// here and newer than it, so `npx quayside` starts in a fraction of a second on a fresh clone
// instead of compiling TypeScript at every start. It never fails the install: without a build the
// CLI still runs (through tsx), and the line printed says how to build it later.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './fresh-build.mjs';

if (existsSync(join(ROOT, 'src', 'cli', 'main.ts')) && !process.env.QUAYSIDE_SKIP_BUILD) {
  try {
    const { buildNode } = await import('./build-node.mjs');
    const { built, dir } = await buildNode({ ifStale: true });
    if (built) console.log(`quayside: built the CLI and the harness into ${dir}.`);
  } catch (err) {
    console.log(`quayside: the CLI's bundle was not built (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); it runs from source until "npm run build:node".`);
  }
}
