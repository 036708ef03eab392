/**
 * Carrier performance and the likely arrival: the measures over the cache's history of
 * voyages (the team's, in team mode), the likely arrival of each shipment on the way and its
 * back-test, and the feature's wiring. Others reach it only through here: the engine
 * (`performanceFeature`), the CLI (`performanceOf`, `savePerformanceWorkbook`), the tests.
 */
import type { Core } from '../../context.js';
import type { FeatureParts, Host } from '../../handlers.js';
import { createPerformanceHandlers } from './handlers.js';
import { performanceOf } from './state.js';

export type {
  BacktestReport,
  GroupFigures,
  PerformanceFilters,
  PerformanceReport,
} from './types.js';
export { performanceOf } from './state.js';
export { cleanFilters } from './handlers.js';
export { savePerformanceWorkbook } from './workbook.js';

/** After this long the engine's first refresh starts (the window's first rows come first). */
const FIRST_REFRESH_MS = 2000;
/** A burst of changes without ids (an import, the end of a sync) is read once, this long after the first. */
const SETTLE_MS = 1000;
/** How often the day is looked at: a new day forecasts every shipment on the way again. */
const DAY_CHECK_MS = 10 * 60_000;

export function performanceFeature(core: Core, host: Host): FeatureParts<'performance'> {
  const state = performanceOf(core);
  const stops: (() => void)[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  // A refresh that fails leaves what is kept as it was; the next change or the next day tries again.
  const quietly = (work: Promise<void>) => void work.catch(() => undefined);
  let settling: ReturnType<typeof setTimeout> | null = null;
  const settle = () => {
    if (settling) return;
    settling = setTimeout(() => {
      settling = null;
      quietly(state.refresh(null));
    }, SETTLE_MS);
  };
  return {
    handlers: createPerformanceHandlers(core, state, host.chooseExportPath),
    start() {
      stops.push(
        core.events.on('sync.page', ({ ids }) => quietly(state.refresh(ids))),
        core.events.on('shipments.changed', ({ ids, reason }) => {
          if (reason === 'note') return;
          if (ids !== null && reason !== 'removal') quietly(state.refresh(ids));
          else settle();
        }),
      );
      timers.push(setTimeout(() => quietly(state.ready()), FIRST_REFRESH_MS), setInterval(() => quietly(state.ready()), DAY_CHECK_MS));
    },
    close() {
      for (const stop of stops.splice(0)) stop();
      for (const timer of timers.splice(0)) clearTimeout(timer);
      if (settling) clearTimeout(settling);
      state.close();
    },
  };
}
