/**
 * A spreadsheet the window or the OS names by its path, checked where it enters the engine and
 * copied under the data folder by its SHA-256 (`imports/<sha>.<ext>`), so the preview, the start
 * and a resume after a restart all read the same bytes even if the person edits the original.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, join } from 'node:path';
import { AppFailure } from '../../errors.js';

/** What the import reads; anything else (a key file, a document) is refused before it is opened. */
export const SPREADSHEET_EXTENSIONS = ['xlsx', 'csv', 'tsv', 'txt'];
export const MAX_IMPORT_BYTES = 140 * 1024 * 1024;

export interface KeptFile {
  fileId: string;
  fileName: string;
  path: string;
  format: 'csv' | 'xlsx';
}

function unreadable(name: string, err: unknown): AppFailure {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'it is not there any more' : code === 'EACCES' || code === 'EPERM' ? 'Quayside may not read it' : code === 'ENOSPC' ? 'the disk is full' : String((err as Error).message ?? err);
  return new AppFailure('invalid-input', `${name} could not be read (${why}); check the file and try again.`);
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return head[0] === 0x50 && head[1] === 0x4b;
  } finally {
    await handle.close();
  }
}

export async function keepCopy(path: string, folder: string): Promise<KeptFile> {
  const fileName = basename(path);
  const named = extname(fileName).slice(1).toLowerCase();
  if (!isAbsolute(path)) throw new AppFailure('invalid-input', `${fileName} was not given with its full path; drop the file on the window again.`);
  if (named === 'xls') throw new AppFailure('invalid-input', `${fileName} is an old Excel file (.xls); open it in Excel and save it as .xlsx or .csv, then import the new file.`);
  if (!SPREADSHEET_EXTENSIONS.includes(named)) {
    throw new AppFailure('invalid-input', `${fileName} is not a spreadsheet Quayside imports; choose a .xlsx, .csv, .tsv or .txt file.`);
  }
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new AppFailure('invalid-input', `${fileName} is a folder, not a file; choose a spreadsheet (.xlsx or .csv).`);
    size = info.size;
  } catch (err) {
    if (err instanceof AppFailure) throw err;
    throw unreadable(fileName, err);
  }
  if (size === 0) throw new AppFailure('invalid-input', `${fileName} is empty; export the sheet again and import the new file.`);
  if (size > MAX_IMPORT_BYTES) throw new AppFailure('invalid-input', `${fileName} is larger than 140 MB; split it into smaller sheets and import them one by one.`);
  await mkdir(folder, { recursive: true });
  const incoming = join(folder, `.incoming-${randomUUID()}`);
  try {
    await copyFile(path, incoming);
    const fileId = await sha256(incoming);
    const format = (await startsLikeZip(incoming)) ? 'xlsx' : 'csv';
    const ext = format === 'xlsx' ? 'xlsx' : named === 'xlsx' ? 'csv' : named;
    const kept = join(folder, `${fileId}.${ext}`);
    await rename(incoming, kept);
    return { fileId, fileName, path: kept, format };
  } catch (err) {
    await rm(incoming, { force: true });
    throw unreadable(fileName, err);
  }
}
