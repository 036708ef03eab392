/**
 * Carrier performance: the figures for the view's filters, the back-test, and the
 * workbook. The view reads afresh when it opens; `connectPerformance` follows the engine's
 * 'performance.changed' (a sync page, an import, a setting) while the view is on screen.
 */
import { create } from 'zustand';
import type { BacktestReport, PerformanceFilters, PerformanceReport } from '../../shared/performance';
import { onBridgeReconnect } from '../api/bridge';
import { call, messageOf, onEvent } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { offerDownload } from '../export/save-file';
import { useUi } from './ui';

export interface PerformanceState {
  filters: PerformanceFilters;
  report: PerformanceReport | null;
  backtest: BacktestReport | null;
  loading: boolean;
  error: string | null;
  exporting: boolean;

  load(): Promise<void>;
  setFilters(filters: PerformanceFilters): void;
  exportWorkbook(): Promise<void>;
}

const reports = newestOnly();
const backtests = newestOnly();

const INITIAL = { filters: {}, report: null, backtest: null, loading: false, error: null, exporting: false } satisfies Partial<PerformanceState>;

export const usePerformance = create<PerformanceState>()((set, get) => ({
  ...INITIAL,

  async load() {
    set({ loading: true });
    const filters = get().filters;
    // The back-test does not depend on the filters: it is read beside the figures, not after them.
    void backtests
      .run((signal) => call('performance.backtest', undefined, { signal }))
      .then((backtest) => set({ backtest }))
      .catch(() => undefined);
    try {
      const report = await reports.run((signal) => call('performance.report', filters, { signal }));
      set({ report, loading: false, error: null });
    } catch (error) {
      if (!isAbort(error)) set({ loading: false, error: messageOf(error) });
    }
  },
  setFilters(filters) {
    set({ filters });
    void get().load();
  },
  async exportWorkbook() {
    if (get().exporting) return;
    set({ exporting: true });
    try {
      const file = await call('performance.export', get().filters);
      if (file) {
        const offered = offerDownload(file);
        useUi.getState().toast(offered ? `${file.fileName}: look for it in your downloads.` : `Saved ${file.fileName} (${file.sheets} sheets).`, 'info');
      }
    } catch (error) {
      useUi.getState().toast(`The workbook was not saved: ${messageOf(error)}`);
    } finally {
      set({ exporting: false });
    }
  },
}));

export function resetPerformanceStore(): void {
  reports.cancel();
  backtests.cancel();
  usePerformance.setState({ ...INITIAL });
}

/** Reloads the figures on the engine's word while the view is on screen. */
export function connectPerformance(): () => void {
  const refresh = () => {
    if (usePerformance.getState().report !== null && useUi.getState().view === 'performance') void usePerformance.getState().load();
  };
  const offs = [onEvent('performance.changed', refresh), onBridgeReconnect(refresh)];
  return () => {
    for (const off of offs) off();
  };
}
