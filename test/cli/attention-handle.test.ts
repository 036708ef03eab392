/**
 * The terminal for a coordinator's day, on the sample data: an Attention reason marked
 * handled with a comment and taken back (`quayside attention handle|undo`), `quayside list | head`
 * ending quietly, and `list` for people in words and about 120 characters wide.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../src/shared/contract/index.js';
import { createAppRuntime } from '../../src/engine/runtime.js';
import { startDemoBackend, type DemoBackend } from '../../src/sim/demo-backend.js';
import { runCli } from './run-cli.js';

const BIN = fileURLToPath(new URL('../../bin/quayside.mjs', import.meta.url));
let dataDir: string;
let backend: DemoBackend;
const cli = (...args: string[]) => runCli([...args, '--data-dir', backend.dataDir]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-attention-cli-'));
  backend = await startDemoBackend({ dataDir });
  const runtime = createAppRuntime({ dataDir: backend.dataDir, apiBase: backend.apiBase, secrets: backend.secrets, fetch: backend.fetch, shell: 'harness', demo: true, version: 'test', background: false });
  await backend.fill(runtime, () => undefined);
  await runtime.close();
}, 60_000);

afterAll(async () => {
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function attention(all = false): Promise<AttentionItem[]> {
  const run = await cli('attention', '--json', ...(all ? ['--all'] : []));
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as AttentionItem[];
}

describe('quayside attention handle and undo', () => {
  it('marks a reason handled with a comment, shows it with --all, and takes it back (the mark before it first)', async () => {
    const before = await attention();
    const item = before.find((i) => i.reasons.length === 1 && i.reasons[0]!.kind === 'stuck')!;
    expect(item).toBeDefined();

    const handled = await cli('attention', 'handle', item.reference, '--reason', 'stuck', '--comment', 'Customer told on the phone');
    expect(handled.code, handled.stderr).toBe(0);
    expect(handled.stdout.trim()).toBe(
      `"Stuck" of ${item.reference} is marked handled with the comment "Customer told on the phone"; it comes back if it gets worse (undo: quayside attention undo ${item.reference} --reason stuck).`,
    );
    expect((await attention()).map((i) => i.reference)).not.toContain(item.reference);
    const shown = (await attention(true)).find((i) => i.reference === item.reference)!;
    expect(shown.reasons[0]).toMatchObject({ kind: 'stuck', acknowledged: true, acknowledgement: { comment: 'Customer told on the phone' } });

    // Marked again (by mail now): its Undo puts the phone call's mark back, the next Undo none.
    expect((await cli('attention', 'handle', item.reference, '--reason', 'stuck', '--comment', 'Told again by mail')).code).toBe(0);
    const backToPhone = await cli('attention', 'undo', item.reference, '--reason', 'Stuck', '--json');
    expect(backToPhone.code, backToPhone.stderr).toBe(0);
    expect(JSON.parse(backToPhone.stdout)).toMatchObject({ reference: item.reference, kind: 'stuck', removed: true, acknowledged: true, acknowledgement: { comment: 'Customer told on the phone' } });
    expect((await attention()).map((i) => i.reference)).not.toContain(item.reference);
    const undone = await cli('attention', 'undo', item.reference, '--reason', 'Stuck');
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout.trim()).toBe(`"Stuck" of ${item.reference} needs attention again.`);
    expect((await attention()).map((i) => i.reference)).toContain(item.reference);

    // Said in words when it cannot be done.
    const again = await cli('attention', 'undo', item.reference, '--reason', 'stuck');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`"Stuck" of ${item.reference} was not marked handled; nothing was changed.`);
    const unknown = await cli('attention', 'handle', item.reference, '--reason', 'late');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('"late" is not a reason of the Attention view; the reasons are eta_slipped, vessel_changed');
    const notNow = await cli('attention', 'handle', item.reference, '--reason', 'eta_slipped');
    expect(notNow.code).toBe(1);
    expect(notNow.stderr).toContain(`${item.reference} has no "eta_slipped" reason now; nothing was acknowledged.`);
  }, 60_000);
});

describe('quayside list', () => {
  it('ends quietly when the reader stops early (| head)', () => {
    const run = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${BIN}" list --data-dir "${backend.dataDir}" | head -3`], { encoding: 'utf8', env: { ...process.env, QUAYSIDE_API_KEY: '' } });
    expect(run.stderr).not.toMatch(/EPIPE|Error/);
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(run.status).toBe(0);
  });

  it('is in words and about 120 characters wide', async () => {
    const run = await cli('list');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(100);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(run.stdout).not.toMatch(/\b(IN_TRANSIT|ACTIVE|ARCHIVED|DELIVERED|INFO_NOT_FOUND|ON_HOLD)\b/);
    // One status: a box the events say arrived reads as where it is, never "In transit" beside it.
    expect(run.stdout).toMatch(/\b(Arrived|Discharged|Gated out) at POD\b/);
    expect(run.stdout).not.toMatch(/In transit · /);
    expect(run.stdout).toMatch(/\barrived \d{4}-\d{2}-\d{2}\b/);
    // The sample data names customers: their column comes second, the table still within 120 characters.
    expect(lines[0]).toMatch(/^REFERENCE +CUSTOMER +CARRIER +STATUS +POD +ETA \(port time\) +NOTE/);
  });
});
