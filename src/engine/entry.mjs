// The engine when Quayside runs from its TypeScript sources (the harness, the tests): while
// out/harness/ holds a build of the sources as they are now (scripts/build-node.mjs; the tests'
// global setup makes it), the built entry runs: the same code as plain JavaScript, started in
// about half the time. Otherwise (or with QUAYSIDE_ENGINE_FROM_SOURCE=1) this registers tsx
// and loads entry.ts. A built harness starts the entry.js beside it, the desktop app its engine.js.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isFresh, OUT } from '../../scripts/fresh-build.mjs';

if (!process.env.QUAYSIDE_ENGINE_FROM_SOURCE && isFresh(['entry'])) {
  await import(pathToFileURL(join(OUT, 'entry.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./entry.ts');
}
