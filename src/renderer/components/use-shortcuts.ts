/**
 * Window-wide keys: the views (Ctrl+1…9, Ctrl+,), search (/ or Ctrl+F), quick track (Ctrl+K),
 * help (?), Escape closes the detail panel; the table keys also work when nothing has focus. Keys
 * typed in a text box stay text. While a dialog is open these keys do nothing: the dialog handles
 * its own.
 */
import { useEffect } from 'react';
import { viewOfKey } from '../../shared/views';
import { useDetail } from '../state/detail';
import { useShipments } from '../state/shipments';
import { focusById, useUi } from '../state/ui';
import { SEARCH_ID } from '../shipments/SearchBox';
import { GRID_ID, TABLE_KEYS, runTableKey } from '../shipments/table-keys';
import { dialogOpen } from './Dialog';
import { QUICK_TRACK_ID } from './QuickTrack';

function isTextEntry(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
  return false;
}

export function handleGlobalKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || dialogOpen()) return;
  const ui = useUi.getState();
  if (ui.removeIds || ui.helpOpen) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();

  // The views by number, as the desktop app's View menu has them (a browser may keep these keys for its tabs).
  const numbered = ctrl && !e.altKey && !e.shiftKey ? viewOfKey(e.key) : null;
  if (numbered) {
    e.preventDefault();
    ui.setView(numbered);
    return;
  }
  if (ctrl && !e.altKey && (key === 'f' || key === 'k')) {
    e.preventDefault();
    if (key === 'f') {
      ui.setView('shipments');
      focusById(SEARCH_ID, true);
    } else focusById(QUICK_TRACK_ID, true);
    return;
  }
  if (isTextEntry(e.target)) return;

  if (e.key === '/' && !ctrl) {
    e.preventDefault();
    ui.setView('shipments');
    focusById(SEARCH_ID, true);
    return;
  }
  if (e.key === '?') {
    e.preventDefault();
    ui.setHelpOpen(true);
    return;
  }
  if (e.key === 'Escape') {
    if (ui.editingNoteId !== null) {
      ui.editNote(null);
      return;
    }
    if (useDetail.getState().openId !== null) {
      useDetail.getState().close();
      if (ui.view === 'shipments') focusById(GRID_ID);
      return;
    }
    if (useShipments.getState().selection.size > 0) useShipments.getState().clearSelection();
    return;
  }
  // With nothing focused, the table keys go to the table (the grid handles them itself when focused).
  const idle = e.target === document.body || e.target === document.documentElement || e.target === null;
  if (ui.view === 'shipments' && idle && (TABLE_KEYS.has(e.key) || (ctrl && key === 'a'))) {
    // Focus first: the key may move focus on (Enter to the detail, n to the note editor).
    document.getElementById(GRID_ID)?.focus();
    runTableKey(e);
  }
}

export function useGlobalShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleGlobalKey);
    return () => window.removeEventListener('keydown', handleGlobalKey);
  }, []);
}
