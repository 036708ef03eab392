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
import { AttentionView } from './attention/AttentionView';
import { CustomersPage } from './customers/CustomersPage';
import { ChangesView } from './feed/ChangesView';
import { ImportView, ImportWindowDrop } from './import/ImportView';
import { MapView } from './map/MapView';
import { PerformancePage } from './performance/PerformancePage';
import { SettingsPage } from './settings/SettingsPage';
import { RemoveDialog } from './shipments/RemoveDialog';
import { ShipmentsWorkspace } from './shipments/ShipmentsWorkspace';
import { startClock } from './state/clock';
import { useUi } from './state/ui';
import { connectStores } from './state/wire-events';
import { WatchlistsView } from './watchlists/WatchlistsView';
import { WebhooksView } from './webhooks/WebhooksView';

export function App() {
  const view = useUi((s) => s.view);
  const removeIds = useUi((s) => s.removeIds);
  const helpOpen = useUi((s) => s.helpOpen);
  const exportOpen = useUi((s) => s.exportOpen);

  useEffect(() => connectStores(), []);
  useEffect(() => startClock(), []);
  useApplyTheme();
  useGlobalShortcuts();

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
          {view === 'shipments' && (
            <ErrorBoundary area="the shipments view">
              <ShipmentsWorkspace />
            </ErrorBoundary>
          )}
          {view === 'attention' && (
            <ErrorBoundary area="Attention">
              <AttentionView />
            </ErrorBoundary>
          )}
          {view === 'import' && (
            <ErrorBoundary area="Import">
              <ImportView />
            </ErrorBoundary>
          )}
          {view === 'watchlists' && (
            <ErrorBoundary area="Watchlists">
              <WatchlistsView />
            </ErrorBoundary>
          )}
          {view === 'customers' && (
            <ErrorBoundary area="Customers">
              <CustomersPage />
            </ErrorBoundary>
          )}
          {view === 'map' && (
            <ErrorBoundary area="the map">
              <MapView />
            </ErrorBoundary>
          )}
          {view === 'changes' && (
            <ErrorBoundary area="Changes">
              <ChangesView />
            </ErrorBoundary>
          )}
          {view === 'webhooks' && (
            <ErrorBoundary area="Webhooks">
              <WebhooksView />
            </ErrorBoundary>
          )}
          {view === 'performance' && (
            <ErrorBoundary area="Performance">
              <PerformancePage />
            </ErrorBoundary>
          )}
          {view === 'settings' && (
            <ErrorBoundary area="Settings">
              <SettingsPage />
            </ErrorBoundary>
          )}
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
