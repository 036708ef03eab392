/** The window: header (navigation, quick track, credits, theme), the current view, the status bar. */
import { useEffect } from 'react';
import { CreditsPanel } from './components/CreditsPanel';
import { DemoBanner } from './components/DemoBanner';
import { APP_SHELL_ID } from './components/Dialog';
import { ErrorBoundary } from './components/ErrorBoundary';
import { NavBar } from './components/NavBar';
import { QuickTrack } from './components/QuickTrack';
import { ShortcutsHelp } from './components/ShortcutsHelp';
import { StatusBar } from './components/StatusBar';
import { ThemeToggle } from './components/ThemeToggle';
import { Toasts } from './components/Toasts';
import { useGlobalShortcuts } from './components/use-shortcuts';
import { useApplyTheme } from './components/use-theme';
import { ExportDialog } from './export/ExportDialog';
import { ImportWindowDrop } from './import/ImportView';
import { useDates } from './lib/dates';
import { RemoveDialog } from './shipments/RemoveDialog';
import { startClock } from './state/clock';
import { useUi } from './state/ui';
import { connectStores } from './state/wire-events';
import { windowView } from './views';

export function App() {
  const current = windowView(useUi((s) => s.view));
  const removeIds = useUi((s) => s.removeIds);
  const helpOpen = useUi((s) => s.helpOpen);
  const exportOpen = useUi((s) => s.exportOpen);

  useEffect(() => connectStores(), []);
  useEffect(() => startClock(), []);
  useApplyTheme();
  useGlobalShortcuts();
  // Another way of writing dates chosen in Settings: the whole window is drawn again with it.
  useDates();

  return (
    <>
      <div id={APP_SHELL_ID} className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="topbar">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true" />
            <span className="brand-name">Quayside</span>
          </div>
          <NavBar />
          <QuickTrack />
          <span className="spacer" />
          <CreditsPanel />
          <ThemeToggle />
          <button
            type="button"
            className="icon-button"
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
            onClick={() => useUi.getState().setHelpOpen(true)}
          >
            ?
          </button>
        </header>
        <DemoBanner />
        <main id="main" className="main">
          <ErrorBoundary key={current.id} area={current.area}>
            <current.component />
          </ErrorBoundary>
        </main>
        <StatusBar />
      </div>
      <Toasts />
      <ImportWindowDrop />
      {removeIds && <RemoveDialog ids={removeIds} onClose={() => useUi.getState().closeRemove()} />}
      {exportOpen && <ExportDialog onClose={() => useUi.getState().setExportOpen(false)} />}
      {helpOpen && <ShortcutsHelp onClose={() => useUi.getState().setHelpOpen(false)} />}
    </>
  );
}
