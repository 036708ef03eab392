/**
 * The views of the window: the one list (src/shared/views.ts: id, name, key) joined by id with
 * each view's component and the name its error boundary gives it. The navigation, the App and the
 * shortcuts read this table; a Record keyed by the view id makes a missing entry a compile error.
 */
import type { ComponentType } from 'react';
import { VIEWS, type ViewEntry, type ViewId } from '../shared/views';
import { AttentionView } from './attention/AttentionView';
import { CustomersPage } from './customers/CustomersPage';
import { ChangesView } from './feed/ChangesView';
import { ImportView } from './import/ImportView';
import { MapView } from './map/MapView';
import { PerformancePage } from './performance/PerformancePage';
import { SettingsPage } from './settings/SettingsPage';
import { ShipmentsWorkspace } from './shipments/ShipmentsWorkspace';
import { WatchlistsView } from './watchlists/WatchlistsView';
import { WebhooksView } from './webhooks/WebhooksView';

interface ViewParts {
  component: ComponentType;
  /** How an error in it is named: "Something went wrong in <area>". */
  area: string;
}

const PARTS: Record<ViewId, ViewParts> = {
  shipments: { component: ShipmentsWorkspace, area: 'the shipments view' },
  attention: { component: AttentionView, area: 'Attention' },
  import: { component: ImportView, area: 'Import' },
  watchlists: { component: WatchlistsView, area: 'Watchlists' },
  customers: { component: CustomersPage, area: 'Customers' },
  map: { component: MapView, area: 'the map' },
  changes: { component: ChangesView, area: 'Changes' },
  webhooks: { component: WebhooksView, area: 'Webhooks' },
  performance: { component: PerformancePage, area: 'Performance' },
  settings: { component: SettingsPage, area: 'Settings' },
};

export type WindowView = ViewEntry & ViewParts;

export const WINDOW_VIEWS: readonly WindowView[] = VIEWS.map((v) => ({ ...v, ...PARTS[v.id] }));

export function windowView(id: ViewId): WindowView {
  return WINDOW_VIEWS.find((v) => v.id === id) ?? WINDOW_VIEWS[0]!;
}
