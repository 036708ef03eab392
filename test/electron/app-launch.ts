/**
 * What the Electron smoke test (app.test.ts) starts. With QUAYSIDE_APP_BINARY (the release
 * pipeline sets it per platform) it is that packaged binary and nothing else: a path that is not
 * there fails the test, it never falls back to `electron .`. Without it, on a developer's machine,
 * it is the repository's build under node_modules/electron when that binary is installed; where it
 * is not, the test is skipped and says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export type AppLaunch =
  /** The packaged app: its binary, no app path (it loads its own app.asar). */
  | { kind: 'packaged'; executablePath: string; args: string[] }
  /** The repository's build (`npx electron-vite build` first), started by node_modules/electron. */
  | { kind: 'development'; args: string[] }
  | { kind: 'skip'; reason: string }
  | { kind: 'fail'; reason: string };

export function appLaunch(env: NodeJS.ProcessEnv = process.env, root = ROOT): AppLaunch {
  const binary = env.QUAYSIDE_APP_BINARY;
  if (binary) {
    const path = isAbsolute(binary) ? binary : join(root, binary);
    if (!existsSync(path)) return { kind: 'fail', reason: `QUAYSIDE_APP_BINARY names ${binary}, which does not exist: the packaged app was not built there (npm run dist)` };
    return { kind: 'packaged', executablePath: path, args: [] };
  }
  const electron = join(root, 'node_modules', 'electron');
  const version = (JSON.parse(readFileSync(join(electron, 'package.json'), 'utf8')) as { version: string }).version;
  const pathFile = join(electron, 'path.txt');
  if (!existsSync(pathFile) || !existsSync(join(electron, 'dist', readFileSync(pathFile, 'utf8').trim()))) {
    return { kind: 'skip', reason: `Electron ${version}'s binary is not installed (run node node_modules/electron/install.js where GitHub's downloads are reachable), and QUAYSIDE_APP_BINARY names no packaged app` };
  }
  if (!existsSync(join(root, 'out', 'native', `electron-${version}`, 'better_sqlite3.node'))) {
    return { kind: 'skip', reason: 'better-sqlite3 for Electron is not built (run node scripts/electron-native.mjs)' };
  }
  return { kind: 'development', args: [root] };
}
