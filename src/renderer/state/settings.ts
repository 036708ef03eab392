/** Settings, the API key's status (never the key) and the theme. */
import { create } from 'zustand';
import type { KeyStatusView, SettingsPatch, SettingsView, ThemeChoice } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export interface SettingsState {
  settings: SettingsView | null;
  key: KeyStatusView | null;
  /** Shown before settings arrive, and kept when saving the theme fails. */
  theme: ThemeChoice;
  loadError: string | null;
  load(): Promise<void>;
  loadKey(): Promise<void>;
  update(patch: SettingsPatch): Promise<SettingsView>;
  /** A choice shown at once (a radio, a select) and saved; put back as it was when the engine refuses it. */
  choose(patch: SettingsPatch): Promise<void>;
  setTheme(theme: ThemeChoice): Promise<void>;
  setKeyStatus(key: KeyStatusView): void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  key: null,
  theme: 'system',
  loadError: null,

  async load() {
    try {
      const settings = await call('settings.get');
      set({ settings, theme: settings.theme, loadError: null });
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },
  async loadKey() {
    try {
      set({ key: await call('settings.keyStatus') });
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },
  async update(patch) {
    const settings = await call('settings.update', patch);
    set({ settings, theme: settings.theme });
    return settings;
  },
  async choose(patch) {
    const before = get().settings;
    if (before) set({ settings: { ...before, ...patch } as SettingsView });
    try {
      await get().update(patch);
    } catch (error) {
      set({ settings: before });
      throw error;
    }
  },
  async setTheme(theme) {
    const previous = get().theme;
    set({ theme });
    try {
      await get().update({ theme });
    } catch (error) {
      set({ theme: previous });
      throw error;
    }
  },
  setKeyStatus(key) {
    set({ key });
  },
}));

export function resetSettingsStore(): void {
  useSettings.setState({ settings: null, key: null, theme: 'system', loadError: null });
}

/** The theme the window shows: a choice of "system" follows the OS. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}
