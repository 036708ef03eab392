/**
 * The engine's peak memory as it ships: the built harness (out/harness, the engine as one bundle,
 * no TypeScript compiler in it) on a copy of the window's 100,000-shipment cache, asked over HTTP
 * what the window-search bench asks (carrier performance's first report, the table, searches);
 * then its engine's VmHWM (Linux). The window-search bench's own engine runs from the sources
 * through tsx, which adds about 60 MB by itself. Prints; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { postApi } from '../e2e/support/index.js';
import type { Fixture } from '../e2e/support/fixture-cache.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

function childPeakMb(parent: number): number | null {
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== parent) continue;
      const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : null;
    }
  } catch {
    // Not Linux, or the process went: the figure is left out.
  }
  return null;
}

/** The built engine's VmHWM (MB) after the same asks as the window-search bench, or null. */
export async function builtEnginePeakMb(fixture: Fixture): Promise<number | null> {
  // @ts-expect-error: a plain ES module script without types.
  const { buildNode } = (await import('../../scripts/build-node.mjs')) as { buildNode: (o: { ifStale: boolean }) => Promise<unknown> };
  await buildNode({ ifStale: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-engine-memory-'));
  fixture.copyTo(dataDir);
  const child = spawn(process.execPath, [join(ROOT, 'out', 'harness', 'harness.js'), '--port', '0', '--data-dir', dataDir, '--api-base', 'http://127.0.0.1:9'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, QUAYSIDE_API_KEY: '' },
  });
  try {
    const url = await new Promise<string>((ok, fail) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const hit = /Quayside harness on (http:\/\/\S+)/.exec(out);
        if (hit) ok(hit[1]!);
      });
      child.once('exit', (code) => fail(new Error(`the built harness exited (${code}) before listening`)));
    });
    const ask = async (method: string, input?: unknown) => {
      const answer = await postApi(url, method, input === undefined ? {} : { input });
      if (answer.status !== 200) throw new Error(`${method}: HTTP ${answer.status}`);
    };
    const order = [{ column: 'eta', direction: 'desc' }];
    await ask('shipments.list', { moving: true, order: [{ column: 'eta', direction: 'asc' }], offset: 0, limit: 200 });
    await ask('shipments.facets');
    await ask('performance.report', {});
    await ask('shipments.list', { order, offset: 0, limit: 200 });
    for (const search of ['M', 'MA', 'MAEU', 'MAEU1', 'rotter', 'sha']) await ask('shipments.list', { search, order, offset: 0, limit: 200 });
    return childPeakMb(child.pid!);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
