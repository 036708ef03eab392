/** The Attention view's methods: the list worst first, acknowledging a reason, the settings behind it. */
import { randomUUID } from 'node:crypto';
import type { AttentionSettingsView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { findWatchlist } from '../shipments/index.js';
import { acknowledge, unacknowledge } from './attention.js';
import { narrowed } from './filters.js';
import { acknowledgeMany, undoMany, type HandledMarks } from './handle-many.js';
import type { AttentionListCache } from './list-cache.js';
import { attentionSettings, customerColumn, freeDaysSettings, updateAttentionSettings, updateFreeDays } from './settings.js';
import { AppFailure } from '../../platform/failure.js';

/** Batches that can still be taken back while the engine runs: the newest few. */
const BATCHES_KEPT = 20;

export function createAttentionHandlers(core: Core, cache: AttentionListCache): AreaHandlers<'attention'> {
  /** Something a person did changed what needs attention (an acknowledgement, a threshold). */
  const changed = () => core.events.emit('attention.changed', { madeAt: 'this desk' });
  const batches = new Map<string, HandledMarks>();
  const settingsView = (): AttentionSettingsView => ({
    ...attentionSettings(core),
    freeDays: freeDaysSettings(core),
    fieldNames: core.read.attention.fieldNames(),
  });
  return {
    'attention.list': async ({ watchlistId, includeAcknowledged, limit, kinds, customer }) => {
      if (watchlistId !== undefined) findWatchlist(core.read, watchlistId);
      const { items, needAttention } = await cache.list(watchlistId);
      const listed = includeAcknowledged === true ? items : items.slice(0, needAttention);
      const { shown, facets } = narrowed(listed, { kinds, customer, includeAcknowledged: includeAcknowledged === true, customerField: customerColumn(core) });
      return { items: shown.slice(0, limit), total: shown.length, needAttention, facets };
    },
    'attention.count': async () => ({ needAttention: await cache.count() }),
    'attention.acknowledge': async ({ shipmentId, kind, comment }) => {
      const reason = acknowledge(core, { shipmentId, kind, comment, now: core.now });
      changed();
      return reason;
    },
    'attention.acknowledgeMany': async ({ shipmentIds, kinds, comment }) => {
      const marks = acknowledgeMany(core, { shipmentIds, kinds, comment, now: core.now });
      const batchId = randomUUID();
      batches.set(batchId, marks);
      for (const old of [...batches.keys()].slice(0, Math.max(0, batches.size - BATCHES_KEPT))) batches.delete(old);
      changed();
      return { batchId, at: marks.at, marked: marks.marked, skipped: marks.skipped };
    },
    'attention.undoMany': async ({ batchId }) => {
      const batch = batches.get(batchId);
      if (batch === undefined) {
        throw new AppFailure('not-found', 'That batch can no longer be taken back as one (the app was restarted since); use Undo on each reason under "Show handled".');
      }
      const restored = undoMany(core, batch);
      batches.delete(batchId);
      if (restored > 0) changed();
      return { restored };
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
