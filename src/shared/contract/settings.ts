/** The app itself, the API key, settings, the connection test and the carrier directory. */
import { z } from 'zod';
import { answer, method, none } from './base.js';

export interface KeyStatusView {
  apiBase: string | null;
  source: 'environment' | 'keychain' | null;
  /** Only ever the last 4 characters of the key. */
  last4: string | null;
}

export type ThemeChoice = 'light' | 'dark' | 'system';

export interface SettingsView {
  apiBase: string | null;
  theme: ThemeChoice;
  /** The credit warning shows below this balance. */
  creditWarningBelow: number;
  /** Background refresh of the cache through the shipments list (no credits); 0 = off. */
  syncIntervalMinutes: number;
  /** Days a copied spreadsheet stays under imports/ after its job finished (or it was last opened). */
  importFileDays: number;
  dataDir: string;
  demo: boolean;
}

export interface SettingsPatch {
  apiBase?: string;
  theme?: ThemeChoice;
  creditWarningBelow?: number;
  syncIntervalMinutes?: number;
  importFileDays?: number;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** What happened, in words: "Connected: 812 credits left" or what to fix. */
  message: string;
  remaining: number | null;
  latencyMs: number | null;
}

export interface CarrierView {
  name: string;
  scac: string;
  containers: boolean;
  bl: boolean;
  booking: boolean;
}

export interface CarrierDirectory {
  carriers: CarrierView[];
  fetchedAt: string | null;
}

export interface AppInfo {
  version: string;
  dataDir: string;
  demo: boolean;
  /** 'electron' in the desktop app, 'harness' in the web harness. */
  shell: 'electron' | 'harness';
}

export const settingsMethods = {
  'settings.appInfo': method(none, answer<AppInfo>()),
  /**
   * Switches the window between the real cache and the sample data (demo: an in-process
   * simulator with a few hundred shipments, kept in `<data folder>/demo`). The desktop shell
   * answers, then reopens the cache and reloads the window; the web harness cannot switch
   * (start it with --demo) and says so.
   */
  'settings.sampleData': method(z.strictObject({ on: z.boolean() }), answer<void>()),
  'settings.keyStatus': method(none, answer<KeyStatusView>()),
  /** Validates with GET /v2/apikey, then stores in the keychain; the key never comes back. */
  'settings.setKey': method(z.string().min(1).max(200), answer<KeyStatusView>()),
  'settings.deleteKey': method(none, answer<KeyStatusView>()),
  'settings.get': method(none, answer<SettingsView>()),
  'settings.update': method(z.strictObject({
    apiBase: z.string().max(500).optional(),
    theme: z.enum(['light', 'dark', 'system']).optional(),
    creditWarningBelow: z.number().int().min(0).max(100_000_000).optional(),
    syncIntervalMinutes: z.number().int().min(0).max(24 * 60).optional(),
    importFileDays: z.number().int().min(1).max(3650).optional(),
  }), answer<SettingsView>()),
  'settings.testConnection': method(none, answer<ConnectionTestResult>()),
  'settings.carriers': method(z.strictObject({ refresh: z.boolean() }), answer<CarrierDirectory>()),
};

export const settingsEvents = {
  /** Something outside the window (a desktop notification click, the menu) asks to show a shipment or a view. */
  'window.show': answer<{ view: 'shipments' | 'attention' | 'import' | 'watchlists' | 'map' | 'changes' | 'webhooks' | 'settings'; shipmentId?: number }>(),
};
