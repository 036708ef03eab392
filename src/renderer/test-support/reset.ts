/** Puts every store back to its first state and installs a bridge, between component tests. */
import type { QuaysideBridge } from '../../shared/contract';
import { setBridge } from '../api/bridge';
import { forgetCarrierDirectory } from '../components/CarrierPicker';
import { setSystemLocale } from '../lib/dates';
import { resetAttentionStore } from '../state/attention';
import { resetAttentionBulkStore } from '../state/attention-bulk';
import { resetCreditsStore } from '../state/credits';
import { resetDetailStore } from '../state/detail';
import { resetFacetsStore } from '../state/facets';
import { resetNotesStore } from '../state/notes';
import { resetPerformanceStore } from '../state/performance';
import { resetPerformanceSettingsStore } from '../state/performance-settings';
import { resetSettingsStore } from '../state/settings';
import { resetShipmentsStore } from '../state/shipments';
import { resetTableLayoutStore } from '../state/table-layout';
import { resetStatusStore } from '../state/status';
import { resetSyncStore } from '../state/sync';
import { resetTeamStore } from '../state/team';
import { resetTeamJobsStore } from '../state/team-jobs';
import { resetUiStore } from '../state/ui';

export function resetStores(bridge: QuaysideBridge | null = null): void {
  setBridge(bridge);
  // The "system" the tests' window runs in writes ISO dates on a 24-hour clock (no locale of its own).
  setSystemLocale(null);
  forgetCarrierDirectory();
  // The layout first: the table starts from the default layout it holds.
  resetTableLayoutStore();
  resetShipmentsStore();
  resetDetailStore();
  resetNotesStore();
  resetCreditsStore();
  resetStatusStore();
  resetSettingsStore();
  resetFacetsStore();
  resetUiStore();
  resetAttentionStore();
  resetAttentionBulkStore();
  resetTeamStore();
  resetTeamJobsStore();
  resetPerformanceStore();
  resetPerformanceSettingsStore();
  resetSyncStore();
}
