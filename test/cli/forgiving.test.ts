/**
 * A CLI that forgives its user, run as a shell runs it (the real CLI in a child process, the
 * simulator over HTTP on 127.0.0.1, a cache in a temp folder): global options before the command,
 * a misspelt flag or command answered with the one meant, a command that finds nothing says so in
 * one line (exit 0), counts said right for 1 and 2, and `list` names the carrier and the customer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli, type CliRun } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;

describe('a CLI that forgives', () => {
  let sim: Simulator;
  let dir: string;
  let dataDir: string;
  const env = () => ({ QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) });
  const cli = (args: string[]): Promise<CliRun> => runCli(args, { env: env(), timeoutMs: 90_000 });
  const ok = (run: CliRun): CliRun => {
    expect(run.code, run.stderr).toBe(0);
    return run;
  };

  beforeAll(async () => {
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 100, shipments: 0 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-cli-forgiving-'));
    dataDir = join(dir, 'data');
  });
  afterAll(async () => {
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes global options before the command as after it, and says in one line when there is nothing', async () => {
    // Before the command: --data-dir's value is not taken for the command's name.
    const before = ok(await cli(['--data-dir', dataDir, 'list']));
    expect(before.stdout).toBe('No shipments in the cache yet; "quayside track REF" or "quayside import FILE" adds some.\n');
    expect(JSON.parse(ok(await cli(['--data-dir', dataDir, '--json', 'list'])).stdout)).toEqual([]);
    expect(ok(await cli(['list', '--data-dir', dataDir])).stdout).toBe(before.stdout);
    expect(ok(await cli([`--data-dir=${dataDir}`, 'customers', 'list'])).stdout).toBe('No customers yet; "quayside customers set NAME --to ADDR" adds one.\n');
    // Every command that finds nothing says so, in one line, and exits 0.
    for (const [args, line] of [
      [['updates'], 'No customers yet, so no updates; "quayside customers set NAME --to ADDR" adds one.'],
      [['updates', '--send'], 'No customers yet, so no updates; "quayside customers set NAME --to ADDR" adds one.'],
      [['jobs'], 'No import jobs yet; "quayside import FILE" starts one.'],
      [['watchlists'], 'No watchlists yet; "quayside watchlists from-import JOB" makes one per customer.'],
      [['attention'], 'Nothing needs attention.'],
      [['list', '--search', 'MSKU'], 'No shipment in the cache matches.'],
    ] as const) {
      const run = ok(await cli(['--data-dir', dataDir, ...args]));
      expect(run.stdout, args.join(' ')).toBe(`${line}\n`);
      expect(run.stderr, args.join(' ')).toBe('');
    }
    expect(JSON.parse(ok(await cli(['--data-dir', dataDir, 'updates', '--json'])).stdout)).toEqual([]);
  });

  it('answers a misspelt flag or command with the one meant', async () => {
    const flag = await cli(['--data-dir', dataDir, 'list', '--limt', '5']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^There is no option --limt; did you mean --limit\? Usage: quayside list /);
    expect(flag.stderr.trim().split('\n')).toHaveLength(1);
    const value = await cli(['--data-dir', dataDir, 'list', '--limit']);
    expect(value.code).toBe(2);
    expect(value.stderr).toMatch(/^--limit needs a value, as in --limit VALUE\. Usage: quayside list /);
    const command = await cli(['--data-dir', dataDir, 'lsit']);
    expect(command.code).toBe(2);
    expect(command.stderr.trim()).toBe('Unknown command "lsit": did you mean "quayside list"? "quayside --help" lists the commands.');
    const far = await cli(['--data-dir', dataDir, 'list', '--colour', 'red']);
    expect(far.stderr).toMatch(/^There is no option --colour\. Usage: quayside list /);
  });

  it('counts 1 and 2 right, and lists the carrier by name and the customer', async () => {
    const [first, second] = containerNumbers(2, 730_000);
    const sheet = join(dir, 'one.csv');
    // Two rows of the same container: one shipment to track and one duplicate, for the customer in its column.
    writeFileSync(sheet, ['Container;Customer', `${first};ACME GmbH`, `${first};ACME GmbH`].join('\r\n'));
    const imported = ok(await cli(['--data-dir', dataDir, 'import', sheet, '--yes']));
    expect(imported.stdout).toContain('1 duplicate');
    expect(imported.stdout).not.toMatch(/\b1 duplicates\b/);
    const one = ok(await cli(['--data-dir', dataDir, 'sync']));
    // The active and the archived list are a page each: "1 shipment … from 2 pages".
    expect(one.stdout).toMatch(/^1 shipment refreshed from \d+ pages?, \d+ changes? recorded, no credits spent\.\n$/);
    const listed = ok(await cli(['--data-dir', dataDir, 'list']));
    expect(listed.stdout).toMatch(/^REFERENCE +CUSTOMER +CARRIER +STATUS/);
    expect(listed.stdout).toContain('ACME GmbH');
    expect(listed.stdout).not.toMatch(/\bAUTO\b/);
    expect(listed.stdout).toMatch(/\n1 shipment\.\n$/);
    ok(await cli(['--data-dir', dataDir, 'track', second!]));
    const two = ok(await cli(['--data-dir', dataDir, 'sync']));
    expect(two.stdout).toMatch(/^2 shipments refreshed from \d+ pages?, /);
    expect(ok(await cli(['--data-dir', dataDir, 'list'])).stdout).toMatch(/\n2 shipments\.\n$/);
    // The sheet again: the shipment already tracked gets its column updated, said in the singular.
    writeFileSync(sheet, ['Container;Customer', `${first};ACME Foods`].join('\r\n'));
    const again = ok(await cli(['--data-dir', dataDir, 'import', sheet, '--yes']));
    expect(again.stdout).toContain('1 shipment already tracked is updated with new column values');
  });
});
