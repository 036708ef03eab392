/**
 * What the File menu and the OS hand to the shell: a spreadsheet to import (its path goes to the
 * engine, which opens it and tells the window; main never reads it), and backup and restore of
 * the cache, done by the engine that owns it. Main keeps the dialogs.
 */
import { extname, join, resolve } from 'node:path';
import type { Dialog } from 'electron';
import type { EngineClient } from '../engine/client.js';
import type { BackupCheck } from '../core/platform/db/backup.js';
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

export async function backUpCache(engine: EngineClient, dialog: ShellDialog, today: string): Promise<string | null> {
  const saved = await dialog.showSaveDialog({
    title: 'Back up the cache',
    buttonLabel: 'Back Up',
    defaultPath: `quayside-backup-${today}.db`,
    filters: [{ name: 'Quayside backup', extensions: ['db'] }],
  });
  if (saved.canceled || !saved.filePath) return null;
  const done = await engine.command({ kind: 'backup', path: saved.filePath });
  if (!done.ok) {
    dialog.showErrorBox('The backup was not made', `${done.error.message}\n\nChoose another folder (with free space) and try again.`);
    return null;
  }
  await dialog.showMessageBox({ type: 'info', message: 'Backup made', detail: `${saved.filePath}\n${describe(done.value as BackupCheck)}, checked.` });
  return saved.filePath;
}

/** Asks for a backup, confirms, then has the engine close the cache, replace it (the old file kept beside it) and reopen. */
export async function restoreFromBackup(engine: EngineClient, dialog: ShellDialog, cacheFile: string): Promise<BackupCheck | null> {
  const picked = await dialog.showOpenDialog({ title: 'Restore the cache from a backup', buttonLabel: 'Restore', properties: ['openFile'], filters: [{ name: 'Quayside backup', extensions: ['db'] }] });
  const backup = picked.canceled ? undefined : picked.filePaths[0];
  if (!backup) return null;
  const confirm = await dialog.showMessageBox({
    type: 'warning',
    buttons: ['Restore', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Replace the cache with this backup?',
    detail: `${backup}\n\nThe shipments, notes and watchlists in the cache now are replaced. The current cache is kept as ${cacheFile}.before-restore.`,
  });
  if (confirm.response !== 0) return null;
  const done = await engine.command({ kind: 'restore', path: backup });
  const check = done.ok ? (done.value as BackupCheck | null) : null;
  if (!check?.ok) {
    const problem = done.ok ? (check?.problem ?? 'The backup could not be checked.') : done.error.message;
    dialog.showErrorBox('Nothing was restored', `${problem}\n\nThe cache is as it was.`);
    return check;
  }
  await dialog.showMessageBox({ type: 'info', message: 'Cache restored', detail: `${describe(check)} from ${backup}.` });
  return check;
}
