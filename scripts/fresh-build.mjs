// Whether out/harness/ (scripts/build-node.mjs) holds a build of src/ as it is now: used by the
// build's --if-stale and by bin/quayside.mjs, which runs the built CLI only while it is fresh.
// No esbuild here: the CLI's start pays for a few hundred stat calls (~10 ms), nothing more.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'out', 'harness');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Each of the built entries (`harness`, `quayside`, …) is there and newer than every file under
 * src/ and than package-lock.json (the packages are bundled in).
 */
export function isFresh(names) {
  const lock = join(ROOT, 'package-lock.json');
  const since = Math.max(newest(join(ROOT, 'src')), existsSync(lock) ? statSync(lock).mtimeMs : 0);
  return names.every((name) => {
    const file = join(OUT, `${name}.js`);
    return existsSync(file) && statSync(file).mtimeMs >= since;
  });
}
