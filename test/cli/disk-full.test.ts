/**
 * A full disk during an import: the person is told in one sentence that the disk is full and
 * what to do (no stack trace on the way out), the cache stays whole, and `quayside resume`
 * finishes every row once there is room, without spending a credit twice. The cache lives on a
 * small tmpfs (mounting one needs root; the machines of this project run the tests as root).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { runCli } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;
const ROWS = 6_000;

function mountSmallDisk(dir: string, size: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return null;
  } catch {
    return 'a tmpfs cannot be mounted here (the tests run without root)';
  }
}

const root = mkdtempSync(join(tmpdir(), 'quayside-disk-full-'));
const disk = join(root, 'disk');
execFileSync('mkdir', ['-p', disk]);
const skip = mountSmallDisk(disk, '12m');
if (skip) console.warn(`Disk-full test skipped: ${skip}.`);

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 20_000, shipments: 0 }] });
});

afterAll(async () => {
  await sim?.close();
  if (!skip) execFileSync('umount', [disk], { stdio: 'ignore' });
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(skip !== null)('a full disk during an import', () => {
  it('says so in one sentence, keeps the cache whole, and resume finishes every row once there is room', async () => {
    const sheet = join(root, 'week-48.csv');
    const numbers = writeReferenceCsv(sheet, ROWS, 400000);
    const env = { QUAYSIDE_DATA_DIR: join(disk, 'quayside'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) };

    const full = await runCli(['import', sheet, '--yes'], { env, timeoutMs: 180_000 });
    expect(full.code).toBe(1);
    const said = full.stderr.trim().split('\n').filter((l) => !/^\s*\[|█|░/.test(l) && l.trim() !== '');
    expect(said.at(-1)).toMatch(/^The disk holding the Quayside cache \(.*quayside\.db\) is full; free some space, then run "quayside resume" to finish this import \(nothing is sent twice\)\.$/);
    expect(full.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(full.stderr).not.toMatch(/Something unexpected went wrong/);

    // Room again: the same disk, larger.
    execFileSync('mount', ['-o', 'remount,size=256m', disk]);
    const resumed = await runCli(['resume', '--json'], { env, timeoutMs: 180_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const listed = await runCli(['list', '--limit', String(ROWS + 10), '--json'], { env });
    const references = new Set((JSON.parse(listed.stdout) as { reference: string }[]).map((s) => s.reference));
    for (const n of numbers) expect(references.has(n), n).toBe(true);
    // Every reference reached the service once: one credit each, none spent twice.
    expect(20_000 - sim.control.credits(KEY)).toBeLessThanOrEqual(ROWS);
    expect(sim.control.stats(KEY).rateLimited).toBe(0);
  }, 400_000);
});
