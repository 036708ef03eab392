/**
 * vitest's global setup: builds out/harness/ (scripts/build-node.mjs) when a source is newer than
 * it, once before any test file runs, so every CLI the tests start through bin/quayside.mjs runs
 * the bundled CLI (about 0.5 s to start instead of tsx's 1.5 s, a few hundred times per run). The
 * same source: bin/quayside.mjs falls back to tsx whenever the build is older than src/.
 */
export default async function buildOnce(): Promise<void> {
  const script = '../../scripts/build-node.mjs';
  const { buildNode } = (await import(script)) as { buildNode: (o: { ifStale: boolean }) => Promise<{ built: boolean }> };
  await buildNode({ ifStale: true });
}
