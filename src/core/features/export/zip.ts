/**
 * A ZIP archive (the container of an XLSX workbook) from a few named parts: each part deflated
 * by zlib on Node's thread pool, so a large workbook does not hold up the event loop while it
 * is compressed. No ZIP64: a part and the whole archive stay below 4 GiB.
 */
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's bytes, whole or in pieces (a large sheet is written a block at a time). */
  data: Buffer | readonly Buffer[];
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The pieces deflated as one stream, a piece at a time: never copied into one buffer first (a
 * 35 MB sheet copied at once held the event loop 30-60 ms). zlib's output does not depend on how
 * its input is cut, so the bytes are those of deflating the whole part in one call.
 */
async function deflate(pieces: readonly Buffer[]): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 6, chunkSize: 64 * 1024 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  for (const piece of pieces) {
    if (!deflater.write(piece)) await new Promise<void>((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(out);
}

/** The CRC-32 of the pieces, a turn of the event loop between them. */
async function crcOf(pieces: readonly Buffer[]): Promise<number> {
  let crc = 0;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await turn();
    crc = crc32(piece, crc);
  }
  return crc;
}

const LIMIT = 0xffffffff;

/** MS-DOS time and date fields of a local time (the format ZIP keeps), from 1980 on. */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.max(1980, when.getFullYear());
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}

export async function zip(parts: readonly ZipPart[], modified = new Date()): Promise<Buffer> {
  const { time, date } = dosDateTime(modified);
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const pieces = Buffer.isBuffer(part.data) ? [part.data] : (part.data as readonly Buffer[]);
    const size = pieces.reduce((n, p) => n + p.length, 0);
    const crc = await crcOf(pieces);
    const packed = await deflate(pieces);
    if (size > LIMIT || packed.length > LIMIT || offset > LIMIT) throw new RangeError(`${part.name} is too large for a workbook`);

    // The fields the local header (from byte 4) and the directory entry (from byte 6) share.
    const shared = (header: Buffer, at: number): Buffer => {
      header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
      header.writeUInt16LE(0x0800, at + 2); // names are UTF-8
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(date, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      return header;
    };
    const local = shared(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const entry = shared(Buffer.alloc(46), 6);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by 2.0
    // extra field, comment, disk number, internal and external attributes: all 0
    entry.writeUInt32LE(offset, 42);

    chunks.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
