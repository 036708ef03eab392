/**
 * Throughput on generated files: 100,000 CSV rows and 50,000 XLSX rows, read and validated.
 * The figures are printed, not asserted (timed assertions make flaky tests; see DESIGN.md).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIERS, container, OWNERS } from '../../../test/fixtures/import/support.js';
import { validateSpreadsheet } from './spreadsheet.js';
import type { ImportProgress } from './types.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quayside-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const carrierNames = ['Maersk', 'MSC', 'CMA CGM', 'Hapag-Lloyd', '', 'OOCL', 'Evergreen', 'ONE', 'ZIM', ''];

describe('throughput', () => {
  it('validates 100,000 CSV rows', async () => {
    const lines = ['Container;Carrier;Customer;PO'];
    for (let i = 0; i < 100_000; i++) lines.push(`${container(OWNERS[i % 10]!, i)};${carrierNames[i % 10]};Société ${i % 50};PO-${i}`);
    const path = join(dir, 'hundred-thousand.csv');
    await writeFile(path, lines.join('\r\n') + '\r\n');
    const progress: ImportProgress[] = [];
    const started = performance.now();
    const report = await validateSpreadsheet(path, { carriers: CARRIERS, onProgress: (p) => progress.push(p) });
    const ms = performance.now() - started;
    console.log(`100,000 CSV rows read and validated in ${ms.toFixed(0)} ms (${report.accepted.length} accepted)`);
    expect(report.rows).toBe(100_000);
    expect(report.accepted).toHaveLength(100_000);
    expect(progress.at(-1)!.rows).toBe(100_001);
  });

  it('validates 50,000 XLSX rows', async () => {
    const data: SheetData = [[{ value: 'Shipments' }], [], [{ value: 'Container' }, { value: 'Carrier' }, { value: 'Customer' }, { value: 'PO' }]];
    for (let i = 0; i < 50_000; i++) {
      data.push([{ value: container(OWNERS[i % 10]!, i) }, { value: carrierNames[i % 10]! }, { value: `Société ${i % 50}` }, { value: 4_500_000_000 + i }]);
    }
    const path = join(dir, 'fifty-thousand.xlsx');
    await writeFile(path, await writeExcelFile(data).toBuffer());
    const started = performance.now();
    const report = await validateSpreadsheet(path, { carriers: CARRIERS });
    const ms = performance.now() - started;
    console.log(`50,000 XLSX rows read and validated in ${ms.toFixed(0)} ms`);
    expect(report.accepted).toHaveLength(50_000);
    expect(report.accepted[0]!.fields.po).toBe('4500000000');
  }, 60_000);
});
