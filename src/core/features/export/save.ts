/**
 * The one front door of an export to a file: the window's Export dialog (through the engine's
 * `export.run`) and `quayside export` both come here. The file appears whole or not at all.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ExportColumnView } from '../../../shared/contract/index.js';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, importedColumn, importedInOrder } from './columns.js';
import { exportShipments, type ExportRequest, type ExportResult } from './export.js';
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
    // Writing, a missing name is a missing folder (never "not there any more": it may never have been).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new AppFailure('storage', `The export could not be saved: the folder ${dirname(path)} does not exist; choose another folder and export again.`);
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

/**
 * The columns an export can hold, in the file's order: the reference, each imported column
 * (`field:<name>`, by name, case aside: a customer's PO beside the container), then Quayside's own. `byDefault`
 * marks the one default set of the window's Export and `quayside export`: every imported column and
 * DEFAULT_EXPORT_COLUMNS.
 */
export function exportColumns(read: Reader): ExportColumnView[] {
  const own = EXPORT_COLUMNS.map((c) => ({ id: c.id, header: c.header, byDefault: DEFAULT_EXPORT_COLUMNS.includes(c.id) }));
  const imported = importedInOrder(read.shipmentFacets().fieldNames).map((name) => {
    const column = importedColumn(name);
    return { id: column.id, header: column.header, byDefault: true };
  });
  return [...own.slice(0, 1), ...imported, ...own.slice(1)];
}

/** The ids of the default export, in the file's order (what the window ticks before a person chooses). */
export function defaultExportColumns(read: Reader): string[] {
  return exportColumns(read).filter((c) => c.byDefault).map((c) => c.id);
}
