/**
 * `quayside performance` in a child process on a real cache: months of the simulator's past written
 * as Quayside would have seen them, the shipments on the way synced with `quayside sync` over HTTP
 * (the simulator with its carriers' habits). What a forwarder reads: the tables, the habitually late
 * carriers late, the filters, the public JSON, the back-test, the workbook with numbers as numbers
 * and dates as Excel dates; the likely arrival in an export and as a reason of `quayside attention`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData } from '../../src/core/data/index.js';
import type { AttentionItem, BacktestReport, PerformanceReport } from '../../src/shared/contract/index.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from './run-cli.js';

const KEY = '5b0c2d1e-7f3a-4c8e-9d6b-1a2b3c4d5e6f';
let sim: Simulator;
let work: string;
let dataDir: string;

const cli = (args: string[]) => runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY }, timeoutMs: 120_000 });

beforeAll(async () => {
  sim = await startSimulator({ habits: true, rateLimits: false, accounts: [{ apiKey: KEY, credits: 0, shipments: 80, pastVoyages: 500 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-performance-cli-'));
  dataDir = join(work, 'data');
  const store = openData(cacheFile(dataDir));
  try {
    const past = sim.control.pastSnapshots(KEY);
    store.write((tx) => tx.recordShipmentSnapshots(past.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
  } finally {
    store.close();
  }
  const synced = await cli(['sync']);
  expect(synced.code, synced.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('quayside performance', () => {
  it('prints the tables by carrier, lane and month, with what was left out and why', async () => {
    const run = await cli(['performance']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d[\d,]* shipments arrived \(\d+ still on the way, not measured\)\. Days are calendar days at the port/);
    expect(run.stdout).toMatch(/^Left out: .*without a departure event/m);
    for (const heading of ['BY CARRIER', 'BY LANE', 'BY MONTH OF ARRIVAL', 'VS FIRST ETA p50/p90', 'TRANSIT p50', 'VESSEL CHANGED']) expect(run.stdout).toContain(heading);
    expect(run.stdout).toMatch(/^Mediterranean Shipping Company \(MSCU\)\s+\d+/m);
    expect(run.stdout).toMatch(/^Shanghai → Rotterdam\s+\d+/m);
  });

  it('answers the public JSON: habitually late carriers late, every figure with the shipments it stands on, filters applied', async () => {
    const run = await cli(['performance', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as PerformanceReport;
    expect(report.total.shipments).toBeGreaterThan(400);
    const carrier = (scac: string) => report.carriers.find((c) => c.carrier?.scac === scac)!;
    expect(carrier('MSCU').arrivalVsEta14.p50).toBeGreaterThanOrEqual(1);
    expect(carrier('COSU').arrivalVsEta14.p50).toBeGreaterThanOrEqual(2);
    expect(carrier('HLCU').onTime.share!).toBeGreaterThan(carrier('COSU').onTime.share!);
    expect(carrier('MSCU').onTime.n).toBeLessThanOrEqual(carrier('MSCU').shipments);

    const lane = report.lanes[0]!.lane!.key;
    const filtered = JSON.parse((await cli(['performance', '--carrier', 'mscu', '--lane', lane, '--since', '2026-01-01', '--json'])).stdout) as PerformanceReport;
    expect(filtered.filters).toEqual({ carrier: 'MSCU', lane, since: '2026-01-01' });
    expect(filtered.carriers.map((c) => c.carrier?.scac)).toEqual(filtered.total.shipments > 0 ? ['MSCU'] : []);
    expect(filtered.lanes.every((l) => l.lane?.key === lane)).toBe(true);
    expect(filtered.months.every((m) => m.month! >= '2026-01')).toBe(true);

    const unknown = await cli(['performance', '--lane', 'Atlantis-Rotterdam']);
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain('No lane "Atlantis-Rotterdam" is in the history; a lane is named by its ports');
    const bad = await cli(['performance', '--since', 'last week']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--since takes a day as YYYY-MM-DD');
  });

  it('--backtest: the band’s p50 beats the late carriers’ own ETAs, p10–p90 holds about 80% of arrivals', async () => {
    const run = await cli(['performance', '--backtest', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const backtest = JSON.parse(run.stdout) as BacktestReport;
    expect(backtest.horizons.map((h) => h.daysBefore)).toEqual([7, 14]);
    for (const h of backtest.horizons) {
      expect(h.withBand).toBeGreaterThan(200);
      expect(h.bandMae!).toBeLessThan(h.carrierEtaMae!);
      expect(h.coverage!).toBeGreaterThan(0.7);
      expect(h.coverage!).toBeLessThan(0.9);
    }
    const text = await cli(['performance', '--backtest']);
    expect(text.stdout).toContain("CARRIER'S ETA: MEAN DAYS OFF");
    expect(text.stdout).toMatch(/^7 days before arrival: \d[\d,]* of \d[\d,]* forecasts had a band\./m);
  });

  it('--xlsx writes the tables as a workbook: numbers as numbers, shares as fractions, months and dates as Excel dates', async () => {
    const out = join(work, 'performance.xlsx');
    const run = await cli(['performance', '--since', '2026-01-01', '--xlsx', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Wrote 8 sheets to .*performance\.xlsx/);
    const sheets = (await readXlsxFile(readFileSync(out))) as unknown as { sheet: string; data: unknown[][] }[];
    expect(sheets.map((s) => s.sheet)).toEqual(['About', 'Carriers', 'Lanes', 'Carriers on lanes', 'Months', 'Carriers by month', 'Lanes by month', 'Likely arrival accuracy']);
    const about = sheets[0]!.data;
    expect(about.find((r) => r[0] === 'Arrived since')![1]).toEqual(new Date(Date.UTC(2026, 0, 1)));
    const carriers = sheets[1]!.data;
    expect(carriers[0]!.slice(0, 3)).toEqual(['Carrier', 'SCAC', 'Arrived']);
    expect(typeof carriers[1]![2]).toBe('number');
    const onTime = carriers[0]!.findIndex((h) => String(h).startsWith('On time ('));
    expect(carriers[1]![onTime] as number).toBeGreaterThanOrEqual(0);
    expect(carriers[1]![onTime] as number).toBeLessThanOrEqual(1);
    const months = sheets[4]!.data;
    expect(months[1]![0]).toBeInstanceOf(Date);
    expect((months[1]![0] as Date).getUTCDate()).toBe(1);
  });
});

describe('the likely arrival outside the view', () => {
  it('is a column of `quayside export`, a forecast beside the carrier’s ETA', async () => {
    const out = join(work, 'likely.csv');
    const run = await cli(['export', '--out', out, '--status', 'ACTIVE', '--columns', 'reference,eta,likely,likelyFrom,likelyTo,likelyShipments']);
    expect(run.code, run.stderr).toBe(0);
    const rows = Papa.parse<string[]>(readFileSync(out, 'utf8').slice(1).trim(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual(['Reference', 'ETA (port local time)', 'Likely arrival, p50 (port local, forecast)', 'Likely arrival from, p10', 'Likely arrival to, p90', 'Likely arrival: past shipments']);
    const banded = rows.slice(1).filter((r) => r[2] !== '');
    expect(banded.length).toBeGreaterThan(10);
    for (const r of banded) {
      expect(r[3]! <= r[2]! && r[2]! <= r[4]!).toBe(true);
      expect(Number(r[5])).toBeGreaterThanOrEqual(10);
    }
  });

  it('makes "likely later than promised" a reason of `quayside attention` when the promised date is before its p50', async () => {
    const store = openData(cacheFile(dataDir));
    let reference: string;
    try {
      const row = store.read.listShipmentRows({ status: 'ACTIVE', sort: 'likely', limit: 500 }).find((r) => r.likelyArrival !== null && r.likelyArrival.likely.slice(0, 10) > (r.eta ?? '').slice(0, 10))!;
      reference = row.reference;
      store.write((tx) => {
        tx.fields.set(row.id, { Promised: row.eta!.slice(0, 10) });
        tx.setSetting('attention.promisedDateField', 'Promised');
      });
    } finally {
      store.close();
    }
    const run = await cli(['attention', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const item = (JSON.parse(run.stdout) as AttentionItem[]).find((i) => i.reference === reference)!;
    const reason = item.reasons.find((r) => r.kind === 'likely_later')!;
    expect(reason.detail).toMatch(/^Likely to arrive \d{4}-\d{2}-\d{2}, \d+ days? after the date promised in "Promised" .* A forecast, not the carrier's date \(ETA /);
    const text = await cli(['attention']);
    expect(text.stdout).toContain('Likely later than promised');
  });
});
