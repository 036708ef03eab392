/**
 * The one front door of an export to a file: the window's Export dialog (through the engine's
 * `export.run`) and `quayside export` both come here. The file appears whole or not at all.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXPORT_COLUMNS, exportShipments, type ExportRequest, type ExportResult } from './export.js';
import { AppFailure, fileProblem } from '../../platform/failure.js';
import type { Reader } from '../../data/index.js';

/** Written beside the target and renamed over it: a full disk never leaves half a file under the chosen name. */
export async function writeWhole(path: string, bytes: Buffer): Promise<void> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  try {
    await writeFile(partial, bytes);
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw new AppFailure('storage', `The export could not be saved to ${path} (${fileProblem(err)}); choose another folder and export again.`);
  }
}

/** Builds the export and writes it to `path`; nothing is written when the export is refused. */
export async function saveExport(read: Reader, request: ExportRequest, path: string): Promise<ExportResult> {
  let result: ExportResult;
  try {
    result = await exportShipments(read, request);
  } catch (err) {
    if (err instanceof RangeError) throw new AppFailure('invalid-input', `${err.message}; choose the columns again.`);
    throw err;
  }
  await writeWhole(path, result.bytes);
  return result;
}

/** The columns an export can hold: Quayside's own, then each imported column as `field:<name>`. */
export function exportColumns(read: Reader): { id: string; header: string }[] {
  return [
    ...EXPORT_COLUMNS.map((c) => ({ id: c.id, header: c.header })),
    ...read.shipmentFacets().fieldNames.map((name) => ({ id: `field:${name}`, header: name })),
  ];
}
