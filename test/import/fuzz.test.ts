/**
 * The importer on damaged files, on a fixed seed: CSV and XLSX files with flipped
 * bytes, cut short, with bytes inserted (the XLSX both as a whole file and as a sound ZIP around
 * damaged sheet XML), plus a sheet claiming Excel's whole grid and ZIP bombs
 * (hostile-files.ts). Each goes through the import's own front door (`validateImport`: the
 * pre-scan, then the cage) against a real cache and the simulator over HTTP. Each is answered,
 * in at most 50 times what the undamaged file takes here and now (no hang, no runaway reader),
 * with a report or with one sentence (an ImportError a person can read: one line, ending in a
 * full stop, no stack); the cache is intact afterwards (the same shipments, `quick_check` ok).
 * The seed is printed, so a failure can be replayed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../src/core/context.js';
import { validateImport } from '../../src/core/features/imports/index.js';
import { ImportError } from '../../src/core/features/imports/index.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { zip } from '../../src/core/features/export/zip.js';
import { workbookParts, writeGridWorkbook, writeWorkbook, writeZipBomb } from './hostile-files.js';
import { containerNumbers } from './make-references.js';
import { cacheDb } from '../support/cache-db.js';
import { seededRandom as random } from '../support/seeded-random.js';
import { openCore } from '../../src/engine/open-core.js';

const SEED = 0x5eed_0014;
const CASES_PER_KIND = 6;
/** Far above what a damaged 3 KB file needs over its undamaged original; a hang or a runaway reader fails here. */
const ANSWER_WITHIN_UNDAMAGED = 50;

type Damage = (bytes: Buffer, next: () => number) => Buffer;
const below = (n: number, next: () => number) => Math.floor(next() * n);

const DAMAGE: Record<string, Damage> = {
  flipped: (bytes, next) => {
    const out = Buffer.from(bytes);
    for (let i = 0, n = 1 + below(12, next); i < n; i++) {
      const at = below(out.length, next);
      out[at] = out[at]! ^ (1 + below(255, next));
    }
    return out;
  },
  truncated: (bytes, next) => bytes.subarray(0, below(bytes.length, next)),
  inserted: (bytes, next) => {
    const at = below(bytes.length, next);
    // Bytes readers trip on: quotes, separators, line breaks, invalid UTF-8, markup, `=`; half the time also NUL and a ZIP signature.
    const text = [0x22, 0x2c, 0x3b, 0x09, 0x0d, 0x0a, 0xff, 0xfe, 0xc3, 0x3c, 0x3e, 0x26, 0x3d];
    const pool = next() < 0.5 ? text : [...text, 0x00, 0x50, 0x4b, 0x03, 0x04];
    const extra = Buffer.from(Array.from({ length: 1 + below(64, next) }, () => pool[below(pool.length, next)]!));
    return Buffer.concat([bytes.subarray(0, at), extra, bytes.subarray(at)]);
  },
};

let sim: Simulator;
let work: string;
let service: Core;
let shipmentsBefore: number;
const key = randomUUID();
const cases: { name: string; path: string }[] = [];

