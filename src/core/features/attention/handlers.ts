/** The Attention view's methods: the list worst first, acknowledging a reason, the settings behind it. */
import type { AttentionSettingsView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { findWatchlist } from '../shipments/index.js';
import { acknowledge, unacknowledge } from './attention.js';
import type { AttentionListCache } from './list-cache.js';
import { attentionSettings, freeDaysSettings, updateAttentionSettings, updateFreeDays } from './settings.js';

export function createAttentionHandlers(core: Core, cache: AttentionListCache): AreaHandlers<'attention'> {
  /** Something a person did changed what needs attention (an acknowledgement, a threshold). */
  const changed = () => core.events.emit('attention.changed', {});
  const settingsView = (): AttentionSettingsView => ({
    ...attentionSettings(core),
    freeDays: freeDaysSettings(core),
    fieldNames: core.read.attention.fieldNames(),
  });
  return {
    'attention.list': async ({ watchlistId, includeAcknowledged, limit }) => {
      if (watchlistId !== undefined) findWatchlist(core.read, watchlistId);
      const { items, needAttention } = await cache.list(watchlistId);
      const shown = includeAcknowledged === true ? items : items.slice(0, needAttention);
      return { items: shown.slice(0, limit), total: shown.length, needAttention };
    },
    'attention.count': async () => ({ needAttention: await cache.count() }),
    'attention.acknowledge': async ({ shipmentId, kind, comment }) => {
      const reason = acknowledge(core, { shipmentId, kind, comment, now: core.now });
      changed();
      return reason;
    },
    'attention.unacknowledge': async ({ shipmentId, kind }) => {
      const removed = unacknowledge(core, { shipmentId, kind });
      if (removed) changed();
      return { removed };
    },
    'attention.settings': async () => settingsView(),
    'attention.updateSettings': async (patch) => {
      updateAttentionSettings(core, patch);
      changed();
      return settingsView();
    },
    'attention.updateFreeDays': async (patch) => {
      updateFreeDays(core, patch);
      changed();
      return settingsView();
    },
  };
}
