#!/usr/bin/env node
// `npm start`: launches the desktop app with electron-vite. Two things come from the internet
// once, on the first start, and never during `npm install` (so the install and the tests work
// where they cannot be reached):
//   1. Electron's binary: its install script is kept from running by package.json's allowScripts.
//   2. better-sqlite3 built for Electron's ABI, into out/native (scripts/electron-native.mjs);
//      node_modules/better-sqlite3/build stays the Node build the tests and the CLI use.
// When either cannot be had, this says what is missing and what to do. `--check` only reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check');
const passOn = process.argv.slice(2).filter((a) => a !== '--check');

// Checked by hand: require('electron') itself starts a download, noisily, when it is missing.
function electronBinary() {
  const dir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const addon = join(ROOT, 'out', 'native', `electron-${electronVersion}`, 'better_sqlite3.node');
const missing = [];

if (!electronBinary() && !checkOnly) {
  console.log(`Quayside: Electron ${electronVersion}'s binary is not installed yet; downloading it once…`);
  const install = spawnSync(process.execPath, [require.resolve('electron/install.js')], { encoding: 'utf8' });
  // The installer's own stack trace helps nobody here; QUAYSIDE_DEBUG=1 shows it.
  if (install.status !== 0 && process.env.QUAYSIDE_DEBUG) console.error(install.stdout, install.stderr);
}
if (!electronBinary()) {
  missing.push(
    `Electron ${electronVersion}'s binary (node_modules/electron/dist). Run \`node node_modules/electron/install.js\` where the\n` +
      '    internet is reachable (or set ELECTRON_MIRROR / ELECTRON_CUSTOM_DIR to a reachable mirror).',
  );
}
if (!existsSync(addon) && missing.length === 0 && !checkOnly) {
  console.log('Quayside: building better-sqlite3 for Electron once (into out/native; the Node build stays as it is)…');
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'electron-native.mjs')], { stdio: 'inherit' });
}
if (!existsSync(addon)) {
  missing.push(
    `better-sqlite3 built for Electron ${electronVersion} (out/native/electron-${electronVersion}/better_sqlite3.node). Run\n` +
      '    `node scripts/electron-native.mjs` where github.com or electronjs.org/headers can be reached.',
  );
}

if (missing.length > 0) {
  console.error(
    `\nQuayside cannot start the desktop window on this machine yet. Missing:\n${missing.map((m) => `  - ${m}`).join('\n')}\n` +
      'Then `npm start` again. Meanwhile everything else works without them: `npx quayside --help` (the CLI on the\n' +
      'same data), `npm run harness -- --demo` (the window in a browser, with sample data).',
  );
  process.exit(1);
}
if (checkOnly) {
  console.log('Quayside: Electron and better-sqlite3 for Electron are in place; `npm start` opens the window.');
  process.exit(0);
}

// Arguments after `npm start --` reach the app (e.g. `npm start -- --demo`).
const run = spawnSync('npx', ['electron-vite', 'dev', ...(passOn.length > 0 ? ['--', ...passOn] : [])], { stdio: 'inherit' });
process.exit(run.status ?? 1);