beforeAll(async () => {
  sim = await startSimulator({ accounts: [{ apiKey: key, credits: 100, shipments: 25 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-fuzz-'));
  service = openCore({ dataDir: join(work, 'data'), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: key }).core;
  await syncShipments(service);
  shipmentsBefore = service.read.countShipments();

  const numbers = containerNumbers(60);
  const csv = Buffer.from(['Container;Customer;PO', ...numbers.map((n, i) => `${n};"ACME; GmbH";PO-${i}`)].join('\r\n'));
  writeFileSync(join(work, 'base.csv'), csv);
  await writeWorkbook(join(work, 'base.xlsx'), 60);
  const xlsx = readFileSync(join(work, 'base.xlsx'));
  const next = random(SEED);
  for (const [format, bytes] of [['csv', csv], ['xlsx', xlsx]] as const) {
    for (const [kind, damage] of Object.entries(DAMAGE)) {
      for (let i = 0; i < CASES_PER_KIND; i++) {
        const name = `${kind}-${i}.${format}`;
        writeFileSync(join(work, name), damage(bytes, next));
        cases.push({ name, path: join(work, name) });
      }
    }
  }
  // A sound ZIP around damaged sheet XML: the XML reader, not the ZIP reader, meets the damage.
  const cells = numbers.map((n, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>${n}</t></is></c><c r="B${i + 2}"><v>${i}</v></c></row>`).join('');
  const sheet = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Container</t></is></c></row>${cells}</sheetData></worksheet>`);
  for (const [kind, damage] of Object.entries(DAMAGE)) {
    for (let i = 0; i < CASES_PER_KIND; i++) {
      const name = `sheet-xml-${kind}-${i}.xlsx`;
      writeFileSync(join(work, name), await zip([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data: damage(sheet, next) }]));
      cases.push({ name, path: join(work, name) });
    }
  }
  await writeGridWorkbook(join(work, 'grid.xlsx'));
  await writeZipBomb(join(work, 'bomb.xlsx'), { unpackedBytes: 300 << 20 });
  await writeZipBomb(join(work, 'bomb-declared-small.xlsx'), { unpackedBytes: 300 << 20, declared: 4096 });
  for (const name of ['grid.xlsx', 'bomb.xlsx', 'bomb-declared-small.xlsx']) cases.push({ name, path: join(work, name) });
}, 120_000);

afterAll(async () => {
  service?.close();
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe(`the importer on damaged files (seed 0x${SEED.toString(16)})`, () => {
  it('answers each with a report or one sentence, in time, and leaves the cache as it was', async () => {
    // The calibration: the undamaged files through the same door, the slower one's median of three.
    const timed = async (path: string) => {
      const started = performance.now();
      await validateImport(service, path);
      return performance.now() - started;
    };
    let undamagedMs = 0;
    for (const name of ['base.csv', 'base.xlsx']) {
      const runs = [await timed(join(work, name)), await timed(join(work, name)), await timed(join(work, name))];
      undamagedMs = Math.max(undamagedMs, runs.sort((x, y) => x - y)[1]!);
    }
    const answers: string[] = [];
    for (const { name, path } of cases) {
      const started = performance.now();
      let answer: string;
      try {
        const report = await validateImport(service, path);
        answer = `report: ${report.rows} rows, ${report.accepted.length} accepted, ${report.rejected.length} rejected`;
      } catch (err) {
        expect(err, `${name}: ${String(err)}`).toBeInstanceOf(ImportError);
        const sentence = (err as Error).message;
        expect(sentence, name).not.toMatch(/\n|\s{2}|\bat .*\(.*:\d+:\d+\)/);
        expect(sentence, name).toMatch(/^[A-Z"].*[.]$/);
        expect(sentence.length, name).toBeLessThan(400);
        answer = sentence;
      }
      const ms = performance.now() - started;
      expect(ms, `${name} took ${Math.round(ms)} ms, the undamaged file ${Math.round(undamagedMs)} ms`).toBeLessThan(ANSWER_WITHIN_UNDAMAGED * undamagedMs);
      answers.push(`${name} (${Math.round(ms)} ms): ${answer}`);
    }
    console.log(`undamaged: ${Math.round(undamagedMs)} ms\n${answers.join('\n')}`);
    expect(answers).toHaveLength(3 * 3 * CASES_PER_KIND + 3);
    expect(answers.filter((a) => a.startsWith('grid.xlsx') || a.startsWith('bomb')).every((a) => !a.includes('report:'))).toBe(true);
    expect(service.read.countShipments()).toBe(shipmentsBefore);
    expect(cacheDb(service).pragma('quick_check', { simple: true })).toBe('ok');
  }, 300_000);
});
