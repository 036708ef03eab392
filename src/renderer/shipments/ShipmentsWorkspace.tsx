/** The shipments view: search and filters, the count and selection, the grid, the detail panel. */
import { useState } from 'react';
import { GROUP_BY, type ShipmentGroupBy } from '../../shared/contract';
import { switchSampleData } from '../components/sample-data';
import { formatCount, plural } from '../lib/format';
import { useFacets } from '../state/facets';
import { isFiltered } from '../state/query';
import { useSettings } from '../state/settings';
import { changeLayout, useShipments } from '../state/shipments';
import { useTableLayout } from '../state/table-layout';
import { useUi } from '../state/ui';
import { ColumnsMenu } from './ColumnsMenu';
import { FilterBar } from './FilterBar';
import { GROUP_WORDS, sortWords } from './sort-words';
import { SearchBox } from './SearchBox';
import { ShipmentDetailPanel } from './ShipmentDetail';
import { SetFieldsDialog } from './SetFieldsDialog';
import { ShipmentTable } from './ShipmentTable';
import { removalTargets } from './table-keys';

const NO_NAMES: readonly string[] = [];

/** A search that could be a container, B/L or booking number (letters and digits, at least one digit, separators aside). */
function looksLikeReference(search: string): boolean {
  const compact = search.replace(/[\s\-./]/g, '');
  return /^[A-Za-z0-9]{6,35}$/.test(compact) && /\d/.test(compact);
}

function hasNoKey(key: { last4: string | null; source: string | null } | null): boolean {
  return key !== null && key.last4 === null && key.source === null;
}

/** Group by customer, carrier, POD or status: each group under a heading with its count, folded by a click. */
function GroupByChoice() {
  const groupBy = useTableLayout((s) => s.layout.groupBy);
  return (
    <label className="field field-inline">
      <span className="field-label">Group by</span>
      <select className="input select" value={groupBy ?? ''} onChange={(e) => changeLayout({ groupBy: (e.target.value || null) as ShipmentGroupBy | null, collapsed: [] })}>
        <option value="">Nothing</option>
        {GROUP_BY.map((g) => (
          <option key={g} value={g}>
            {GROUP_WORDS[g].charAt(0).toUpperCase() + GROUP_WORDS[g].slice(1)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Folds or opens every group at once. */
function FoldAll() {
  const groups = useShipments((s) => s.groups);
  const groupBy = useShipments((s) => s.groupBy);
  const folded = useShipments((s) => s.folded);
  if (!groupBy || !groups || groups.length === 0) return null;
  const all = groups.every((g) => folded.has(g.key ?? ''));
  return (
    <button type="button" className="button ghost small" onClick={() => changeLayout({ collapsed: all ? [] : groups.map((g) => g.key ?? '') })}>
      {all ? 'Open all groups' : 'Fold all groups'}
    </button>
  );
}

export function ShipmentsWorkspace({ viewportHeight }: { viewportHeight?: number }) {
  const total = useShipments((s) => s.total);
  const selected = useShipments((s) => s.selection.size);
  const activeIndex = useShipments((s) => s.activeIndex);
  const filters = useShipments((s) => s.filters);
  const order = useShipments((s) => s.order);
  const groupBy = useShipments((s) => s.groupBy);
  const fieldNames = useFacets((s) => s.facets?.fieldNames) ?? NO_NAMES;
  /** Shipments in the cache at all (the facets count every one): none moving is then not "no shipments yet". */
  const cached = useFacets((s) => s.facets?.total ?? 0);
  const sorted = sortWords(order, groupBy, fieldNames);
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
          <span className="spacer" />
          <GroupByChoice />
          <ColumnsMenu />
        </div>
        <div className="summary-bar">
          <span className="count" aria-live="polite" aria-atomic="true">
            {total === null ? 'Loading shipments…' : plural(total, 'shipment')}
            {loading && total !== null && <span className="spinner" aria-hidden="true" />}
          </span>
          {selected > 0 && <span className="selected-count">{formatCount(selected)} selected</span>}
          <span className="sort-info muted" title={`${sorted}. Click a heading to sort by it, Shift+click to sort ties by another.`}>
            {sorted}
          </span>
          <FoldAll />
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
              {!filtered && filters.view === 'moving' && cached > 0 ? (
                <>
                  <h2>Nothing is still moving</h2>
                  <p>Every shipment in the cache is delivered, archived or no longer at the service.</p>
                  <div className="button-row">
                    <button type="button" className="button primary" onClick={() => useShipments.getState().setFilters({ view: 'all' })}>
                      Show all shipments
                    </button>
                  </div>
                </>
              ) : filtered ? (
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
