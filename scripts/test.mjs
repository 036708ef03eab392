#!/usr/bin/env node
// `npm test`: vitest, with the type checks and lint beside it; inside a private D-Bus session with
// an unlocked GNOME Keyring when one can be started, so the keychain tests use the real Secret
// Service. Arguments go to vitest and skip the type checks and lint: `npm run test:unit` is
// `node scripts/test.mjs --project unit` (projects unit, integration, keychain, e2e, electron: vitest.config.ts).
// Either way the last line is `tests: N passed, N failed[, N skipped]` (a failed check counted), which CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const extraArgs = process.argv.slice(2);

if (!process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.QUAYSIDE_NO_KEYRING && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  mkdirSync(join(homedir(), '.cache'), { recursive: true });
  // A fresh keyring of its own each run: the tests never touch the person's login keyring,
  // and a keyring left with another password cannot lock them out.
  const keyringHome = mkdtempSync(join(tmpdir(), 'quayside-test-keyring-'));
  mkdirSync(join(keyringHome, 'keyrings'), { recursive: true });
  const inner = ['node', 'scripts/test.mjs', ...extraArgs].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `echo -n quayside-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ${inner}`;
  const run = spawnSync('dbus-run-session', ['--', 'bash', '-c', script], { stdio: 'inherit', env: { ...process.env, QUAYSIDE_NO_KEYRING: '1', XDG_DATA_HOME: keyringHome } });
  rmSync(keyringHome, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

/**
 * One check as a child process at a lower priority (nice 10: the tests beside it come first and it
 * takes the CPU they leave idle), its output kept to be printed whole after the tests.
 */
const check = (title, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = has('nice') ? spawn('nice', ['-n', '10', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      let text = `\n▶ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`;
      if (output.trim()) text += output.endsWith('\n') ? output : `${output}\n`;
      if (code !== 0) text += `✖ ${title} failed\n`;
      resolve({ ok: code === 0, text });
    });
  });

/** The checks, two at a time (each is one thread; this machine has two cores), while the tests run. */
async function runChecks(checks) {
  const queue = [...checks];
  const done = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) done.push(await check(...next));
  };
  await Promise.all([lane(), lane()]);
  return done;
}

const checks =
  extraArgs.length === 0
    ? runChecks([
        ['type check (core, CLI, shell, tests)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
        ['lint', 'npx', ['eslint', 'src', 'test', 'scripts']],
        ['type check (window)', 'npx', ['tsc', '--noEmit', '-p', 'src/renderer/tsconfig.json']],
        // The shape of the code (.dependency-cruiser.cjs): layers, features through their index.ts, no cycles.
        ['module rules (dependency-cruiser)', 'npx', ['depcruise', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
        // No export nobody imports (knip.json): dead code that still compiles is found here.
        ['dead exports (knip)', 'npx', ['knip', '--no-progress']],
      ])
    : Promise.resolve([]);

/**
 * One vitest run; its JSON report's counts. A file that failed before any of its tests ran (an
 * import that no longer resolves, a throwing beforeAll) counts as one failure; so does a run that
 * failed with no test failing (an unhandled error): vitest's own count has neither.
 */
async function vitest(args) {
  // QUAYSIDE_TEST_REPORT=<file> keeps vitest's JSON report there (each file's start and end: where the time goes).
  const kept = process.env.QUAYSIDE_TEST_REPORT;
  const report = kept || join(tmpdir(), `quayside-vitest-${process.pid}-${Date.now()}.json`);
  rmSync(report, { force: true });
  const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], { stdio: 'inherit' });
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const brokenFiles = result.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')).length;
    const failed = result.numFailedTests + brokenFiles;
    return { passed: result.numPassedTests, failed: failed === 0 && status !== 0 ? 1 : failed, skipped: result.numPendingTests + result.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  } finally {
    if (!kept) rmSync(report, { force: true });
  }
}

console.log('\n▶ tests');
const total = await vitest(extraArgs);
// A check that failed counts as a failure in the last line too.
for (const { ok, text } of await checks) {
  process.stdout.write(text);
  if (!ok) total.failed++;
}
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
