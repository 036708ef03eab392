#!/usr/bin/env node
// The quayside CLI. `npm run build:node` bundles it into out/harness/quayside.js, which starts in
// about 0.2 s; while that build is newer than every file under src/ it runs. Otherwise (no build,
// or a source changed since) the TypeScript runs directly through tsx (about 1.3 s to start), so
// `npx quayside` works right after `npm install` and never runs code older than the source.
import { isFresh, OUT } from '../scripts/fresh-build.mjs';

if (!process.env.QUAYSIDE_CLI_FROM_SOURCE && isFresh(['quayside', 'spreadsheet-worker'])) {
  await import(new URL(`file://${OUT}/quayside.js`).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
