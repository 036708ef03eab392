/**
 * A spreadsheet the window or the OS names by its path, checked where it enters the engine and
 * copied under the data folder by its SHA-256 (`imports/<sha>.<ext>`), so the preview, the start
 * and a resume after a restart all read the same bytes even if the person edits the original.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { basename, extname, isAbsolute, join } from 'node:path';
import { MAX_IMPORT_BYTES, SPREADSHEET_EXTENSIONS, tooLargeToImport } from '../../../shared/spreadsheet-files.js';
import { AppFailure, fileProblem } from '../../platform/failure.js';


export interface KeptFile {
  fileId: string;
  fileName: string;
  path: string;
  format: 'csv' | 'xlsx';
}

function unreadable(name: string, err: unknown): AppFailure {
  return new AppFailure('invalid-input', `${name} could not be read (${fileProblem(err)}); check the file and try again.`);
}

/** Copies the file in one read, hashing it on the way; answers its SHA-256 and whether it starts like a ZIP (a workbook). */
async function copyAndHash(from: string, to: string): Promise<{ sha256: string; zip: boolean }> {
  const hash = createHash('sha256');
  let head: Buffer | null = null;
  await pipeline(
    createReadStream(from),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        head ??= chunk;
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(to),
  );
  const first = head as Buffer | null;
  return { sha256: hash.digest('hex'), zip: first !== null && first[0] === 0x50 && first[1] === 0x4b };
}

export async function keepCopy(path: string, folder: string): Promise<KeptFile> {
  const fileName = basename(path);
  const named = extname(fileName).slice(1).toLowerCase();
  if (!isAbsolute(path)) throw new AppFailure('invalid-input', `${fileName} was not given with its full path; drop the file on the window again.`);
  if (named === 'xls') throw new AppFailure('invalid-input', `${fileName} is an old Excel file (.xls); open it in Excel and save it as .xlsx or .csv, then import the new file.`);
  if (!SPREADSHEET_EXTENSIONS.includes(named)) {
    throw new AppFailure('invalid-input', `${fileName} is not a spreadsheet Quayside imports; choose a .xlsx, .xlsm, .csv, .tsv or .txt file.`);
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
  if (size > MAX_IMPORT_BYTES) throw new AppFailure('invalid-input', tooLargeToImport(fileName));
  await mkdir(folder, { recursive: true });
  const incoming = join(folder, `.incoming-${randomUUID()}`);
  try {
    const { sha256: fileId, zip } = await copyAndHash(path, incoming);
    const format = zip ? 'xlsx' : 'csv';
    const ext = format === 'xlsx' ? 'xlsx' : named === 'xlsx' ? 'csv' : named;
    const kept = join(folder, `${fileId}.${ext}`);
    await rename(incoming, kept);
    return { fileId, fileName, path: kept, format };
  } catch (err) {
    await rm(incoming, { force: true });
    throw unreadable(fileName, err);
  }
}
