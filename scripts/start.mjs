#!/usr/bin/env node
// `npm start`: launches the desktop app with electron-vite. Electron's binary is downloaded
// by its own install script, which package.json's allowScripts keeps from running during
// `npm install` (so the install works on machines without internet access to the binary);
// the first start fetches it here, and says clearly what to do when it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

// Checked by hand: require('electron') itself starts a download, noisily, when it is missing.
function electronBinary() {
  const dir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

if (!electronBinary()) {
  console.log('Quayside: Electron\'s binary is not installed yet; downloading it once…');
  const install = spawnSync(process.execPath, [require.resolve('electron/install.js')], { encoding: 'utf8' });
  if (install.status !== 0 || !electronBinary()) {
    // The installer's own stack trace helps nobody here; QUAYSIDE_DEBUG=1 shows it.
    if (process.env.QUAYSIDE_DEBUG) console.error(install.stdout, install.stderr);
    console.error(
      '\nQuayside cannot start the desktop window: Electron\'s binary could not be downloaded on this machine.\n' +
        'What to do: run `node node_modules/electron/install.js` where the internet is reachable (or set\n' +
        'ELECTRON_MIRROR / ELECTRON_CUSTOM_DIR to a reachable mirror), then `npm start` again.\n' +
        'Meanwhile everything else works without it: `npx quayside --help` (the CLI on the same data).',
    );
    process.exit(1);
  }
}

const run = spawnSync('npx', ['electron-vite', 'dev'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
