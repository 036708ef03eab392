/** The Attention view's methods: the list worst first, acknowledging a reason, the settings behind it. */
import type { AttentionSettingsView } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';
import type { AreaHandlers } from '../handlers.js';
import { findWatchlist } from '../shipments/filters.js';
import { acknowledge, unacknowledge } from './attention.js';
import type { AttentionListCache } from './list-cache.js';
import { attentionRepository } from './repository.js';
import { attentionSettings, freeDaysSettings, updateAttentionSettings, updateFreeDays } from './settings.js';

export interface AttentionHandlerOptions {
  service: QuaysideService;
  cache: AttentionListCache;
  /** Something a person did changed what needs attention (an acknowledgement, a threshold). */
  changed(): void;
}

export function createAttentionHandlers({ service, cache, changed }: AttentionHandlerOptions): AreaHandlers<'attention'> {
  const store = service.store;
  const settingsView = (): AttentionSettingsView => ({
    ...attentionSettings(store),
    freeDays: freeDaysSettings(store),
    fieldNames: attentionRepository(store).reads.fieldNames(),
  });
  return {
    'attention.list': async ({ watchlistId, includeAcknowledged, limit }) => {
      if (watchlistId !== undefined) findWatchlist(store, watchlistId);
      const { items, needAttention } = await cache.list(watchlistId);
      const shown = includeAcknowledged === true ? items : items.slice(0, needAttention);
      return { items: shown.slice(0, limit), total: shown.length, needAttention };
    },
    'attention.count': async () => ({ needAttention: await cache.count() }),
    'attention.acknowledge': async ({ shipmentId, kind, comment }) => {
      const reason = acknowledge(store, { shipmentId, kind, comment, now: service.now });
      changed();
      return reason;
    },
    'attention.unacknowledge': async ({ shipmentId, kind }) => {
      const removed = unacknowledge(store, { shipmentId, kind });
      if (removed) changed();
      return { removed };
    },
    'attention.settings': async () => settingsView(),
    'attention.updateSettings': async (patch) => {
      updateAttentionSettings(store, patch);
      changed();
      return settingsView();
    },
    'attention.updateFreeDays': async (patch) => {
      updateFreeDays(store, patch);
      changed();
      return settingsView();
    },
  };
}
