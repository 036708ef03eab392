/**
 * The window's bundle for the harness: out/renderer, built with vite's API from
 * src/renderer/vite.config.ts. Several processes (parallel test files, a harness) may ask at
 * once, so a build holds a lock directory and the others wait for it, then re-check.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RENDERER_OUT_DIR = join(REPO_ROOT, 'out', 'renderer');
const RENDERER_CONFIG = join(REPO_ROOT, 'src', 'renderer', 'vite.config.ts');
/** What the bundle is made of: the window's code and the contract it imports. */
const RENDERER_SOURCES = [join(REPO_ROOT, 'src', 'renderer'), join(REPO_ROOT, 'src', 'shared')];
const LOCK_DIR = join(REPO_ROOT, 'out', '.renderer-build.lock');
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 5 * 60_000;

function newestMtime(dir: string): number {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function rendererIsBuilt(outDir = RENDERER_OUT_DIR): boolean {
  return existsSync(join(outDir, 'index.html'));
}

/** True when out/renderer/index.html is missing or older than a file of the window's sources. */
export function rendererIsStale(outDir = RENDERER_OUT_DIR): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return RENDERER_SOURCES.some((dir) => newestMtime(dir) > built);
}

function takeLock(): boolean {
  try {
    mkdirSync(dirname(LOCK_DIR), { recursive: true });
    mkdirSync(LOCK_DIR);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - statSync(LOCK_DIR).mtimeMs > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

export interface BuildRendererOptions {
  /** Build even when out/renderer is up to date. */
  force?: boolean;
  /** Only build when out/renderer/index.html is missing (the harness at start); default: when stale. */
  onlyIfMissing?: boolean;
  log?: (line: string) => void;
}

/** Builds out/renderer when needed; returns whether this call built it. */
export async function buildRenderer(options: BuildRendererOptions = {}): Promise<boolean> {
  const needed = () => options.force || (options.onlyIfMissing ? !rendererIsBuilt() : rendererIsStale());
  if (!needed()) return false;
  while (!takeLock()) {
    await new Promise((r) => setTimeout(r, 250));
    if (!options.force && !needed()) return false;
  }
  try {
    if (!needed()) return false;
    options.log?.(`Building the window (vite, ${RENDERER_CONFIG}) …`);
    const { build } = await import('vite');
    await build({ configFile: RENDERER_CONFIG, logLevel: 'warn', clearScreen: false });
    return true;
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}
