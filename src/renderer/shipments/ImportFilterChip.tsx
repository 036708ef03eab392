/**
 * The table narrowed to one import's shipments (the report's "Show … in the table"): a chip says
 * which import, by its file, and removes the filter.
 */
import { useImports } from '../state/imports';
import { useShipments } from '../state/shipments';

export function ImportFilterChip() {
  const importJobId = useShipments((s) => s.filters.importJobId);
  const setFilters = useShipments((s) => s.setFilters);
  const fileName = useImports((s) => s.jobs.find((j) => j.jobId === importJobId)?.fileName ?? null);
  if (importJobId === null) return null;
  const what = `the shipments import ${importJobId}${fileName ? ` (${fileName})` : ''} tracked or updated`;
  return (
    <span className="filter-chip" title={`Only ${what}`}>
      <span className="filter-chip-text">Import: {fileName ?? importJobId}</span>
      <button
        type="button"
        className="filter-chip-remove"
        aria-label={`Remove the filter by import ${importJobId}`}
        title="Show all shipments again"
        onClick={() => setFilters({ importJobId: null })}
      >
        ×
      </button>
    </span>
  );
}
