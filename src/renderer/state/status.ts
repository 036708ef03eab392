/** Scheduler and outbox state for the status bar. */
import { create } from 'zustand';
import type { StatusView } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export interface StatusState {
  view: StatusView | null;
  /** When `view` arrived (ms), to count the scheduler's next slot down. */
  receivedAt: number;
  error: string | null;
  load(): Promise<void>;
  apply(view: StatusView): void;
}

export const useStatus = create<StatusState>()((set) => ({
  view: null,
  receivedAt: 0,
  error: null,
  async load() {
    try {
      const view = await call('sync.statusBar');
      set({ view, receivedAt: Date.now(), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  apply(view) {
    set({ view, receivedAt: Date.now(), error: null });
  },
}));

export function resetStatusStore(): void {
  useStatus.setState({ view: null, receivedAt: 0, error: null });
}
