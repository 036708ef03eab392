/** The Map view: the table's filters, the drawn map with what it shows listed beside it, the detail panel. */
import { useDetail } from '../state/detail';
import { useMap } from '../state/map';
import { useShipments } from '../state/shipments';
import { FilterBar } from '../shipments/FilterBar';
import { ShipmentDetailPanel } from '../shipments/ShipmentDetail';
import { MapCanvas } from './MapCanvas';
import { MapSummary, mapLabel } from './MapSummary';
import { useMapData } from './use-map-data';
import './map.css';

function SearchNote() {
  const search = useShipments((s) => s.filters.search.trim());
  if (!search) return null;
  return (
    <p className="notice notice-info map-note" role="note">
      <span>
        Also narrowed by the table’s search “<span className="mono">{search}</span>”.
      </span>
      <button type="button" className="button small" onClick={() => useShipments.getState().setFilters({ search: '' })}>
        Clear search
      </button>
    </p>
  );
}

export function MapView() {
  useMapData();
  const view = useMap((s) => s.view);
  const loading = useMap((s) => s.loading);
  const detailOpen = useDetail((s) => s.openId !== null);

  return (
    <div className="workspace map-page">
      <div className="workspace-main">
        <div className="map-heading">
          <h1 id="page-title" className="page-title">
            Map
          </h1>
          {loading && <span className="spinner" aria-hidden="true" />}
          <span className="muted">Current positions of the shipments the filters select, and where they are due.</span>
        </div>
        <div className="toolbar">
          <FilterBar />
        </div>
        <SearchNote />
        <div className={`map-body${detailOpen ? ' with-detail' : ''}`}>
          <MapCanvas label={mapLabel(view)} />
          <MapSummary />
        </div>
      </div>
      <ShipmentDetailPanel />
    </div>
  );
}
