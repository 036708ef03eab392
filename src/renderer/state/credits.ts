/** The credit balance, its history and the low-balance warning. */
import { create } from 'zustand';
import type { CreditsView } from '../../shared/views';
import { call, messageOf } from '../api/call';

export interface CreditsState {
  view: CreditsView | null;
  refreshing: boolean;
  error: string | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
  apply(view: CreditsView): void;
}

export const useCredits = create<CreditsState>()((set) => ({
  view: null,
  refreshing: false,
  error: null,
  async load() {
    try {
      set({ view: await call('credits.get'), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async refresh() {
    set({ refreshing: true });
    try {
      set({ view: await call('credits.refresh'), error: null, refreshing: false });
    } catch (error) {
      set({ error: messageOf(error), refreshing: false });
    }
  },
  apply(view) {
    set({ view, error: null });
  },
}));

export function resetCreditsStore(): void {
  useCredits.setState({ view: null, refreshing: false, error: null });
}
