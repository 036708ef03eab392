/**
 * The app itself, the API key, settings, the connection test and the carrier directory. The key
 * goes to the keychain and never comes back to the window (only its last four characters).
 */
import type { SettingsView, ThemeChoice } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers, Host } from '../../handlers.js';
import { AuthError, NetworkError } from '../../platform/api/errors.js';
import { AppFailure, toAppError } from '../../platform/failure.js';
import { CREDIT_WARNING_SETTING, DEFAULT_CREDIT_WARNING, readCredits } from '../credits/index.js';
import { SYNC_INTERVAL_SETTING, syncIntervalMinutes } from '../sync/index.js';
import { carrierDirectory } from './carriers.js';
import { IMPORT_FILE_DAYS_SETTING, importFileDays } from './import-files.js';
import { DATE_FORMAT_SETTING, TIME_FORMAT_SETTING, dateChoices } from './date-format.js';
import { deleteKey, keyStatus, setKey } from './key.js';

const SAMPLE_DATA_ONLY_IN_SHELL =
  'Sample data is switched on in the desktop app (File → Explore with Sample Data); in a browser, start the harness with --demo.';

const THEME_SETTING = 'theme';

export function createSettingsHandlers(core: Core, host: Host): AreaHandlers<'settings'> {
  const settings = (): SettingsView => ({
    apiBase: core.currentApiBase(),
    theme: (core.read.getSetting(THEME_SETTING) as ThemeChoice | null) ?? 'system',
    dateFormat: dateChoices(core).date,
    timeFormat: dateChoices(core).clock,
    creditWarningBelow: Number(core.read.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING),
    syncIntervalMinutes: syncIntervalMinutes(core),
    importFileDays: importFileDays(core),
    dataDir: host.info.dataDir,
    demo: host.info.demo,
  });

  const currentKeyStatus = async () => {
    if (!core.currentApiBase()) return { apiBase: null, source: null, last4: null };
    return keyStatus(core);
  };

  return {
    'settings.appInfo': async () => ({ ...host.info }),
    // The shell owns the runtime, so only the shell can swap it (src/main/shell.ts answers this first).
    'settings.sampleData': async () => {
      throw new AppFailure('invalid-input', SAMPLE_DATA_ONLY_IN_SHELL);
    },

    'settings.keyStatus': currentKeyStatus,
    'settings.setKey': async (key) => {
      await setKey(core, key);
      return currentKeyStatus();
    },
    'settings.deleteKey': async () => {
      await deleteKey(core);
      return currentKeyStatus();
    },

    'settings.get': async () => settings(),
    'settings.update': async (patch) => {
      if (patch.apiBase !== undefined) {
        core.setApiBase(patch.apiBase);
        core.events.emit('settings.changed', { setting: 'apiBase' });
      }
      if (patch.theme !== undefined) {
        const theme = patch.theme;
        core.write((tx) => tx.setSetting(THEME_SETTING, theme));
      }
      if (patch.dateFormat !== undefined) {
        const choice = patch.dateFormat;
        core.write((tx) => tx.setSetting(DATE_FORMAT_SETTING, choice));
      }
      if (patch.timeFormat !== undefined) {
        const choice = patch.timeFormat;
        core.write((tx) => tx.setSetting(TIME_FORMAT_SETTING, choice));
      }
      if (patch.syncIntervalMinutes !== undefined) {
        const minutes = patch.syncIntervalMinutes;
        core.write((tx) => tx.setSetting(SYNC_INTERVAL_SETTING, String(minutes)));
        core.events.emit('settings.changed', { setting: 'syncInterval' });
      }
      if (patch.importFileDays !== undefined) {
        const days = patch.importFileDays;
        core.write((tx) => tx.setSetting(IMPORT_FILE_DAYS_SETTING, String(days)));
      }
      if (patch.creditWarningBelow !== undefined) {
        const below = patch.creditWarningBelow;
        core.write((tx) => tx.setSetting(CREDIT_WARNING_SETTING, String(below)));
        core.events.emit('credits.read', {});
      }
      return settings();
    },
    'settings.testConnection': async () => {
      const base = core.currentApiBase();
      if (!base) return { ok: false, message: 'No tracking service address is set; enter it above.', remaining: null, latencyMs: null };
      const started = performance.now();
      try {
        const { remaining } = await readCredits(core);
        return { ok: true, message: `Connected to ${base}: ${remaining.toLocaleString('en')} credits left.`, remaining, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        const message =
          err instanceof AuthError
            ? 'The service answered but refused the API key; enter a valid key.'
            : err instanceof NetworkError
              ? `Cannot reach ${base}; check the address and the network.`
              : toAppError(err).message;
        return { ok: false, message, remaining: null, latencyMs: null };
      }
    },
    'settings.carriers': async ({ refresh }) => {
      const { carriers, fetchedAt } = await carrierDirectory(core, { refresh });
      return {
        carriers: carriers.map((c) => ({ name: c.name, scac: c.scac, containers: c.cn, bl: c.bl, booking: c.bk })),
        fetchedAt,
      };
    },
  };
}
