import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { columnName, sheetName, writeWorkbook, writeXlsx } from './xlsx.js';

type Sheet = { sheet: string; data: unknown[][] };
const read = async (bytes: Buffer) => (await readXlsxFile(bytes, { trim: false })) as unknown as Sheet[];

describe('the XLSX workbook of an export', () => {
  it('reads back cell for cell: text as written (markup characters, accents, spaces at the ends), numbers as numbers, empty cells empty', async () => {
    const rows = [
      ['MSKU1234565', 3, 'Müller & Söhne <Hamburg> "A"', null],
      ['  indented', -2.5, '東京 / Tōkyō', 'PO 4500012345'],
      ['bell\u0007 removed', 0, '', 'last'],
    ];
    const bytes = await writeXlsx(['Reference', 'ETA moved (days)', 'Consignee', 'PO'], rows, 'ACME: week 48');
    const [sheet, ...others] = await read(bytes);
    expect(others).toEqual([]);
    expect(sheet!.sheet).toBe('ACME  week 48');
    expect(sheet!.data).toEqual([
      ['Reference', 'ETA moved (days)', 'Consignee', 'PO'],
      ['MSKU1234565', 3, 'Müller & Söhne <Hamburg> "A"', null],
      ['  indented', -2.5, '東京 / Tōkyō', 'PO 4500012345'],
      ['bell removed', 0, null, 'last'],
    ]);
  });

  it('is a well-formed ZIP archive: every part passes an independent CRC check (Python zipfile)', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`MSCU${1000000 + i}`, i % 7, `note ${i}`]);
    const bytes = await writeXlsx(['Reference', 'Move', 'Note'], rows, 'Shipments');
    const dir = mkdtempSync(join(tmpdir(), 'quayside-xlsx-'));
    try {
      const file = join(dir, 'export.xlsx');
      writeFileSync(file, bytes);
      const script = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(z.testzip())\nprint(",".join(sorted(z.namelist())))';
      const [bad, names] = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim().split('\n');
      expect(bad).toBe('None');
      expect(names).toBe('[Content_Types].xml,_rels/.rels,xl/_rels/workbook.xml.rels,xl/styles.xml,xl/workbook.xml,xl/worksheets/sheet1.xml');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await read(bytes))[0]!.data).toHaveLength(5001);
  });

  it('lets other work run while a large sheet is written (the app keeps answering during a 100,000-row export)', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [`MSCU${1000000 + i}`, 'IN_TRANSIT', '2026-12-04T14:00:00', 3, 'Rotterdam', `note ${i}`]);
    // Other work queued meanwhile runs between the writer's blocks, not only once it is done
    // (how long the loop is held at most: npm run bench, "spreadsheet export").
    let writing = true;
    let turns = 0;
    const other = () => {
      if (!writing) return;
      turns++;
      setImmediate(other);
    };
    setImmediate(other);
    const bytes = await writeXlsx(['Reference', 'Status', 'ETA', 'Move', 'POD', 'Note'], rows, 'Shipments');
    writing = false;
    expect(turns).toBeGreaterThan(1);
    expect((await read(bytes))[0]!.data[40_000]).toEqual(['MSCU1039999', 'IN_TRANSIT', '2026-12-04T14:00:00', 3, 'Rotterdam', 'note 39999']);
  });

  it('names columns as Excel does and keeps sheet names Excel accepts', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetName('Customer [ACME] / EU?')).toBe('Customer  ACME    EU');
    expect(sheetName('   ')).toBe('Shipments');
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('A very long watchlist name for one customer')).toBe('A very long watchlist name for');
    expect(sheetName('Customers of the port of Hamburg')).toHaveLength(31);
  });

  it('writes typed cells and several sheets: dates as Excel dates, shares as percentages, numbers as numbers (read back, and by LibreOffice)', async () => {
    // 2024-02-29 (a leap day) is Excel serial day 45351; 2026-12-01 is 46357.
    const bytes = await writeWorkbook([
      {
        name: 'Carriers',
        headers: ['Carrier', 'Arrived', 'On time', 'Mean days late', 'Month', 'Since'],
        rows: [
          ['MSC', { value: 157, format: 'integer' }, { value: 0.2866, format: 'percent' }, { value: 2.4167, format: 'decimal' }, { value: 46357, format: 'month' }, { value: 45351, format: 'date' }],
          ['Hapag-Lloyd', 35, { value: 0.94, format: 'percent' }, { value: -0.25, format: 'decimal' }, null, { value: Number.NaN, format: 'date' }],
        ],
      },
      { name: 'Carriers', headers: ['Note'], rows: [['a second sheet of the same name is told apart']] },
    ]);
    const sheets = await read(bytes);
    expect(sheets.map((s) => s.sheet)).toEqual(['Carriers', 'Carriers (2)']);
    expect(sheets[0]!.data).toEqual([
      ['Carrier', 'Arrived', 'On time', 'Mean days late', 'Month', 'Since'],
      ['MSC', 157, 0.2866, 2.4167, new Date(Date.UTC(2026, 11, 1)), new Date(Date.UTC(2024, 1, 29))],
      ['Hapag-Lloyd', 35, 0.94, -0.25, null, null],
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'quayside-workbook-'));
    try {
      const file = join(dir, 'book.xlsx');
      writeFileSync(file, bytes);
      let converted = true;
      try {
        // Every sheet to its own CSV, cells as shown (LibreOffice 7.2 and later).
        execFileSync('soffice', ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1', '--outdir', dir, file], { stdio: 'ignore', timeout: 120_000 });
      } catch {
        converted = false;
      }
      if (converted) {
        const shown = readFileSync(join(dir, 'book-Carriers.csv'), 'utf8').trim().split(/\r?\n/);
        expect(shown[1]).toBe('MSC,157,28.7%,2.4,Dec 2026,2024-02-29');
        expect(shown[2]).toBe('Hapag-Lloyd,35,94.0%,-0.3,,');
      } else {
        console.info('LibreOffice (soffice) is not installed or failed: the workbook was checked by read-excel-file only.');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
