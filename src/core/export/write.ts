/** Writes export rows as CSV (UTF-8 with BOM, CRLF, RFC 4180 quoting) or XLSX. */
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { type CellValue, neutralise } from './columns.js';

export type ExportFormat = 'csv' | 'xlsx';

function csvCell(value: CellValue): string {
  const safe = neutralise(value);
  if (safe === null) return '';
  const text = typeof safe === 'number' ? String(safe) : safe;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly CellValue[][]): Buffer {
  const lines = [headers.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  // The BOM makes Excel read UTF-8 (Müller, Peña) instead of the system code page.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(headers: readonly string[], rows: readonly CellValue[][], sheet: string): Promise<Buffer> {
  const data: SheetData = [
    headers.map((h) => ({ value: h, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value) => {
        const safe = neutralise(value);
        if (safe === null) return null;
        return typeof safe === 'number' ? { value: safe, type: Number } : { value: safe, type: String };
      }),
    ),
  ];
  return writeExcelFile(data, { sheet: sheet.slice(0, 31) || 'Shipments' }).toBuffer();
}
