/** The settings feature's public face: the app, the API key, settings, the connection test, the carrier directory. */
import type { Core } from '../../context.js';
import type { FeatureParts, Host } from '../../handlers.js';
import { createSettingsHandlers } from './handlers.js';

export { carrierDirectory } from './carriers.js';
export { dateChoices } from './date-format.js';
export { DEFAULT_IMPORT_FILE_DAYS, IMPORT_FILE_DAYS_SETTING, importFileDays } from './import-files.js';
export { deleteKey, keyStatus, setKey } from './key.js';

export function settingsFeature(core: Core, host: Host): FeatureParts<'settings'> {
  return { handlers: createSettingsHandlers(core, host) };
}
