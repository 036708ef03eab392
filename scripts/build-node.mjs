#!/usr/bin/env node
// `npm run build:node`: the web harness, the engine it starts and the spreadsheet reader's worker
// as plain JavaScript in out/harness/ (esbuild, ~1 s), so they start with `node` and no TypeScript
// compiler at run time (`npm run harness:built`, the bench's start-to-first-row figure):
//   out/harness/harness.js             src/harness/main.ts
//   out/harness/entry.js               src/engine/entry.ts (spawn-node.ts starts ./entry.js when it is there)
//   out/harness/spreadsheet-worker.js  src/core/features/imports/sheets/spreadsheet-worker.ts (cage.ts finds it next to it)
//   out/harness/quayside.js            src/cli/main.ts (bin/quayside.mjs runs it while it is newer than src/:
//                                      the CLI starts in ~0.2 s instead of ~1.3 s of tsx compiling)
//   out/harness/help.txt               what that build's `quayside --help` prints (bin/quayside.mjs prints
//                                      it without loading the CLI at all)
// plus chunks beside them (chunk-*.js: code shared by the entries, and what loads lazily: the
// spreadsheet readers, the team database's driver, the simulator), and the packages with them,
// minified. Only native addons (better-sqlite3, keytar), vite (for a missing window build) and
// optional requires stay in node_modules. The folder is emptied first: no stale chunks.
// `--if-stale`: builds only when a file under src/ is newer than the last build.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isFresh, OUT, ROOT } from './fresh-build.mjs';

const ENTRIES = {
  harness: join(ROOT, 'src', 'harness', 'main.ts'),
  entry: join(ROOT, 'src', 'engine', 'entry.ts'),
  'spreadsheet-worker': join(ROOT, 'src', 'core', 'features', 'imports', 'sheets', 'spreadsheet-worker.ts'),
  quayside: join(ROOT, 'src', 'cli', 'main.ts'),
};

/**
 * Left in node_modules: native addons (loaded from their own folder), vite (only to build a
 * missing window), and optional packages their users require inside a try.
 */
const EXTERNAL = ['better-sqlite3', 'keytar', 'vite', 'bufferutil', 'utf-8-validate', 'pg-native', 'pg-cloudflare', 'cloudflare:sockets'];

/**
 * zod's `z.locales` (some forty languages, 260 KB minified): esbuild cannot leave out a namespace's
 * unused members, and Quayside never switches zod's language (its messages are its own; English,
 * which zod's schemas load by themselves, stays). Vite's build of the window leaves them out already.
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

export async function buildNode({ ifStale = false } = {}) {
  if (ifStale && isFresh(Object.keys(ENTRIES))) return { built: false, dir: OUT };
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too: resolving and linking a few hundred files of node_modules one by
    // one took longer at start than running them. What the first row does not need (the team
    // database, spreadsheets, exports, the simulator) is imported lazily and split into chunks
    // beside the entries, so that import.meta.url-relative files (./entry.js,
    // ./spreadsheet-worker.js) are found from any chunk.
    external: EXTERNAL,
    plugins: [withoutZodLocales],
    splitting: true,
    chunkNames: 'chunk-[hash]',
    minify: true,
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    // Packages that are CommonJS (better-sqlite3) are imported by name; a require() in our code is made for ESM.
    banner: { js: "import { createRequire as __quaysideRequire } from 'node:module'; const require = __quaysideRequire(import.meta.url);" },
  });
  // The help of this very build, from its own command table (never written by hand, never older than the bundle).
  const help = execFileSync(process.execPath, [join(OUT, 'quayside.js'), '--help']);
  writeFileSync(join(OUT, 'help.txt'), help);
  return { built: true, dir: OUT };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await buildNode({ ifStale: process.argv.includes('--if-stale') });
  console.log(result.built ? `Built ${OUT} in ${((performance.now() - started) / 1000).toFixed(1)} s.` : `${OUT} is up to date.`);
}
