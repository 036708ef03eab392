/**
 * How long the CLI takes to start, as a script calling it many times waits: `npx quayside --help`
 * on a fresh build (the bundle `npm install` builds, scripts/postinstall.mjs), beside
 * `node bin/quayside.mjs --help`, a command that opens the cache (`quayside list` on an empty
 * one), node's own start (`node -e ""`) and npm's (`npx --version`), so a busy machine's share
 * and npm's share can be told apart from Quayside's. Medians of the runs, wall clock from spawn to
 * exit. `npm run bench -- cli [runs]`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reached } from './report.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'quayside.mjs');

function timed(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (run.status !== 0 && run.status !== 2) throw new Error(`${command} ${args.join(' ')} ended with ${run.status}: ${run.stderr.toString().slice(0, 300)}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runCliStartBench(runs = 9): Promise<void> {
  const build = (await import(join(ROOT, 'scripts', 'build-node.mjs'))) as { buildNode: (o: { ifStale: boolean }) => Promise<{ built: boolean }> };
  const started = performance.now();
  const { built } = await build.buildNode({ ifStale: true });
  console.log(`\nCLI start (${runs} runs each, median; the bundle ${built ? `built now in ${((performance.now() - started) / 1000).toFixed(1)} s` : 'was fresh'}):`);
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-cli-start-'));
  const env = { ...process.env, QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: 'http://127.0.0.1:9', QUAYSIDE_API_KEY: '00000000-0000-4000-8000-000000000000', QUAYSIDE_CLI_FROM_SOURCE: '' };
  try {
    const cases: [string, string, string[]][] = [
      ['node -e ""  (node alone)', process.execPath, ['-e', '']],
      ['npx --version  (npm alone)', 'npx', ['--version']],
      ['node bin/quayside.mjs --help', process.execPath, [BIN, '--help']],
      ['npx quayside --help', 'npx', ['--no-install', 'quayside', '--help']],
      ['quayside list  (opens an empty cache)', process.execPath, [BIN, 'list']],
    ];
    const figures = new Map<string, number>();
    for (const [, command, args] of cases) timed(command, args, env); // warm the file cache once
    for (const [label, command, args] of cases) {
      const times = Array.from({ length: runs }, () => timed(command, args, env));
      figures.set(label, median(times));
      console.log(`  ${label.padEnd(40)} ${median(times).toFixed(0).padStart(5)} ms  (fastest ${Math.min(...times).toFixed(0)} ms)`);
    }
    const npx = figures.get('npx quayside --help')!;
    const node = figures.get('node -e ""  (node alone)')!;
    const s = (label: string) => `${((figures.get(label) ?? 0) / 1000).toFixed(2)} s`;
    reached('cli-start', [npx], `${(npx / 1000).toFixed(2)} s (node alone ${(node / 1000).toFixed(2)} s, npm alone ${s('npx --version  (npm alone)')}, bin/quayside.mjs ${s('node bin/quayside.mjs --help')})`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

