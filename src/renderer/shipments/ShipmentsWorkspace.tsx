/** The shipments view: search and filters, the count and selection, the grid, the detail panel. */
import { useState } from 'react';
import { switchSampleData } from '../components/sample-data';
import { formatCount, plural } from '../lib/format';
import { isFiltered } from '../state/query';
import { useSettings } from '../state/settings';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { SORT_LABELS } from './columns';
import { FilterBar } from './FilterBar';
import { SearchBox } from './SearchBox';
import { ShipmentDetailPanel } from './ShipmentDetail';
import { SetFieldsDialog } from './SetFieldsDialog';
import { ShipmentTable } from './ShipmentTable';
import { removalTargets } from './table-keys';

/** A search that could be a container, B/L or booking number (letters and digits, at least one digit, separators aside). */
function looksLikeReference(search: string): boolean {
  const compact = search.replace(/[\s\-./]/g, '');
  return /^[A-Za-z0-9]{6,35}$/.test(compact) && /\d/.test(compact);
}

function hasNoKey(key: { last4: string | null; source: string | null } | null): boolean {
  return key !== null && key.last4 === null && key.source === null;
}

export function ShipmentsWorkspace({ viewportHeight }: { viewportHeight?: number }) {
  const total = useShipments((s) => s.total);
  const selected = useShipments((s) => s.selection.size);
  const activeIndex = useShipments((s) => s.activeIndex);
  const filters = useShipments((s) => s.filters);
  const sort = useShipments((s) => s.sort);
  const loading = useShipments((s) => s.loading);
  const loadError = useShipments((s) => s.loadError);
  const key = useSettings((s) => s.key);
  const noKey = hasNoKey(key);
  const filtered = isFiltered(filters);
  const empty = total === 0;

  const openSettings = () => useUi.getState().setView('settings');
  const [settingFields, setSettingFields] = useState<readonly number[] | null>(null);

  return (
    <div className="workspace">
      <div className="workspace-main">
        <div className="toolbar">
          <SearchBox />
          <FilterBar />
        </div>
        <div className="summary-bar">
          <span className="count" aria-live="polite" aria-atomic="true">
            {total === null ? 'Loading shipments…' : plural(total, 'shipment')}
            {loading && total !== null && <span className="spinner" aria-hidden="true" />}
          </span>
          {selected > 0 && <span className="selected-count">{formatCount(selected)} selected</span>}
          <span className="sort-info muted" title={`Sorted by ${SORT_LABELS[sort]}`}>
            Sorted by {SORT_LABELS[sort]}
          </span>
          <span className="spacer" />
          {selected > 0 && (
            <button type="button" className="button ghost small" onClick={() => useShipments.getState().clearSelection()}>
              Clear selection
            </button>
          )}
          <button
            type="button"
            className="button small"
            disabled={empty}
            onClick={() => useUi.getState().setExportOpen(true)}
            title="Export the shipments of this view to CSV or Excel"
          >
            Export…
          </button>
          <button
            type="button"
            className="button small"
            disabled={selected === 0 && activeIndex === null}
            onClick={() => setSettingFields(removalTargets())}
            title="Give the selected shipments one value of a field (customer, PO…)"
          >
            Set field…
          </button>
          <button
            type="button"
            className="button danger-ghost small"
            disabled={selected === 0 && activeIndex === null}
            onClick={() => useUi.getState().openRemove(removalTargets())}
            title="Remove the selected shipments (Delete)"
          >
            Remove…
          </button>
        </div>
        {settingFields && settingFields.length > 0 && <SetFieldsDialog ids={settingFields} onClose={() => setSettingFields(null)} />}
        {noKey && !empty && (
          <div className="notice notice-info" role="note">
            <span>
              No API key yet: the table shows what is cached on this computer. To track and refresh shipments, enter your API key in
              Settings.
            </span>
            <button type="button" className="button small" onClick={openSettings}>
              Open Settings
            </button>
          </div>
        )}
        {loadError && (
          <div className="inline-error" role="alert">
            Could not load shipments: {loadError}{' '}
            <button type="button" className="button small" onClick={() => useShipments.getState().invalidate()}>
              Try again
            </button>
          </div>
        )}
        <div className="table-area">
          <ShipmentTable viewportHeight={viewportHeight} />
          {empty && (
            <div className="empty-state">
              {filtered ? (
                <>
                  <h2>No shipments match</h2>
                  <p>Nothing in the cache matches this search and these filters.</p>
                  <div className="button-row">
                    {looksLikeReference(filters.search) && (
                      <button type="button" className="button primary" onClick={() => useUi.getState().askQuickTrack(filters.search.trim())}>
                        Track {filters.search.trim()}…
                      </button>
                    )}
                    <button type="button" className="button" onClick={() => useShipments.getState().clearFilters()}>
                      Clear filters
                    </button>
                  </div>
                </>
              ) : noKey ? (
                <>
                  <h2>Welcome to Quayside</h2>
                  <p>
                    To start tracking, go to <strong>Settings</strong> and enter the API key of your tracking service account. It is checked
                    with the service and kept in the system keychain.
                  </p>
                  <div className="button-row">
                    <button type="button" className="button primary" onClick={openSettings}>
                      Open Settings
                    </button>
                    <button type="button" className="button" onClick={() => void switchSampleData(true)}>
                      Explore with sample data
                    </button>
                  </div>
                  <p className="muted">A few hundred made-up shipments to try everything with, kept apart from your own.</p>
                </>
              ) : (
                <>
                  <h2>No shipments yet</h2>
                  <p>Type a container number, B/L or booking in Quick track (Ctrl+K) to track your first shipment.</p>
                </>
              )}
            </div>
          )}
        </div>
      </div>
      <ShipmentDetailPanel />
    </div>
  );
}
