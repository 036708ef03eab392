/**
 * What the File menu and the OS hand to the shell: a spreadsheet to import (read here, opened
 * with the core's import.open, then announced to the window, whose import wizard takes over),
 * and backup and restore of the cache with the core's integrity-checked backup.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Dialog } from 'electron';
import { cacheFile } from '../core/paths.js';
import { backupCache, restoreCacheFile, type BackupCheck } from '../core/store/backup.js';
import type { ImportFileView } from '../shared/workday-views.js';
import type { RuntimeHost } from './runtime-host.js';

export const SPREADSHEET_EXTENSIONS = ['xlsx', 'csv', 'tsv', 'txt'];
/** import.open takes the file as base64 of at most 200,000,000 characters. */
export const MAX_IMPORT_BYTES = 140 * 1024 * 1024;

export type ShellDialog = Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox' | 'showErrorBox'>;

/** The first argument that names a spreadsheet (a file double-clicked, or handed over by a second launch). */
export function spreadsheetInArgv(argv: readonly string[]): string | null {
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    if (SPREADSHEET_EXTENSIONS.includes(extname(arg).slice(1).toLowerCase())) return arg;
  }
  return null;
}

/** Reads the file and opens it in the core; the error is in words for a dialog. */
export async function openSpreadsheet(host: RuntimeHost, file: string): Promise<{ ok: true; value: ImportFileView } | { ok: false; message: string }> {
  const name = basename(file);
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, message: `${file} is not a file; choose a spreadsheet (.xlsx or .csv).` };
    if (info.size > MAX_IMPORT_BYTES) return { ok: false, message: `${name} is larger than 140 MB; split it into smaller sheets and import them one by one.` };
    const bytes = await readFile(file);
    const result = await host.dispatch('import.open', { fileName: name, base64: bytes.toString('base64') });
    return result.ok ? { ok: true, value: result.value as ImportFileView } : { ok: false, message: result.error.message };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it is not there any more' : code === 'EACCES' || code === 'EPERM' ? 'Quayside may not read it' : String((err as Error).message ?? err);
    return { ok: false, message: `${name} could not be read (${why}); check the file and try again.` };
  }
}

export async function chooseSpreadsheet(dialog: ShellDialog): Promise<string | null> {
  const picked = await dialog.showOpenDialog({
    title: 'Import a spreadsheet',
    buttonLabel: 'Import',
    properties: ['openFile'],
    filters: [
      { name: 'Spreadsheets', extensions: SPREADSHEET_EXTENSIONS },
      { name: 'All files', extensions: ['*'] },
    ],
  });
  return picked.canceled ? null : (picked.filePaths[0] ?? null);
}

function describe(check: BackupCheck): string {
  return `${check.shipments ?? 0} shipments, ${(check.bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function backUpCache(host: RuntimeHost, dialog: ShellDialog, today: string): Promise<string | null> {
  const runtime = host.runtime;
  if (!runtime) return null;
  const saved = await dialog.showSaveDialog({
    title: 'Back up the cache',
    buttonLabel: 'Back Up',
    defaultPath: `quayside-backup-${today}.db`,
    filters: [{ name: 'Quayside backup', extensions: ['db'] }],
  });
  if (saved.canceled || !saved.filePath) return null;
  try {
    const check = await backupCache(runtime.service.store, saved.filePath);
    await dialog.showMessageBox({ type: 'info', message: 'Backup made', detail: `${saved.filePath}\n${describe(check)}, checked.` });
    return saved.filePath;
  } catch (err) {
    dialog.showErrorBox('The backup was not made', `${err instanceof Error ? err.message : String(err)}\n\nChoose another folder (with free space) and try again.`);
    return null;
  }
}

/** Asks for a backup, confirms, then closes the cache, replaces it (the old file kept beside it) and reopens. */
export async function restoreFromBackup(host: RuntimeHost, dialog: ShellDialog): Promise<BackupCheck | null> {
  const picked = await dialog.showOpenDialog({ title: 'Restore the cache from a backup', buttonLabel: 'Restore', properties: ['openFile'], filters: [{ name: 'Quayside backup', extensions: ['db'] }] });
  const backup = picked.canceled ? undefined : picked.filePaths[0];
  if (!backup) return null;
  const target = cacheFile(host.dataDir);
  const confirm = await dialog.showMessageBox({
    type: 'warning',
    buttons: ['Restore', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Replace the cache with this backup?',
    detail: `${backup}\n\nThe shipments, notes and watchlists in the cache now are replaced. The current cache is kept as ${target}.before-restore.`,
  });
  if (confirm.response !== 0) return null;
  const check = await host.reopen(host.demo, () => restoreCacheFile(target, backup));
  if (!check?.ok) {
    dialog.showErrorBox('Nothing was restored', `${check?.problem ?? 'The backup could not be checked.'}\n\nThe cache is as it was.`);
    return check ?? null;
  }
  await dialog.showMessageBox({ type: 'info', message: 'Cache restored', detail: `${describe(check)} from ${backup}.` });
  return check;
}
