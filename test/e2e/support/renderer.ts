/** The window's bundle for the browser tests: built once per run, skipped when up to date. */
import { buildRenderer as buildWithVite, rendererIsStale } from '../../../src/harness/renderer-build.js';


let built: Promise<boolean> | null = null;

/**
 * Builds out/renderer with vite's API (src/renderer/vite.config.ts) unless it is newer than
 * every file of src/renderer and src/shared. Once per process; parallel test files share a
 * lock, so only one of them builds. Resolves to whether this process built it.
 */
export function buildRenderer(): Promise<boolean> {
  built ??= buildWithVite({ log: (line) => console.log(line) }).catch((err: unknown) => {
    built = null;
    throw err;
  });
  return built;
}

export { rendererIsStale };
