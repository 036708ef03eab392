/**
 * The desktop window's back end: the core behind the IPC contract. Electron main and the web
 * harness create one runtime each and forward calls to `dispatch` and events from `onEvent`. It
 * registers the features (their handlers, and their background work when the host runs it) and
 * maps the core's events to the window's (window-events.ts); it holds no business logic.
 */
import { API_METHODS, INPUT_SCHEMAS, type ApiMethod, type EventName, type Events, type Result } from '../shared/contract/index.js';
import type { FeatureParts, Handlers, Host } from '../core/handlers.js';
import { checkAnswer, checkEvent } from '../shared/contract/check.js';
import { toAppError } from '../core/platform/failure.js';
import { attentionFeature } from '../core/features/attention/index.js';
import { creditsFeature } from '../core/features/credits/index.js';
import { customersFeature } from '../core/features/customers/index.js';
import { exportFeature } from '../core/features/export/index.js';
import { feedFeature } from '../core/features/feed/index.js';
import { fieldsFeature } from '../core/features/fields/index.js';
import { importsFeature } from '../core/features/imports/index.js';
import { mapFeature } from '../core/features/map/index.js';
import { notesFeature } from '../core/features/notes/index.js';
import { performanceFeature } from '../core/features/performance/index.js';
import { settingsFeature } from '../core/features/settings/index.js';
import { shipmentsFeature } from '../core/features/shipments/index.js';
import { syncFeature } from '../core/features/sync/index.js';
import { trackingFeature } from '../core/features/tracking/index.js';
import { watchlistsFeature } from '../core/features/watchlists/index.js';
import { webhooksFeature } from '../core/features/webhooks/index.js';
import { openCore } from './open-core.js';
import type { AppRuntime, AppRuntimeOptions, EventListener } from './runtime-types.js';
import { startMark } from './start-trace.js';
import { mapEventsToWindow } from './window-events.js';

export type { AppRuntime, AppRuntimeOptions, EventListener } from './runtime-types.js';

const METHODS = new Set<string>(API_METHODS);

export function createAppRuntime(options: AppRuntimeOptions): AppRuntime {
  startMark('runtime.begin');
  const { core, team } = openCore({
    dataDir: options.dataDir,
    apiBase: options.apiBase ?? null,
    secrets: options.secrets,
    timeScale: options.timeScale,
    fetch: options.fetch,
    now: options.now,
  });
  startMark('runtime.storeOpen');
  const listeners = new Set<EventListener>();
  const checking = options.checkAnswers !== false;
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    try {
      if (checking) checkEvent(event, payload);
    } catch (err) {
      // Sent all the same (as the shipped app would); thrown where nothing catches it, so the test or the developer sees it.
      queueMicrotask(() => {
        throw err;
      });
    }
    for (const listener of [...listeners]) {
      try {
        listener(event, payload);
      } catch {
        // One broken window must not stop the others or the core.
      }
    }
  };

  const background = options.background !== false;
  const host: Host = {
    info: { version: options.version, dataDir: options.dataDir, demo: Boolean(options.demo), shell: options.shell },
    chooseExportPath: options.chooseExportPath,
    placeDraft: options.placeDraft,
    openDraft: options.openDraft,
    background,
  };
  const parts = {
    settings: settingsFeature(core, host),
    shipments: shipmentsFeature(core),
    tracking: trackingFeature(core),
    credits: creditsFeature(core),
    sync: syncFeature(core),
    notes: notesFeature(core),
    fields: fieldsFeature(core),
    feed: feedFeature(core),
    watchlists: watchlistsFeature(core),
    export: exportFeature(core, host),
    map: mapFeature(core),
    webhooks: webhooksFeature(core),
    attention: attentionFeature(core),
    team: team.feature(core),
    imports: importsFeature(core, host),
    customers: customersFeature(core, host),
    performance: performanceFeature(core, host),
  };
  // Every method of the contract, each from the feature its prefix names: one missing does not compile.
  const handlers: Handlers = {
    ...parts.settings.handlers,
    ...parts.shipments.handlers,
    ...parts.tracking.handlers,
    ...parts.credits.handlers,
    ...parts.sync.handlers,
    ...parts.notes.handlers,
    ...parts.fields.handlers,
    ...parts.feed.handlers,
    ...parts.watchlists.handlers,
    ...parts.export.handlers,
    ...parts.map.handlers,
    ...parts.webhooks.handlers,
    ...parts.attention.handlers,
    ...parts.team.handlers,
    ...parts.imports.handlers,
    ...parts.customers.handlers,
    ...parts.performance.handlers,
  };
  const features: Pick<FeatureParts<never>, 'start' | 'close'>[] = Object.values(parts);
  const stopWindowEvents = mapEventsToWindow(core, emit, parts.attention.cache);

  if (background) {
    for (const feature of features) feature.start?.();
    // Alone, the desk's own background refresh; in a team, the team's leader syncs for every desk.
    core.ports.leadership.start(parts.sync.alone);
    parts.imports.resumeUnfinished();
  }

  let closed = false;
  return {
    core,
    async dispatch(method, input) {
      if (closed) return { ok: false, error: { code: 'internal', message: 'Quayside is shutting down; try again after it restarts.' } };
      if (!METHODS.has(method)) {
        return { ok: false, error: { code: 'invalid-input', message: `There is no "${String(method).slice(0, 60)}" in Quayside's interface.` } };
      }
      const name = method as ApiMethod;
      const parsed = INPUT_SCHEMAS[name].safeParse(input);
      if (!parsed.success) return { ok: false, error: toAppError(parsed.error) };
      try {
        const handler = handlers[name] as (input: unknown) => Promise<unknown>;
        const value = await handler(parsed.data);
        if (checking) checkAnswer(name, value);
        return { ok: true, value } as Result<unknown>;
      } catch (err) {
        return { ok: false, error: toAppError(core.translateError(err)) };
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      stopWindowEvents();
      await core.ports.leadership.close();
      for (const feature of features) await feature.close?.();
      listeners.clear();
      await core.scheduler.close();
      core.close();
    },
  };
}
