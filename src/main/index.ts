/**
 * The desktop app's entry: the real Electron modules into the shell (src/main/shell.ts, where
 * all the wiring is). The engine (out/main/engine.js) runs in a utilityProcess with
 * better-sqlite3 built for Electron's ABI; main itself never opens the cache.
 * No business logic lives here.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as electron from 'electron';
import { missingAddonMessage, sqliteAddonPath } from './native-addon.js';
import { startShell } from './shell.js';

const { app, dialog } = electron;
// Laid out by electron.vite.config.ts: out/main/{index,engine}.js, out/preload/index.cjs, out/desktop-renderer/index.html.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// electron-vite sets this in development; a packaged app never loads a page from elsewhere.
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

// The same override the CLI honours, so both can be pointed at one folder (and tests at a temp one).
if (process.env.QUAYSIDE_DATA_DIR) app.setPath('userData', resolve(process.env.QUAYSIDE_DATA_DIR));

const addon = sqliteAddonPath({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, appRoot: here('../..'), electronVersion: process.versions.electron });
const missing = missingAddonMessage(addon, app.isPackaged);
if (missing) {
  void app.whenReady().then(() => {
    dialog.showErrorBox('Quayside cannot open its data', missing);
    app.exit(1);
  });
} else {
  startShell(electron, {
    preload: here('../preload/index.cjs'),
    renderer: devUrl ? { devUrl } : { file: here('../desktop-renderer/index.html') },
    engine: here('./engine.js'),
    sqliteAddon: addon,
    argv: process.argv,
    apiBase: process.env.QUAYSIDE_API_BASE || null,
    demo: process.argv.includes('--demo') || process.env.QUAYSIDE_DEMO === '1',
    icon: app.isPackaged ? undefined : here('../../build/icon.png'),
    log: (line) => console.log(line),
  });
}
