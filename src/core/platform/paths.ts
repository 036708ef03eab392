import { homedir } from 'node:os';
import { join } from 'node:path';

/** Electron's app.getPath('userData') for productName "Quayside", so the CLI and the app share it. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Quayside');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Quayside');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Quayside');
}

const CACHE_FILE_NAME = 'quayside.db';

export function cacheFile(dataDir: string): string {
  return join(dataDir, CACHE_FILE_NAME);
}
