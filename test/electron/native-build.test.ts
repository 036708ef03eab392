/**
 * scripts/electron-native.mjs and scripts/start.mjs as a developer meets them: the Electron build
 * of better-sqlite3 goes to its own folder from a copy of the source, and where Electron or that
 * build cannot be had, `npm start` says what is missing and what to do.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ELECTRON_VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;
const electronInstalled = existsSync(join(ROOT, 'node_modules', 'electron', 'path.txt'));
const addonBuilt = existsSync(join(ROOT, 'out', 'native', `electron-${ELECTRON_VERSION}`, 'better_sqlite3.node'));

describe('better-sqlite3 for Electron', () => {
  it("is built for Electron's version into out/native, from a copy, never in node_modules", () => {
    const plan = JSON.parse(execFileSync(process.execPath, [join(ROOT, 'scripts', 'electron-native.mjs'), '--dry-run'], { encoding: 'utf8' })) as {
      target: string;
      workDir: string;
      packageDir: string;
      steps: { name: string; args: string[] }[];
    };
    expect(plan.target).toBe(join(ROOT, 'out', 'native', `electron-${ELECTRON_VERSION}`, 'better_sqlite3.node'));
    expect(plan.workDir.startsWith(join(ROOT, 'out', 'native'))).toBe(true);
    expect(plan.workDir.startsWith(plan.packageDir)).toBe(false);
    expect(plan.steps.map((s) => s.name)).toEqual(['prebuilt binary (prebuild-install)', "compile against Electron's headers (node-gyp)"]);
    for (const step of plan.steps) expect(step.args).toContain(`--target=${ELECTRON_VERSION}`);
    expect(plan.steps[1]!.args).toContain('--dist-url=https://electronjs.org/headers');
  });

  it.skipIf(electronInstalled && addonBuilt)('npm start names what is missing and what to do', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--check'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    if (!addonBuilt) expect(run.stderr).toContain(`out/native/electron-${ELECTRON_VERSION}/better_sqlite3.node`);
    if (!addonBuilt) expect(run.stderr).toContain('node scripts/electron-native.mjs');
    if (!electronInstalled) expect(run.stderr).toContain('node node_modules/electron/install.js');
    expect(run.stderr).toContain('npx quayside --help');
  });
});
