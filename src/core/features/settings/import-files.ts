/** How long a copied spreadsheet stays under `imports/` after its last use (Settings → Data); the imports feature applies it. */
import type { Core } from '../../context.js';

export const IMPORT_FILE_DAYS_SETTING = 'importFileDays';
export const DEFAULT_IMPORT_FILE_DAYS = 30;

export function importFileDays(core: Pick<Core, 'read'>): number {
  const days = Number(core.read.getSetting(IMPORT_FILE_DAYS_SETTING));
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_IMPORT_FILE_DAYS;
}
