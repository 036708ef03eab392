/**
 * The app itself, the API key, settings, the connection test and the carrier directory. The key
 * goes to the keychain and never comes back to the window (only its last four characters).
 */
import type { SettingsView, ThemeChoice } from '../../../shared/contract/index.js';
import { AuthError, NetworkError } from '../../platform/api/errors.js';
import { AppFailure, toAppError } from '../../errors.js';
import { CREDIT_WARNING_SETTING, DEFAULT_CREDIT_WARNING, readCredits } from '../credits/credits.js';
import type { AreaHandlers, HandlerContext } from '../handlers.js';
import { SYNC_INTERVAL_SETTING, syncIntervalMinutes } from '../sync/background-sync.js';
import { carrierDirectory } from './carriers.js';
import { IMPORT_FILE_DAYS_SETTING, importFileDays } from '../imports/retention.js';
import { deleteKey, keyStatus, setKey } from './key.js';

export const SAMPLE_DATA_ONLY_IN_SHELL =
  'Sample data is switched on in the desktop app (File → Explore with Sample Data); in a browser, start the harness with --demo.';

const THEME_SETTING = 'theme';

export function createSettingsHandlers(ctx: HandlerContext): AreaHandlers<'settings'> {
  const { service } = ctx;
  const store = service.store;

  const settings = (): SettingsView => ({
    apiBase: service.currentApiBase(),
    theme: (store.getSetting(THEME_SETTING) as ThemeChoice | null) ?? 'system',
    creditWarningBelow: Number(store.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING),
    syncIntervalMinutes: syncIntervalMinutes(service),
    importFileDays: importFileDays(store),
    dataDir: ctx.info.dataDir,
    demo: ctx.info.demo,
  });

  const currentKeyStatus = async () => {
    if (!service.currentApiBase()) return { apiBase: null, source: null, last4: null };
    return keyStatus(service);
  };

  return {
    'settings.appInfo': async () => ({ ...ctx.info }),
    // The shell owns the runtime, so only the shell can swap it (src/main/shell.ts answers this first).
    'settings.sampleData': async () => {
      throw new AppFailure('invalid-input', SAMPLE_DATA_ONLY_IN_SHELL);
    },

    'settings.keyStatus': currentKeyStatus,
    'settings.setKey': async (key) => {
      await setKey(service, key);
      ctx.keyChanged();
      ctx.emitCredits();
      return currentKeyStatus();
    },
    'settings.deleteKey': async () => {
      await deleteKey(service);
      ctx.keyChanged();
      return currentKeyStatus();
    },

    'settings.get': async () => settings(),
    'settings.update': async (patch) => {
      if (patch.apiBase !== undefined) {
        service.setApiBase(patch.apiBase);
        ctx.keyChanged();
      }
      if (patch.theme !== undefined) store.setSetting(THEME_SETTING, patch.theme);
      if (patch.syncIntervalMinutes !== undefined) {
        store.setSetting(SYNC_INTERVAL_SETTING, String(patch.syncIntervalMinutes));
        ctx.sync.schedule();
      }
      if (patch.importFileDays !== undefined) store.setSetting(IMPORT_FILE_DAYS_SETTING, String(patch.importFileDays));
      if (patch.creditWarningBelow !== undefined) {
        store.setSetting(CREDIT_WARNING_SETTING, String(patch.creditWarningBelow));
        ctx.emitCredits();
      }
      return settings();
    },
    'settings.testConnection': async () => {
      const base = service.currentApiBase();
      if (!base) return { ok: false, message: 'No tracking service address is set; enter it above.', remaining: null, latencyMs: null };
      const started = performance.now();
      try {
        const { remaining } = await readCredits(service);
        ctx.emitCredits();
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
      const { carriers, fetchedAt } = await carrierDirectory(service, { refresh });
      return {
        carriers: carriers.map((c) => ({ name: c.name, scac: c.scac, containers: c.cn, bl: c.bl, booking: c.bk })),
        fetchedAt,
      };
    },
  };
}
