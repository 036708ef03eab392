import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli } from './run-cli.js';

/*
 * One column, whatever its capitals: two sheets, one headed "promised date" and one "Promised
 * Date", give one field, listed under the name first seen, exported as one column holding both.
 */
const KEY = randomUUID();
let sim: Simulator;
let work: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 60, accounts: [{ apiKey: KEY, credits: 100, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-cli-field-names-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a column whose capitals differ from one sheet to the next', () => {
  it('is one field: listed by the name first seen, exported once with every value', { timeout: 120_000 }, async () => {
    const env = { QUAYSIDE_DATA_DIR: join(work, 'data'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: '60' };
    const cli = async (args: string[]) => {
      const run = await runCli(args, { env, timeoutMs: 60_000 });
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    const [first, second] = containerNumbers(2, 830_000) as [string, string];
    writeFileSync(join(work, 'a.csv'), `Container;Customer;promised date\r\n${first};ACME;2026-12-10`);
    writeFileSync(join(work, 'b.csv'), `Container;CUSTOMER;Promised  Date\r\n${second};Nordhafen;2026-12-14`);
    await cli(['import', join(work, 'a.csv'), '--yes', '--json']);
    await cli(['import', join(work, 'b.csv'), '--yes', '--json']);
    const listed = JSON.parse(await cli(['list', '--json'])) as { reference: string; fields: Record<string, string> }[];
    expect(Object.fromEntries(listed.map((s) => [s.reference, s.fields]))).toEqual({
      [first]: { customer: 'ACME', 'promised date': '2026-12-10' },
      [second]: { customer: 'Nordhafen', 'promised date': '2026-12-14' },
    });
    expect(JSON.parse(await cli(['list', '--field', 'PROMISED_DATE=2026-12-14', '--json'])).map((s: { reference: string }) => s.reference)).toEqual([second]);
    const out = join(work, 'report.csv');
    await cli(['export', '--out', out, '--json']);
    const header = readFileSync(out, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0]!.split(',');
    expect(header.filter((h) => /promised/i.test(h))).toEqual(['Promised date']);
    const history = JSON.parse(await cli(['field', 'history', second, '--json'])) as { fields: { name: string; current: { name: string } }[] };
    expect(history.fields.find((f) => f.name === 'promised date')?.current.name).toBe('Promised  Date');
  });
});
