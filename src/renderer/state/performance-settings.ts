/**
 * Settings → Carrier performance: the on-time window, the minimum number of past
 * shipments behind a likely arrival, and the imported column read as the customer's. The engine
 * works every likely arrival out again after a change and says so with 'performance.changed', which
 * the Performance view follows (./performance.ts); this store only holds what the section shows.
 */
import { create } from 'zustand';
import type { ApiInput, ApiOutput } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export type PerformanceSettingsView = ApiOutput<'performance.settings'>;
type PerformanceSettingsPatch = ApiInput<'performance.updateSettings'>;

export interface PerformanceSettingsState {
  view: PerformanceSettingsView | null;
  loadError: string | null;
  load(): Promise<void>;
  /** Saves and shows the engine's answer; a refusal is thrown with the engine's sentence. */
  update(patch: PerformanceSettingsPatch): Promise<void>;
}

const INITIAL = { view: null, loadError: null } satisfies Partial<PerformanceSettingsState>;

export const usePerformanceSettings = create<PerformanceSettingsState>()((set) => ({
  ...INITIAL,

  async load() {
    try {
      set({ view: await call('performance.settings'), loadError: null });
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },
  async update(patch) {
    set({ view: await call('performance.updateSettings', patch), loadError: null });
  },
}));

export function resetPerformanceSettingsStore(): void {
  usePerformanceSettings.setState({ ...INITIAL });
}
