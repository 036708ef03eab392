/** Reading and validating big customer files: 100,000 CSV rows and 50,000 XLSX rows. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { validateSpreadsheet } from '../../src/core/features/imports/sheets/spreadsheet.js';
import { CARRIERS, container, OWNERS } from '../fixtures/import/support.js';

const carrierNames = ['Maersk', 'MSC', 'CMA CGM', 'Hapag-Lloyd', '', 'OOCL', 'Evergreen', 'ONE', 'ZIM', ''];

export async function runParseBench(csvRows = 100_000, xlsxRows = 50_000): Promise<{ csvMs: number; xlsxMs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'quayside-parse-bench-'));
  try {
    const lines = ['Container;Carrier;Customer;PO'];
    for (let i = 0; i < csvRows; i++) lines.push(`${container(OWNERS[i % 10]!, i)};${carrierNames[i % 10]};Société ${i % 50};PO-${i}`);
    const csv = join(dir, 'rows.csv');
    await writeFile(csv, lines.join('\r\n') + '\r\n');
    let started = performance.now();
    const csvReport = await validateSpreadsheet(csv, { carriers: CARRIERS });
    const csvMs = performance.now() - started;
    console.log(`  ${csvRows.toLocaleString('en')} CSV rows read and validated:  ${csvMs.toFixed(0)} ms (aim < 1000), ${csvReport.accepted.length} accepted`);

    const data: SheetData = [[{ value: 'Shipments' }], [], [{ value: 'Container' }, { value: 'Carrier' }, { value: 'Customer' }, { value: 'PO' }]];
    for (let i = 0; i < xlsxRows; i++) {
      data.push([{ value: container(OWNERS[i % 10]!, i) }, { value: carrierNames[i % 10]! }, { value: `Société ${i % 50}` }, { value: 4_500_000_000 + i }]);
    }
    const xlsx = join(dir, 'rows.xlsx');
    await writeFile(xlsx, await writeExcelFile(data).toBuffer());
    started = performance.now();
    const xlsxReport = await validateSpreadsheet(xlsx, { carriers: CARRIERS });
    const xlsxMs = performance.now() - started;
    console.log(`  ${xlsxRows.toLocaleString('en')} XLSX rows read and validated: ${xlsxMs.toFixed(0)} ms (aim < 3000), ${xlsxReport.accepted.length} accepted`);
    return { csvMs, xlsxMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
