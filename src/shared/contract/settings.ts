/** The app itself, the API key, settings, the connection test and the carrier directory. */
import { z } from 'zod';
import { CLOCK_CHOICES, DATE_PATTERNS } from '../dates.js';
import { VIEW_IDS } from '../views.js';
import { localId, method, nothing, none, utcTime } from './base.js';

const keyStatusViewSchema = z.strictObject({
  apiBase: z.string().nullable(),
  source: z.enum(['environment', 'keychain']).nullable(),
  /** Only ever the last 4 characters of the key. */
  last4: z.string().max(4).nullable(),
});
export type KeyStatusView = z.output<typeof keyStatusViewSchema>;

const themeChoice = z.enum(['light', 'dark', 'system']);
export type ThemeChoice = z.output<typeof themeChoice>;

/** How dates are written (src/shared/dates.ts): the system's locale, or an order a person chose. */
const dateFormatChoice = z.enum(['system', ...DATE_PATTERNS]);
const timeFormatChoice = z.enum(CLOCK_CHOICES);

const settingsViewSchema = z.strictObject({
  apiBase: z.string().nullable(),
  theme: themeChoice,
  dateFormat: dateFormatChoice,
  timeFormat: timeFormatChoice,
  /** The credit warning shows below this balance. */
  creditWarningBelow: z.number(),
  /** Background refresh of the cache through the shipments list (no credits); 0 = off. */
  syncIntervalMinutes: z.number(),
  /** Days a copied spreadsheet stays under imports/ after its job finished (or it was last opened). */
  importFileDays: z.number(),
  dataDir: z.string(),
  demo: z.boolean(),
});
export type SettingsView = z.output<typeof settingsViewSchema>;

const settingsPatch = z.strictObject({
  apiBase: z.string().max(500).optional(),
  theme: themeChoice.optional(),
  dateFormat: dateFormatChoice.optional(),
  timeFormat: timeFormatChoice.optional(),
  creditWarningBelow: z.number().int().min(0).max(100_000_000).optional(),
  syncIntervalMinutes: z.number().int().min(0).max(24 * 60).optional(),
  importFileDays: z.number().int().min(1).max(3650).optional(),
});
export type SettingsPatch = z.input<typeof settingsPatch>;

const connectionTestResultSchema = z.strictObject({
  ok: z.boolean(),
  /** What happened, in words: "Connected: 812 credits left" or what to fix. */
  message: z.string(),
  remaining: z.number().int().nullable(),
  latencyMs: z.number().nonnegative().nullable(),
});
export type ConnectionTestResult = z.output<typeof connectionTestResultSchema>;

const carrierViewSchema = z.strictObject({
  name: z.string(),
  scac: z.string(),
  containers: z.boolean(),
  bl: z.boolean(),
  booking: z.boolean(),
});
export type CarrierView = z.output<typeof carrierViewSchema>;

const carrierDirectorySchema = z.strictObject({
  carriers: z.array(carrierViewSchema),
  fetchedAt: utcTime.nullable(),
});
export type CarrierDirectory = z.output<typeof carrierDirectorySchema>;

const appInfoSchema = z.strictObject({
  version: z.string(),
  dataDir: z.string(),
  demo: z.boolean(),
  /** 'electron' in the desktop app, 'harness' in the web harness. */
  shell: z.enum(['electron', 'harness']),
});
export type AppInfo = z.output<typeof appInfoSchema>;

export const settingsMethods = {
  'settings.appInfo': method(none, appInfoSchema),
  /**
   * Switches the window between the real cache and the sample data (demo: an in-process
   * simulator with a few hundred shipments, kept in `<data folder>/demo`). The desktop shell
   * answers, then reopens the cache and reloads the window; the web harness cannot switch
   * (start it with --demo) and says so.
   */
  'settings.sampleData': method(z.strictObject({ on: z.boolean() }), nothing),
  'settings.keyStatus': method(none, keyStatusViewSchema),
  /** Validates with GET /v2/apikey, then stores in the keychain; the key never comes back. */
  'settings.setKey': method(z.string().min(1).max(200), keyStatusViewSchema),
  'settings.deleteKey': method(none, keyStatusViewSchema),
  'settings.get': method(none, settingsViewSchema),
  'settings.update': method(settingsPatch, settingsViewSchema),
  'settings.testConnection': method(none, connectionTestResultSchema),
  'settings.carriers': method(z.strictObject({ refresh: z.boolean() }), carrierDirectorySchema),
};

export const settingsEvents = {
  /** Something outside the window (a desktop notification click, the menu) asks to show a shipment or a view. */
  'window.show': z.strictObject({
    view: z.enum(VIEW_IDS),
    shipmentId: localId.optional(),
  }),
};
