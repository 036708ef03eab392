/**
 * The two pieces of the release pipeline's smoke test that run without Electron:
 * - scripts/smoke-fuses.mjs on a stand-in binary holding an Electron fuse wire (the sentinel,
 *   version, length and states as Electron lays them out; read and written by @electron/fuses):
 *   it refuses fuses other than electron-builder.yml's, and otherwise turns on the inspector fuse
 *   alone;
 * - what the smoke test starts (test/electron/app-launch.ts): the named packaged binary or a
 *   failure, never a fallback to the repository's `electron .`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLaunch, ROOT } from '../electron/app-launch.js';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const { DISABLE: OFF, ENABLE: ON } = FuseState;
/** electron-builder.yml's electronFuses, in wire order (RunAsNode first), and a ninth fuse it leaves alone. */
const SHIPPED = [OFF, ON, OFF, OFF, ON, ON, OFF, OFF, ON];

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-smoke-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function fakeElectron(name: string, wire: number[]): string {
  const file = join(work, name);
  writeFileSync(file, Buffer.concat([Buffer.alloc(4096, 0x90), Buffer.from(SENTINEL), Buffer.from([1, wire.length, ...wire]), Buffer.alloc(4096, 0x90)]));
  return file;
}

const smokeFuses = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts', 'smoke-fuses.mjs'), ...args], { encoding: 'utf8' });

describe('scripts/smoke-fuses.mjs', () => {
  it('checks the shipped fuses, then turns on EnableNodeCliInspectArguments and nothing else', async () => {
    const binary = fakeElectron('quayside', SHIPPED);
    const run = smokeFuses(binary);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('the 8 configured fuses are as electron-builder.yml says');
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(ON);
    const others = SHIPPED.map((state, i) => (i === Number(FuseV1Options.EnableNodeCliInspectArguments) ? ON : state));
    expect([...readFileSync(binary).subarray(4096 + SENTINEL.length + 2, 4096 + SENTINEL.length + 2 + SHIPPED.length)]).toEqual(others);
  });

  it('refuses an app whose fuses are not electron-builder.yml’s, and changes nothing', () => {
    const wire = [...SHIPPED];
    wire[Number(FuseV1Options.RunAsNode)] = ON;
    const binary = fakeElectron('loose', wire);
    const before = readFileSync(binary);
    const run = smokeFuses(binary);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('RunAsNode is ENABLE, electron-builder.yml says DISABLE');
    expect(readFileSync(binary).equals(before)).toBe(true);
  });

  it('--check-only changes nothing; a missing app is one sentence', () => {
    const binary = fakeElectron('checked', SHIPPED);
    const before = readFileSync(binary);
    expect(smokeFuses(binary, '--check-only').status).toBe(0);
    expect(readFileSync(binary).equals(before)).toBe(true);
    const missing = smokeFuses(join(work, 'dist', 'linux-unpacked', 'quayside'));
    expect([missing.status, missing.stderr.trim()]).toEqual([1, `${join(work, 'dist', 'linux-unpacked', 'quayside')} does not exist: did npm run dist write the unpacked app there?`]);
  });
});

describe('what the Electron smoke test starts', () => {
  it('QUAYSIDE_APP_BINARY: that packaged binary, or a failure when it is not there (never electron .)', () => {
    const binary = fakeElectron('Quayside.exe', SHIPPED);
    expect(appLaunch({ QUAYSIDE_APP_BINARY: binary })).toEqual({ kind: 'packaged', executablePath: binary, args: [] });
    mkdirSync(join(work, 'dist', 'win-unpacked'), { recursive: true });
    writeFileSync(join(work, 'dist', 'win-unpacked', 'Quayside.exe'), '');
    expect(appLaunch({ QUAYSIDE_APP_BINARY: 'dist/win-unpacked/Quayside.exe' }, work)).toEqual({ kind: 'packaged', executablePath: join(work, 'dist', 'win-unpacked', 'Quayside.exe'), args: [] });
    const missing = appLaunch({ QUAYSIDE_APP_BINARY: 'dist/linux-unpacked/quayside' }, work);
    expect(missing).toEqual({ kind: 'fail', reason: 'QUAYSIDE_APP_BINARY names dist/linux-unpacked/quayside, which does not exist: the packaged app was not built there (npm run dist)' });
  });

  it('without it: the repository’s build where Electron’s binary and the native build exist, else skipped with the reason', () => {
    const root = join(work, 'repo');
    const electron = join(root, 'node_modules', 'electron');
    mkdirSync(join(electron, 'dist'), { recursive: true });
    writeFileSync(join(electron, 'package.json'), JSON.stringify({ version: '45.4.1' }));
    expect(appLaunch({}, root)).toMatchObject({ kind: 'skip', reason: expect.stringMatching(/^Electron 45\.4\.1's binary is not installed/) });
    writeFileSync(join(electron, 'path.txt'), 'electron');
    writeFileSync(join(electron, 'dist', 'electron'), '');
    expect(appLaunch({}, root)).toEqual({ kind: 'skip', reason: 'better-sqlite3 for Electron is not built (run node scripts/electron-native.mjs)' });
    mkdirSync(join(root, 'out', 'native', 'electron-45.4.1'), { recursive: true });
    writeFileSync(join(root, 'out', 'native', 'electron-45.4.1', 'better_sqlite3.node'), '');
    expect(appLaunch({}, root)).toEqual({ kind: 'development', args: [root] });
  });
});
