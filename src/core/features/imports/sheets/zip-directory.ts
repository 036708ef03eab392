/**
 * The central directory of a workbook's ZIP: what each part declares (name, method, packed and
 * unpacked size, where it starts), read without unpacking anything. A bomb is refused here on what
 * it declares; what it really unpacks to is checked while unpacking, with a cap (workbook-scan.ts).
 */
import { LIMITS, formatCount, megabytes, unreadableWorkbook, zipBomb } from './limits.js';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  packedSize: number;
  /** Declared; may lie. */
  size: number;
  localOffset: number;
}

export interface ZipDirectoryPlace {
  offset: number;
  size: number;
  entries: number;
}

const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const ENTRY = 0x02014b50;
const END_SIZE = 22;
/** The end record and its comment (at most 65,535 bytes): what `tailBytes` must cover. */
export const TAIL_BYTES = END_SIZE + 0xffff + 20 + 56;
const MAX_DIRECTORY_BYTES = 16 << 20;

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Finds the central directory from the last bytes of the file (`tail` ends where the file ends).
 * ZIP64 is read too: some writers use it for small workbooks.
 */
export function findDirectory(tail: Uint8Array, fileSize: number): ZipDirectoryPlace {
  const data = view(tail);
  for (let at = tail.length - END_SIZE; at >= 0 && at >= tail.length - END_SIZE - 0xffff; at--) {
    if (data.getUint32(at, true) !== END) continue;
    if (at + END_SIZE + data.getUint16(at + 20, true) > tail.length) continue;
    if (data.getUint16(at + 4, true) !== 0 || data.getUint16(at + 6, true) !== 0) throw unreadableWorkbook(); // split archives
    let entries = data.getUint16(at + 10, true);
    let size = data.getUint32(at + 12, true);
    let offset = data.getUint32(at + 16, true);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = at - 20;
      if (locator < 0 || data.getUint32(locator, true) !== END64_LOCATOR) throw unreadableWorkbook();
      const record = Number(data.getBigUint64(locator + 8, true)) - (fileSize - tail.length);
      if (record < 0 || record + 56 > tail.length || data.getUint32(record, true) !== END64) throw unreadableWorkbook();
      entries = safeNumber(data.getBigUint64(record + 32, true));
      size = safeNumber(data.getBigUint64(record + 40, true));
      offset = safeNumber(data.getBigUint64(record + 48, true));
    }
    if (offset + size > fileSize) throw unreadableWorkbook();
    if (entries > LIMITS.zipEntries || size > MAX_DIRECTORY_BYTES) {
      throw zipBomb(` lists ${formatCount(entries)} parts, far more than Excel writes`);
    }
    return { offset, size, entries };
  }
  throw unreadableWorkbook();
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** The directory's entries; `directory` is its bytes. */
export function readDirectory(directory: Uint8Array, place: ZipDirectoryPlace): ZipEntry[] {
  const data = view(directory);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= directory.length && data.getUint32(at, true) === ENTRY) {
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw unreadableWorkbook();
    const entry: ZipEntry = {
      name: Buffer.from(directory.subarray(at + 46, at + 46 + nameLength)).toString('utf8'),
      flags: data.getUint16(at + 8, true),
      method: data.getUint16(at + 10, true),
      packedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
    };
    readZip64Extra(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    at = end;
  }
  if (entries.length !== place.entries) throw unreadableWorkbook();
  return entries;
}

/** ZIP64 keeps the sizes and offset that do not fit 32 bits in extra field 0x0001, in this order. */
function readZip64Extra(extra: Uint8Array, entry: ZipEntry): void {
  const data = view(extra);
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) throw unreadableWorkbook();
        const value = safeNumber(data.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.packedSize === 0xffffffff) entry.packedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/** Refuses, on what the parts declare, a workbook no reader should unpack. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], place: ZipDirectoryPlace): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== 0 && entry.method !== 8) throw unreadableWorkbook();
    if (entry.localOffset + 30 > place.offset) throw unreadableWorkbook();
    if (entry.method === 0 && entry.size !== entry.packedSize) throw unreadableWorkbook();
    if (entry.size > LIMITS.entryBytes) {
      throw zipBomb(`'s part ${entry.name} would unpack to ${megabytes(entry.size)}, more than one import takes (${megabytes(LIMITS.entryBytes)})`);
    }
    if (entry.size > LIMITS.packRatioFromBytes && entry.size / Math.max(1, entry.packedSize) > LIMITS.packRatio) {
      throw zipBomb(`'s part ${entry.name} is packed ${formatCount(Math.round(entry.size / Math.max(1, entry.packedSize)))} to 1`);
    }
    total += entry.size;
  }
  if (total > LIMITS.workbookUnpackedBytes) {
    throw zipBomb(` would unpack to ${megabytes(total)}, more than one import takes (${megabytes(LIMITS.workbookUnpackedBytes)})`);
  }
}

/** The directory of a workbook in memory, checked on what it declares. */
export function readWorkbookDirectory(bytes: Uint8Array): { entries: ZipEntry[]; place: ZipDirectoryPlace } {
  const place = findDirectory(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)), bytes.length);
  const entries = readDirectory(bytes.subarray(place.offset, place.offset + place.size), place);
  checkDeclaredSizes(entries, place);
  return { entries, place };
}
