/**
 * Hostile spreadsheets, made in a temp folder by the tests that need them (never committed): a
 * workbook whose sheet claims Excel's whole grid, ZIP bombs (a part unpacking past 1 GB, declared
 * honestly or declared small), a CSV of 1,000,000 rows and one with a 2 MB line.
 */
import { once } from 'node:events';
import { createWriteStream, writeFileSync } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';
import { zip } from '../../src/core/features/export/zip.js';
import { containerNumbers } from './make-references.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts of a one-sheet workbook around the sheet's XML. */
export function workbookParts(sheetName = 'Shipments'): { name: string; data: Buffer }[] {
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(`${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`),
    },
    { name: '_rels/.rels', data: Buffer.from(`${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: Buffer.from(`${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
  ];
}

const inline = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** 2 KB: a header, one container, and one cell at XFD1048576 under a dimension claiming the whole grid. */
export async function writeGridWorkbook(path: string, options: { dimension?: boolean } = {}): Promise<void> {
  const [container] = containerNumbers(1);
  const sheet = `${HEAD}<worksheet xmlns="${NS}">${options.dimension === false ? '' : '<dimension ref="A1:XFD1048576"/>'}<sheetData>\
<row r="1">${inline('A1', 'Container')}</row><row r="2">${inline('A2', container!)}</row>\
<row r="1048576">${inline('XFD1048576', 'x')}</row></sheetData></worksheet>`;
  writeFileSync(path, await zip([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) }]));
}

/** A small, honest workbook of `rows` containers under a "Container" header. */
export async function writeWorkbook(path: string, rows: number): Promise<string[]> {
  const numbers = containerNumbers(rows);
  const body = numbers.map((n, i) => `<row r="${i + 2}">${inline(`A${i + 2}`, n)}</row>`).join('');
  const sheet = `${HEAD}<worksheet xmlns="${NS}"><sheetData><row r="1">${inline('A1', 'Container')}</row>${body}</sheetData></worksheet>`;
  writeFileSync(path, await zip([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) }]));
  return numbers;
}

/** `bytes` of XML whitespace after a sheet's opening tags, deflated at level 9 as it is made (about 1,000 to 1). */
async function deflatedSheet(bytes: number): Promise<{ packed: Buffer; crc: number; size: number }> {
  const opening = Buffer.from(`${HEAD}<worksheet xmlns="${NS}"><sheetData>`);
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = once(deflater, 'end');
  let crc = crc32(opening);
  deflater.write(opening);
  const spaces = Buffer.alloc(4 << 20, 0x20);
  for (let written = opening.length; written < bytes; written += spaces.length) {
    const piece = spaces.subarray(0, Math.min(spaces.length, bytes - written));
    crc = crc32(piece, crc);
    if (!deflater.write(piece)) await once(deflater, 'drain');
  }
  deflater.end();
  await done;
  return { packed: Buffer.concat(out), crc, size: bytes };
}

/**
 * A workbook whose sheet unpacks to `unpackedBytes` (default 1 GiB + 1 MiB). `declared`: the
 * size its headers give for that part (default: the truth; a bomb may also lie small).
 */
export async function writeZipBomb(path: string, options: { unpackedBytes?: number; declared?: number } = {}): Promise<{ bytes: number }> {
  const sheet = await deflatedSheet(options.unpackedBytes ?? (1 << 30) + (1 << 20));
  const declared = options.declared ?? sheet.size;
  // The skeleton from the export's writer, then the sheet part and the directory by hand.
  const skeleton = await zip(workbookParts(), new Date(2026, 0, 1));
  const directoryOffset = skeleton.readUInt32LE(skeleton.length - 6);
  const directory = skeleton.subarray(directoryOffset, skeleton.length - 22);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const fields = (header: Buffer, at: number): Buffer => {
    header.writeUInt16LE(20, at);
    header.writeUInt16LE(0, at + 2);
    header.writeUInt16LE(8, at + 4);
    header.writeUInt32LE(sheet.crc >>> 0, at + 10);
    header.writeUInt32LE(sheet.packed.length, at + 14);
    header.writeUInt32LE(Math.min(declared, 0xffffffff), at + 18);
    header.writeUInt16LE(name.length, at + 22);
    return header;
  };
  const local = fields(Buffer.alloc(30), 4);
  local.writeUInt32LE(0x04034b50, 0);
  const entry = fields(Buffer.alloc(46), 6);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4);
  entry.writeUInt32LE(directoryOffset, 42);
  const newDirectory = Buffer.concat([directory, entry, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(workbookParts().length + 1, 8);
  end.writeUInt16LE(workbookParts().length + 1, 10);
  end.writeUInt32LE(newDirectory.length, 12);
  end.writeUInt32LE(directoryOffset + local.length + name.length + sheet.packed.length, 16);
  const file = Buffer.concat([skeleton.subarray(0, directoryOffset), local, name, sheet.packed, newDirectory, end]);
  writeFileSync(path, file);
  return { bytes: file.length };
}

/** `rows` data rows of containers under a header, written as it goes (1,000,000 rows: about 33 MB). */
export async function writeLongCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('Container,Customer,PO\r\n');
  for (let start = 0; start < rows; start += 10_000) {
    const numbers = containerNumbers(Math.min(10_000, rows - start), start % 900_000);
    const lines = numbers.map((n, i) => `${n},Customer ${(start + i) % 97},PO-${start + i}\r\n`).join('');
    if (!out.write(lines)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** A CSV whose second line is `bytes` long (no line break, no quote). */
export function writeWideLineCsv(path: string, bytes: number): void {
  writeFileSync(path, `Container,Notes\r\nMSKU1234565,${'x'.repeat(bytes)}\r\n`);
}
