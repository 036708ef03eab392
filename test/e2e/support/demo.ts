/**
 * The sample data in the web harness, as the window's tests start it: the renderer built, a fresh
 * data folder, the harness on a free port with `--demo`, its sample cache ready. `value` calls the
 * engine as the window does and throws the engine's sentence on a refusal; `close` stops the
 * harness and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../../src/harness/server.js';
import { buildRenderer } from './renderer.js';

export interface DemoHarness {
  harness: Harness;
  /** The data folder given (the sample cache is its `demo/`). */
  dataDir: string;
  value<T>(method: string, input?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startDemoHarness(name: string): Promise<DemoHarness> {
  await buildRenderer();
  const dataDir = mkdtempSync(join(tmpdir(), `quayside-${name}-e2e-`));
  const harness = await startHarness({ dataDir, demo: true, port: 0 });
  await harness.demoReady;
  return {
    harness,
    dataDir,
    async value<T>(method: string, input?: unknown): Promise<T> {
      const result = await harness.engine.call(method, input);
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
      return result.value as T;
    },
    async close() {
      await harness.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
