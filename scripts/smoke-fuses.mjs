#!/usr/bin/env node
// The release pipeline's step between `npm run dist` and the smoke test (.github/workflows/release.yml):
//   node scripts/smoke-fuses.mjs <the unpacked app's binary, or its .app>
// 1. Reads the Electron fuses of the packaged app and fails unless they are exactly what
//    electron-builder.yml's electronFuses says: what the installers carry is checked, not assumed.
// 2. Then turns on one fuse, EnableNodeCliInspectArguments, in this unpacked copy only: Playwright's
//    Electron driver attaches through the Node inspector (`--inspect=0`), which that fuse switches
//    off (https://playwright.dev/docs/api/class-electron, "Known issues"). The installers were
//    written before this step and keep it off; on macOS the ad-hoc signature is renewed.
// `--check-only` stops after 1.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FuseState, FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { parse } from 'yaml';

const CONFIG_KEYS = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};

/** electron-builder.yml's electronFuses as { FuseV1Options index: boolean }. */
export function configuredFuses(builderYml) {
  const fuses = parse(builderYml)?.electronFuses;
  if (!fuses || typeof fuses !== 'object') throw new Error('electron-builder.yml has no electronFuses section.');
  const wanted = {};
  for (const [key, value] of Object.entries(fuses)) {
    if (!(key in CONFIG_KEYS)) throw new Error(`electron-builder.yml names a fuse this script does not know: ${key}.`);
    wanted[CONFIG_KEYS[key]] = value === true;
  }
  return wanted;
}

/** The fuses of the binary that differ from `wanted`, as sentences (empty when they all match). */
export function fuseMismatches(wire, wanted) {
  const problems = [];
  for (const [option, on] of Object.entries(wanted)) {
    const state = wire[option];
    const expected = on ? FuseState.ENABLE : FuseState.DISABLE;
    if (state !== expected) problems.push(`${FuseV1Options[option]} is ${FuseState[state] ?? 'missing'}, electron-builder.yml says ${on ? 'ENABLE' : 'DISABLE'}`);
  }
  return problems;
}

async function main() {
  const [target, flag] = process.argv.slice(2);
  if (!target || (flag !== undefined && flag !== '--check-only')) {
    console.error('Usage: node scripts/smoke-fuses.mjs <unpacked app binary or .app> [--check-only]');
    process.exit(2);
  }
  if (!existsSync(target)) {
    console.error(`${target} does not exist: did npm run dist write the unpacked app there?`);
    process.exit(1);
  }
  const wanted = configuredFuses(readFileSync(new URL('../electron-builder.yml', import.meta.url), 'utf8'));
  const problems = fuseMismatches(await getCurrentFuseWire(target), wanted);
  if (problems.length > 0) {
    console.error(`The packaged app's fuses are not the configured ones:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${target}: the ${Object.keys(wanted).length} configured fuses are as electron-builder.yml says.`);
  if (flag === '--check-only') return;
  await flipFuses(target, {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: process.platform === 'darwin',
    [FuseV1Options.EnableNodeCliInspectArguments]: true,
  });
  const after = await getCurrentFuseWire(target);
  if (after[FuseV1Options.EnableNodeCliInspectArguments] !== FuseState.ENABLE) {
    console.error('EnableNodeCliInspectArguments could not be turned on; Playwright cannot attach.');
    process.exit(1);
  }
  console.log(`${target}: EnableNodeCliInspectArguments turned on in this unpacked copy for Playwright; the installers keep it off.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
