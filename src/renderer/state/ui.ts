/** What the window shows: the current view, the open dialogs and panels, the toasts. */
import { create } from 'zustand';
import type { ViewId } from '../../shared/views';

export type { ViewId } from '../../shared/views';

interface Toast {
  id: number;
  kind: 'error' | 'info';
  message: string;
}

export interface UiState {
  view: ViewId;
  /** Shipments the remove dialog is open for. */
  removeIds: readonly number[] | null;
  helpOpen: boolean;
  /** The export dialog, open for the table's current view (filters, watchlist) or null. */
  exportOpen: boolean;
  /** The shipment whose note is being edited in the table. */
  editingNoteId: number | null;
  toasts: readonly Toast[];
  /** A reference handed to Quick track (the empty table's "Track this reference"); `seq` tells two asks apart. */
  quickTrackAsk: { text: string; seq: number } | null;

  setView(view: ViewId): void;
  askQuickTrack(text: string): void;
  openRemove(ids: readonly number[]): void;
  closeRemove(): void;
  setHelpOpen(open: boolean): void;
  setExportOpen(open: boolean): void;
  editNote(id: number | null): void;
  toast(message: string, kind?: Toast['kind']): void;
  dismissToast(id: number): void;
}

let nextToastId = 1;
const TOAST_MS: Record<Toast['kind'], number> = { info: 5000, error: 12000 };

const INITIAL = { view: 'shipments' as ViewId, removeIds: null, helpOpen: false, exportOpen: false, editingNoteId: null, toasts: [], quickTrackAsk: null };

export const useUi = create<UiState>()((set, get) => ({
  ...INITIAL,
  setView: (view) => set({ view }),
  askQuickTrack: (text) => set({ quickTrackAsk: { text, seq: (get().quickTrackAsk?.seq ?? 0) + 1 } }),
  openRemove: (ids) => {
    if (ids.length > 0) set({ removeIds: ids, editingNoteId: null });
  },
  closeRemove: () => set({ removeIds: null }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setExportOpen: (exportOpen) => set({ exportOpen }),
  editNote: (editingNoteId) => set({ editingNoteId }),
  toast(message, kind = 'error') {
    // The same message twice in a row is shown once.
    if (get().toasts.some((t) => t.message === message)) return;
    const id = nextToastId++;
    set({ toasts: [...get().toasts, { id, kind, message }].slice(-4) });
    setTimeout(() => get().dismissToast(id), TOAST_MS[kind]);
  },
  dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

export function resetUiStore(): void {
  useUi.setState({ ...INITIAL });
}

/** Moves focus to a control by id once the view holding it has rendered. */
export function focusById(id: string, select = false): void {
  const attempt = (left: number): void => {
    const el = document.getElementById(id);
    if (el) {
      el.focus();
      if (select && el instanceof HTMLInputElement) el.select();
    } else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  attempt(5);
}

/** Opens Settings at one of its sections (its element's id), scrolled into view and focused. */
export function openSettingsAt(sectionId: string): void {
  useUi.getState().setView('settings');
  const attempt = (left: number): void => {
    const el = document.getElementById(sectionId);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      if (el.tabIndex < 0) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    } else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  attempt(10);
}
