/**
 * The table narrowed to one import's shipments (the report's "Show … in the table"): a chip says
 * which import, by its file, and removes the filter.
 */
import { useImports } from '../state/imports';
import type { ShipmentFilters } from '../state/query';
import { useShipments } from '../state/shipments';

/** The report's headings, as the chip names the shipments it shows. */
const IMPORT_ITEM_WORDS: Record<NonNullable<ShipmentFilters['importItems']>, string> = {
  found: 'found by the carrier',
  'not-found': 'not found yet',
  'already-tracked': 'already tracked',
  updated: 'columns updated',
};

export function ImportFilterChip() {
  const importJobId = useShipments((s) => s.filters.importJobId);
  const items = useShipments((s) => s.filters.importItems);
  const setFilters = useShipments((s) => s.setFilters);
  const fileName = useImports((s) => s.jobs.find((j) => j.jobId === importJobId)?.fileName ?? null);
  if (importJobId === null) return null;
  const what = `the shipments import ${importJobId}${fileName ? ` (${fileName})` : ''} ${items ? `counted as ${IMPORT_ITEM_WORDS[items]}` : 'tracked or updated'}`;
  return (
    <span className="filter-chip" title={`Only ${what}`}>
      <span className="filter-chip-text">
        Import: {fileName ?? importJobId}
        {items && ` · ${IMPORT_ITEM_WORDS[items]}`}
      </span>
      <button
        type="button"
        className="filter-chip-remove"
        aria-label={`Remove the filter by import ${importJobId}`}
        title="Show all shipments again"
        onClick={() => setFilters({ importJobId: null, importItems: null })}
      >
        ×
      </button>
    </span>
  );
}
