/** The credit balance, its history and the low-balance warning. */
import { create } from 'zustand';
import type { CreditsView } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export interface CreditsState {
  view: CreditsView | null;
  refreshing: boolean;
  error: string | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
  apply(view: CreditsView): void;
}

/**
 * Readings arrive by answer and by event, in any order: after a credit is spent the core reads
 * the balance again and pushes it, while the window may still be waiting for an older answer.
 * A view read earlier than the one shown never replaces it (the same reading may: the threshold
 * may have changed). `checkedAt` is UTC ISO, so the strings compare as times.
 */
function isNotOlder(shown: CreditsView | null, next: CreditsView): boolean {
  if (!shown?.checkedAt) return true;
  if (!next.checkedAt) return false;
  return next.checkedAt >= shown.checkedAt;
}

export const useCredits = create<CreditsState>()((set, get) => {
  const show = (view: CreditsView): void => {
    if (isNotOlder(get().view, view)) set({ view, error: null });
  };
  return {
    view: null,
    refreshing: false,
    error: null,
    async load() {
      try {
        show(await call('credits.get'));
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async refresh() {
      set({ refreshing: true });
      try {
        show(await call('credits.refresh'));
        set({ refreshing: false });
      } catch (error) {
        set({ error: messageOf(error), refreshing: false });
      }
    },
    apply: show,
  };
});

export function resetCreditsStore(): void {
  useCredits.setState({ view: null, refreshing: false, error: null });
}
