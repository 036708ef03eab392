import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures/import/support.js';
import { workbookParts } from '../../../../../test/import/hostile-files.js';
import { zip } from '../../export/zip.js';
import { ImportError } from './errors.js';
import { scanWorkbook } from './workbook-scan.js';

const workbook = (sheetXml: string, name?: string): Promise<Buffer> =>
  zip([...workbookParts(name), { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet><sheetData>${sheetXml}</sheetData></worksheet>`) }]);

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await scanWorkbook(bytes);
  } catch (error) {
    if (error instanceof ImportError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

/** The archive with `extra` bytes put in front of its first part (offsets moved to match). */
function withBytesInFront(archive: Buffer, extra: Buffer): Buffer {
  const end = archive.length - 22;
  const directory = archive.readUInt32LE(end + 16);
  const moved = Buffer.concat([extra, archive]);
  for (let at = extra.length + directory; moved.readUInt32LE(at) === 0x02014b50; at += 46 + moved.readUInt16LE(at + 28) + moved.readUInt16LE(at + 30) + moved.readUInt16LE(at + 32)) {
    moved.writeUInt32LE(moved.readUInt32LE(at + 42) + extra.length, at + 42);
  }
  moved.writeUInt32LE(directory + extra.length, extra.length + end + 16);
  return moved;
}

describe('scanWorkbook', () => {
  it('lets a real workbook through', async () => {
    expect(await refusal(readFileSync(fixture('two-sheets.xlsx')))).toBe('accepted');
    expect(await refusal(await workbook('<row r="1"><c r="A1"><v>1</v></c><c r="T250000"><v>2</v></c></row>'))).toBe('accepted');
  });

  it('refuses the grid a sheet makes a reader fill in, naming the sheet and where it reaches', async () => {
    expect(await refusal(await workbook('<row r="1"><c r="XFD1"><v>1</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>', 'Q4 & Q1'))).toBe(
      'sheet-too-large: The sheet "Q4 & Q1" spans 16,384 columns by 1,048,576 rows (up to column XFD and row 1,048,576), more than one import takes (5,000,000 cells); delete the empty rows and columns around the data in Excel and save it again, or export the sheet as CSV.',
    );
    expect(await refusal(await workbook('<row r="300000"><c r="A300000"><v>1</v></c></row>'))).toBe(
      'too-large: The sheet "Shipments" has cells down to row 300,000; one import takes at most 250,000 rows; delete what is below the data in Excel, or split the sheet into smaller files.',
    );
    expect(await refusal(await workbook('<x:row r="1"><x:c r="AAAA1"><x:v>1</x:v></x:c></x:row>'))).toMatch(/^sheet-too-large: The sheet "Shipments" has a cell beyond Excel's last row or column \(AAAA1\)/);
    expect(await refusal(await workbook('<row r="99999999999"></row>'))).toMatch(/beyond Excel's last row or column \(row 99999999999\)/);
  });

  it('refuses parts that overlap or hide a part the directory does not list (a streaming reader would unpack it unchecked)', async () => {
    const archive = await workbook('<row r="1"><c r="A1"><v>1</v></c></row>');
    const hidden = (await zip([{ name: 'bomb.xml', data: Buffer.alloc(1000, 0x20) }])).subarray(0, 30 + 8 + 10);
    expect(await refusal(withBytesInFront(archive, hidden))).toBe('zip-bomb: This workbook hides parts its directory does not list, as ZIP bombs do; do not open it, and ask the sender for the list as CSV.');

    // The directory's first entry listed twice: both point at the same bytes.
    const end = archive.length - 22;
    const start = archive.readUInt32LE(end + 16);
    const first = archive.subarray(start, start + 46 + archive.readUInt16LE(start + 28));
    const twice = Buffer.concat([archive.subarray(0, end), first, archive.subarray(end)]);
    const record = twice.length - 22;
    twice.writeUInt16LE(twice.readUInt16LE(record + 8) + 1, record + 8);
    twice.writeUInt16LE(twice.readUInt16LE(record + 10) + 1, record + 10);
    twice.writeUInt32LE(twice.readUInt32LE(record + 12) + first.length, record + 12);
    expect(await refusal(twice)).toMatch(/^zip-bomb: This workbook's parts overlap \(\[Content_Types\]\.xml\)/);
  });

  it('says a damaged workbook cannot be read, as before', async () => {
    const bytes = readFileSync(fixture('two-sheets.xlsx'));
    expect(await refusal(bytes.subarray(0, 600))).toMatch(/^unreadable-xlsx: This file looks like an Excel workbook but cannot be read/);
    const corrupt = Buffer.from(bytes);
    corrupt.fill(0x55, 200, 260); // inside the first part's deflated data
    expect(await refusal(corrupt)).toMatch(/^unreadable-xlsx: /);
  });
});
