// The isolated reader when Quayside runs from its TypeScript sources (the CLI through tsx, vitest):
// a worker thread starts as plain Node and does not inherit tsx's loader. While out/harness/ holds
// a build of the sources as they are now (scripts/build-node.mjs; the tests' global setup makes
// it), the built reader runs: the same code as plain JavaScript, started in a quarter of the time.
// Otherwise this registers tsx here and loads the reader's TypeScript. The desktop build runs its
// own bundled spreadsheet-worker.js and never this file.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isFresh, OUT } from '../../../../../scripts/fresh-build.mjs';

if (isFresh(['spreadsheet-worker'])) {
  await import(pathToFileURL(join(OUT, 'spreadsheet-worker.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./spreadsheet-worker.ts');
}
