/** The Performance view in the navigation: the store's figures for its filters, read when it opens. */
import { useEffect } from 'react';
import { usePerformance } from '../state/performance';
import { PerformanceView } from './PerformanceView';

export function PerformancePage() {
  const report = usePerformance((s) => s.report);
  const backtest = usePerformance((s) => s.backtest);
  const filters = usePerformance((s) => s.filters);
  const error = usePerformance((s) => s.error);
  const loading = usePerformance((s) => s.loading);

  useEffect(() => {
    void usePerformance.getState().load();
  }, []);

  if (!report) {
    return (
      <div className="perf-page" aria-busy={loading}>
        <h1 className="page-title">Carrier performance</h1>
        {error ? (
          <div className="inline-error" role="alert">
            {error}{' '}
            <button type="button" className="button small" onClick={() => void usePerformance.getState().load()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="muted">Reading the history of every voyage…</p>
        )}
      </div>
    );
  }
  return (
    <PerformanceView
      report={report}
      backtest={backtest}
      filters={filters}
      onFiltersChange={(next) => usePerformance.getState().setFilters(next)}
      onExport={() => void usePerformance.getState().exportWorkbook()}
    />
  );
}
