/**
 * Quayside's own export imported again, through the CLI on a real cache and the simulator: the
 * customer's columns in it are read, Quayside's own (status, ETA, vessel, last checked, free
 * time…) are marked as not stored in the mapping with a warning, and none of them is stored.
 * The workbook carries Quayside's mark; the CSV is known by its headers.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../src/core/features/export/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { containerCheckDigit } from '../../src/shared/iso6346.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli, type CliRun } from './run-cli.js';

const KEY = randomUUID();
let sim: Simulator;
let work: string;
const cli = (args: string[]): Promise<CliRun> =>
  runCli(args, { env: { QUAYSIDE_DATA_DIR: join(work, 'data'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: '60' }, timeoutMs: 120_000 });
const json = <T>(run: CliRun): T => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};
const container = (serial: number) => `TGHU${serial}${containerCheckDigit(`TGHU${serial}`)}`;

interface DryRun {
  mapping: { header: string; role: string; quaysideColumn?: boolean; stored?: boolean }[];
  warnings: string[];
  alreadyTracked: number;
  accepted: number;
}

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 60, accounts: [{ apiKey: KEY, credits: 100, shipments: 0 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-own-export-'));
  const sheet = join(work, 'acme.csv');
  writeFileSync(sheet, ['Container,Customer,PO', ...[0, 1, 2, 3].map((i) => `${container(310_000 + i)},ACME,PO-${40 + i}`)].join('\r\n'));
  json(await cli(['import', sheet, '--yes', '--json']));
}, 120_000);

afterAll(async () => {
  await sim?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("Quayside's own export imported again", () => {
  it('marks every column of its own as not stored, in the XLSX and the CSV alike, and stores none of them', async () => {
    const own = EXPORT_COLUMNS.map((c) => c.header).filter((h) => !['Reference', 'SCAC'].includes(h));
    for (const format of ['xlsx', 'csv'] as const) {
      const file = join(work, `export.${format}`);
      // Every column Quayside writes, the forecast too.
      json(await cli(['export', '--format', format, '--out', file, '--columns', ['reference', 'field:customer', 'field:po', ...EXPORT_COLUMNS.slice(1).map((c) => c.id)].join(','), '--json']));
      const dry = json<DryRun>(await cli(['import', file, '--dry-run', '--json']));
      expect(dry.mapping.filter((m) => m.quaysideColumn).map((m) => m.header), format).toEqual(own);
      expect(dry.mapping.filter((m) => m.quaysideColumn).every((m) => m.role === 'ignore' && m.stored === false)).toBe(true);
      expect(dry.mapping.filter((m) => m.role === 'local').map((m) => m.header)).toEqual(['Customer', 'PO']);
      expect(dry.warnings.some((w) => w.startsWith(`This file was written by Quayside (an export): its own ${own.length} columns (${own.join(', ')}) are not stored`))).toBe(true);
      expect(dry.alreadyTracked).toBe(4);

      const text = await cli(['import', file, '--dry-run']);
      expect(text.stdout).toContain("not stored (Quayside's own columns): Type, Carrier, Tracking, Shipment status, ");
      json(await cli(['import', file, '--yes', '--json']));
      const shipments = json<Shipment[]>(await cli(['list', '--json']));
      expect(shipments).toHaveLength(4);
      for (const s of shipments) expect(Object.keys(s.fields).sort(), format).toEqual(['customer', 'po']);
    }
  }, 180_000);

  it('a workbook of Quayside\'s is known by its mark even with only plain headers (Reference, PO, Vessel)', async () => {
    const file = join(work, 'plain.xlsx');
    json(await cli(['export', '--format', 'xlsx', '--out', file, '--columns', 'reference,field:po,vessel', '--json']));
    const dry = json<DryRun>(await cli(['import', file, '--dry-run', '--json']));
    expect(dry.mapping.map((m) => [m.header, m.role, m.quaysideColumn ?? false])).toEqual([
      ['Reference', 'reference', false],
      ['PO', 'local', false],
      ['Vessel', 'ignore', true],
    ]);
  }, 60_000);
});
