#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into out/native/electron-<version>/better_sqlite3.node,
// from a copy of the package's source, so node_modules/better-sqlite3/build (the Node build the
// tests and the CLI use) is never touched. Electron main passes the file as better-sqlite3's
// `nativeBinding` (src/main/native-addon.ts). First a prebuilt binary for Electron (prebuild-install),
// else a compile against Electron's headers (node-gyp); both need the internet once.
//
//   node scripts/electron-native.mjs [--force] [--dry-run] [--electron-version X.Y.Z]
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HEADERS_URL = 'https://electronjs.org/headers';

const { values } = parseArgs({
  options: { force: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false }, 'electron-version': { type: 'string' } },
});

const packageDir = dirname(require.resolve('better-sqlite3/package.json'));
const electronVersion = values['electron-version'] ?? JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const outDir = join(ROOT, 'out', 'native', `electron-${electronVersion}`);
const target = join(outDir, 'better_sqlite3.node');
const workDir = join(ROOT, 'out', 'native', `source-${electronVersion}`, 'better-sqlite3');
const common = [`--target=${electronVersion}`, `--arch=${process.arch}`];
const steps = [
  { name: 'prebuilt binary (prebuild-install)', command: process.execPath, args: [require.resolve('prebuild-install/bin.js'), '--runtime=electron', ...common, `--platform=${process.platform}`, '--verbose'] },
  { name: "compile against Electron's headers (node-gyp)", command: process.execPath, args: [nodeGyp(), 'rebuild', '--release', ...common, `--dist-url=${HEADERS_URL}`, '--runtime=electron'] },
];

function nodeGyp() {
  // npm ships node-gyp; its location sits beside npm's own CLI.
  const candidates = [join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')];
  if (process.env.npm_execpath) candidates.unshift(join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  return candidates.find((c) => existsSync(c)) ?? 'node-gyp';
}

/** npm's own settings (nodedir=… for Node's headers, runtime, target) must not steer a build for Electron. */
function buildEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(key)) delete env[key];
  return env;
}

if (relative(join(packageDir, 'build'), workDir).split(sep)[0] !== '..' || workDir.startsWith(packageDir + sep)) {
  throw new Error('refusing to build inside node_modules/better-sqlite3');
}

if (values['dry-run']) {
  console.log(JSON.stringify({ electronVersion, target, workDir, packageDir, steps: steps.map((s) => ({ name: s.name, args: s.args })) }, null, 2));
  process.exit(0);
}

if (existsSync(target) && !values.force) {
  console.log(`better-sqlite3 for Electron ${electronVersion} is already built: ${relative(ROOT, target)}`);
  process.exit(0);
}

console.log(`Building better-sqlite3 for Electron ${electronVersion} (${process.platform}-${process.arch}) in ${relative(ROOT, workDir)}…`);
rmSync(workDir, { recursive: true, force: true });
mkdirSync(dirname(workDir), { recursive: true });
cpSync(packageDir, workDir, { recursive: true, filter: (src) => !src.startsWith(join(packageDir, 'build')) && !src.includes(`${sep}node_modules${sep}.cache`) });

const built = join(workDir, 'build', 'Release', 'better_sqlite3.node');
const failures = [];
for (const step of steps) {
  console.log(`- ${step.name}`);
  const run = spawnSync(step.command, step.args, { cwd: workDir, env: buildEnv(), encoding: 'utf8', timeout: 10 * 60_000 });
  if (run.status === 0 && existsSync(built) && statSync(built).size > 0) {
    mkdirSync(outDir, { recursive: true });
    copyFileSync(built, target);
    writeFileSync(join(outDir, 'built.json'), `${JSON.stringify({ electronVersion, platform: process.platform, arch: process.arch, how: step.name, at: new Date().toISOString() }, null, 2)}\n`);
    rmSync(dirname(workDir), { recursive: true, force: true });
    console.log(`Done: ${relative(ROOT, target)}`);
    process.exit(0);
  }
  const lines = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}`.trim().split('\n');
  // The lines that say why (a name not resolved, a refused connection, a missing compiler), not the version banner.
  const why = lines.filter((l) => /ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|gyp ERR! stack Error|warn install|not found|No Xcode|find Python.*not|make: |gyp ERR! (stack )?Error/i.test(l));
  const output = (why.length > 0 ? why : lines.slice(-2)).slice(0, 2).join('\n  ');
  failures.push(`${step.name}: ${output || `exit ${run.status}`}`);
}
rmSync(dirname(workDir), { recursive: true, force: true });
console.error(
  `\nbetter-sqlite3 could not be built for Electron ${electronVersion}; the Node build in node_modules is untouched.\n` +
    `  ${failures.join('\n  ')}\n` +
    'What to do: run `node scripts/electron-native.mjs` where github.com (prebuilt binaries) or electronjs.org/headers\n' +
    '(Electron headers, with a C++ toolchain and Python for node-gyp) can be reached; then `npm start` again.',
);
process.exit(1);
