/** The background refresh of the cache (Settings → Background refresh); the engine pushes every change. */
import { create } from 'zustand';
import type { SyncView } from '../../shared/contract';
import { call, messageOf, onEvent } from '../api/call';

export interface SyncState {
  view: SyncView | null;
  error: string | null;
  load(): Promise<void>;
  apply(view: SyncView): void;
  /** Reads every page of the shipments list now (no credits); the outcome arrives in `view`. */
  refreshNow(): Promise<void>;
}

export const useSync = create<SyncState>()((set) => ({
  view: null,
  error: null,
  async load() {
    try {
      set({ view: await call('sync.status'), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  apply(view) {
    set({ view, error: null });
  },
  async refreshNow() {
    try {
      set({ view: await call('sync.now'), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
}));

export function connectSync(): () => void {
  const off = onEvent('sync', (view) => useSync.getState().apply(view));
  void useSync.getState().load();
  return off;
}

export function resetSyncStore(): void {
  useSync.setState({ view: null, error: null });
}
