/**
 * What the File menu and the OS hand to the shell: a spreadsheet to import (its path goes to the
 * engine, which opens it and tells the window; main never reads it), and backup and restore of
 * the cache, done by the engine that owns it. Main keeps the dialogs.
 */
import { extname, join, resolve } from 'node:path';
import type { Dialog } from 'electron';
import type { EngineClient } from '../engine/client.js';
import type { BackupCheck, RestoreResult } from '../core/data/index.js';
import type { Result } from '../shared/contract/index.js';
import { SPREADSHEET_EXTENSIONS } from '../shared/spreadsheet-files.js';


export type ShellDialog = Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'showErrorBox'>;

/** The first argument that names a spreadsheet (a file double-clicked, or handed over by a second launch). */
export function spreadsheetInArgv(argv: readonly string[], cwd = process.cwd()): string | null {
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    if (SPREADSHEET_EXTENSIONS.includes(extname(arg).slice(1).toLowerCase())) return resolve(cwd, arg);
  }
  return null;
}

/** The engine opens it and the window's wizard takes over; the error is in words for a dialog. */
export async function openSpreadsheet(engine: EngineClient, file: string): Promise<Result<unknown>> {
  return engine.command({ kind: 'openSpreadsheet', path: resolve(file) });
}

export async function chooseSpreadsheet(dialog: ShellDialog): Promise<string | null> {
  const picked = await dialog.showOpenDialog({
    title: 'Import a spreadsheet',
    buttonLabel: 'Import',
    properties: ['openFile'],
    filters: [
      { name: 'Spreadsheets', extensions: [...SPREADSHEET_EXTENSIONS] },
      { name: 'All files', extensions: ['*'] },
    ],
  });
  return picked.canceled ? null : (picked.filePaths[0] ?? null);
}

/** Where the person wants an export; null when they cancel. */
export async function chooseExportPath(dialog: ShellDialog, folder: string, fileName: string, format: 'csv' | 'xlsx'): Promise<{ path: string } | null> {
  const saved = await dialog.showSaveDialog({
    title: 'Export shipments',
    buttonLabel: 'Export',
    defaultPath: join(folder, fileName),
    filters: format === 'csv' ? [{ name: 'CSV (comma-separated)', extensions: ['csv'] }] : [{ name: 'Excel workbook', extensions: ['xlsx'] }],
  });
  return saved.canceled || !saved.filePath ? null : { path: saved.filePath };
}

function describe(check: BackupCheck): string {
  return `${check.shipments ?? 0} shipments, ${(check.bytes / 1024 / 1024).toFixed(1)} MB`;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Never rejects: every failure is a dialog that says what happened and that the cache is as it was. */
export async function backUpCache(engine: EngineClient, dialog: ShellDialog, today: string): Promise<string | null> {
  try {
    const saved = await dialog.showSaveDialog({
      title: 'Back up the cache',
      buttonLabel: 'Back Up',
      defaultPath: `quayside-backup-${today}.db`,
      filters: [{ name: 'Quayside backup', extensions: ['db'] }],
    });
    if (saved.canceled || !saved.filePath) return null;
    const done = await engine.command({ kind: 'backup', path: saved.filePath });
    const check = done.ok ? (done.value as BackupCheck) : null;
    if (!check?.ok) {
      const problem = done.ok ? (check?.problem ?? 'The copy could not be checked.') : done.error.message;
      dialog.showErrorBox('The backup was not made', `${problem}\n\nThe cache is as it was. Choose another folder (with free space) and try again.`);
      return null;
    }
    await dialog.showMessageBox({ type: 'info', message: 'Backup made', detail: `${saved.filePath}\n${describe(check)}, checked.` });
    return saved.filePath;
  } catch (err) {
    dialog.showErrorBox('The backup was not made', `${reason(err)}\n\nThe cache is as it was.`);
    return null;
  }
}

/**
 * Asks for a backup, confirms, then has the engine close the cache, replace it (the old one kept
 * under a dated name) and reopen. Never rejects: every failure is a dialog that says what happened
 * and that nothing changed.
 */
export async function restoreFromBackup(engine: EngineClient, dialog: ShellDialog, cacheFile: string): Promise<RestoreResult | null> {
  try {
    const picked = await dialog.showOpenDialog({ title: 'Restore the cache from a backup', buttonLabel: 'Restore', properties: ['openFile'], filters: [{ name: 'Quayside backup', extensions: ['db'] }] });
    const backup = picked.canceled ? undefined : picked.filePaths[0];
    if (!backup) return null;
    const confirm = await dialog.showMessageBox({
      type: 'warning',
      buttons: ['Restore', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Replace the cache with this backup?',
      detail: `${backup}\n\nThe shipments, notes and watchlists in the cache now are replaced. The current cache is kept beside it as ${cacheFile}.before-restore-<date and time>. Imports in the backup wait until you resume them.`,
    });
    if (confirm.response !== 0) return null;
    const done = await engine.command({ kind: 'restore', path: backup });
    const result = done.ok ? (done.value as RestoreResult | null) : null;
    if (!result?.ok) {
      const problem = done.ok ? (result?.problem ?? 'The backup could not be checked.') : done.error.message;
      dialog.showErrorBox('Nothing was restored', `${problem}\n\nThe cache is as it was.`);
      return result;
    }
    const kept = result.keptAs ? `\nThe cache you had is kept as ${result.keptAs}.` : '';
    await dialog.showMessageBox({ type: 'info', message: 'Cache restored', detail: `${describe(result)} from ${backup}.${kept}` });
    return result;
  } catch (err) {
    dialog.showErrorBox('Nothing was restored', `${reason(err)}\n\nThe cache is as it was.`);
    return null;
  }
}
