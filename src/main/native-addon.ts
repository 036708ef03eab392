/**
 * Where Electron main finds better-sqlite3 built for Electron's ABI: in a packaged app under
 * resources/native (electron-builder's extraResources), in a development checkout under
 * out/native (scripts/electron-native.mjs builds it there, never into node_modules, whose build
 * the tests and the CLI use).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ADDON_FILE = 'better_sqlite3.node';

export function sqliteAddonPath(options: { packaged: boolean; resourcesPath: string; appRoot: string; electronVersion: string }): string {
  const folder = `electron-${options.electronVersion}`;
  return options.packaged ? join(options.resourcesPath, 'native', folder, ADDON_FILE) : join(options.appRoot, 'out', 'native', folder, ADDON_FILE);
}

/** Null when it is there; else what is missing and what to do, for a dialog. */
export function missingAddonMessage(file: string, packaged: boolean): string | null {
  if (existsSync(file)) return null;
  return packaged
    ? `The database engine built for this version of Quayside is missing (${file}). Reinstall Quayside.`
    : `better-sqlite3 built for Electron is missing (${file}). Run \`node scripts/electron-native.mjs\` (it needs the internet once for Electron's headers), then start again.`;
}
