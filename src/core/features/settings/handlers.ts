/**
 * The IPC contract implemented over the core: one function per `Api` method. Inputs arrive
 * validated (see dispatch in index.ts); what goes back is a view shape, never the API key.
 */
import type { ApiMethod, ApiOutput, HandlerInput } from '../../../shared/contract/index.js';
import type { CreditsView, SettingsView, ShipmentFilterInput, ThemeChoice } from '../../../shared/contract/index.js';
import { checkContainerNumber } from '../../../shared/iso6346.js';
import { AuthError, NetworkError } from '../../platform/api/errors.js';
import { LookupError, planLookup } from '../tracking/reference.js';
import type { QuaysideService } from '../../core.js';
import { resolveFilter } from '../shipments/filters.js';
import { type BackgroundSync, SYNC_INTERVAL_SETTING, syncIntervalMinutes } from '../sync/background-sync.js';
import { AppFailure, toAppError } from '../../errors.js';
import { pendingNote } from '../notes/handlers.js';
import { trackReference } from '../tracking/track.js';
import { planRemoval, removeShipments } from '../shipments/shipments.js';
import { deleteKey, keyStatus, setKey } from './key.js';
import { carrierDirectory } from './carriers.js';
import { readCredits } from '../credits/credits.js';

export const SAMPLE_DATA_ONLY_IN_SHELL =
  'Sample data is switched on in the desktop app (File → Explore with Sample Data); in a browser, start the harness with --demo.';

/** One function per method, typed from the contract's definition: its input as validated, its answer. */
export type Handlers = { [M in ApiMethod]: (input: HandlerInput<M>) => Promise<ApiOutput<M>> };

/** The methods of one area (`import.*`, `map.*`…), implemented in a file of their own. */
export type AreaHandlers<P extends string> = Pick<Handlers, Extract<ApiMethod, `${P}.${string}`>>;
type WorkdayArea = 'import' | 'watchlists' | 'feed' | 'notifications' | 'map' | 'export' | 'webhooks' | 'notes';
export type WindowHandlers = Omit<Handlers, Extract<ApiMethod, `${WorkdayArea}.${string}`>>;

export interface HandlerContext {
  service: QuaysideService;
  info: { version: string; dataDir: string; demo: boolean; shell: 'electron' | 'harness' };
  /** Sends the stored balance; with `reread`, reads it from the service first (after spending or a refund). */
  emitCredits(reread?: boolean): void;
  shipmentsChanged(ids: number[] | null, reason: 'track' | 'note' | 'removal'): void;
  keyChanged(): void;
  sync: BackgroundSync;
}

const THEME_SETTING = 'theme';
const CREDIT_WARNING_SETTING = 'creditWarningBelow';
const DEFAULT_CREDIT_WARNING = 100;
const CREDIT_HISTORY_POINTS = 200;
const MAX_IDS = 100_000;

export function creditsView(service: QuaysideService): CreditsView {
  const latest = service.store.latestCredits();
  const warningBelow = Number(service.store.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING);
  return {
    remaining: latest?.remaining ?? null,
    checkedAt: latest?.checkedAt ?? null,
    history: service.store.creditHistory(CREDIT_HISTORY_POINTS).reverse(),
    warningBelow,
    low: latest !== null && latest.remaining < warningBelow,
  };
}

export function createHandlers(ctx: HandlerContext): WindowHandlers {
  const { service } = ctx;
  const store = service.store;
  const filter = (input: ShipmentFilterInput) => resolveFilter(store, input);

  const settings = (): SettingsView => ({
    apiBase: service.currentApiBase(),
    theme: (store.getSetting(THEME_SETTING) as ThemeChoice | null) ?? 'system',
    creditWarningBelow: Number(store.getSetting(CREDIT_WARNING_SETTING) ?? DEFAULT_CREDIT_WARNING),
    syncIntervalMinutes: syncIntervalMinutes(service),
    dataDir: ctx.info.dataDir,
    demo: ctx.info.demo,
  });

  const currentKeyStatus = async () => {
    if (!service.currentApiBase()) return { apiBase: null, source: null, last4: null };
    return keyStatus(service);
  };

  const shipment = (id: number) => {
    const found = store.getShipment(id);
    if (!found) throw new AppFailure('not-found', 'That shipment is no longer in the cache (it may have been removed); the list has been refreshed.');
    return found;
  };

  return {
    'app.info': async () => ({ ...ctx.info }),
    // The shell owns the runtime, so only the shell can swap it (src/main/shell.ts answers this first).
    'app.sampleData': async () => {
      throw new AppFailure('invalid-input', SAMPLE_DATA_ONLY_IN_SHELL);
    },

    'shipments.list': async (query) => {
      const f = filter(query);
      return {
        total: store.countShipments(f),
        offset: query.offset,
        rows: store.listShipmentRows({ ...f, sort: query.sort, offset: query.offset, limit: query.limit }),
      };
    },
    'shipments.ids': async (query) => store.listShipmentIds({ ...filter(query), sort: query.sort, limit: MAX_IDS }),
    'shipments.facets': async () => store.shipmentFacets(),
    'shipments.get': async (id) => {
      const found = shipment(id);
      const waiting = store.waitingNote(id);
      return {
        shipment: found,
        pendingNote: waiting ? pendingNote(waiting) : null,
        raw: store.rawPayloads(id).map((r) => ({ source: r.source, receivedAt: r.receivedAt, body: r.body })),
      };
    },

    'track.check': async (reference) => {
      const carriers = store.listCarriers();
      try {
        const plan = planLookup(reference, {}, carriers);
        const cached = store.findActive(plan.type, plan.value);
        return {
          ok: true,
          plan: {
            reference: plan.value,
            type: plan.type,
            carrier: plan.company,
            carrierName: carriers.find((c) => c.scac === plan.company)?.name ?? null,
            cachedId: cached?.id ?? null,
            costsCredit: cached === null,
          },
        };
      } catch (err) {
        if (!(err instanceof LookupError)) throw err;
        const check = checkContainerNumber(reference.trim().toUpperCase().replace(/[\s-]/g, ''));
        return { ok: false, problem: err.message, suggestion: check.valid ? null : (check.suggestion ?? null) };
      }
    },
    'track.run': async (input) => {
      const outcome = await trackReference(service, input.reference, { type: input.type, carrier: input.carrier });
      if (!outcome.fromCache) {
        ctx.shipmentsChanged([outcome.shipment.id], 'track');
        ctx.emitCredits(true);
      }
      return { shipment: outcome.shipment, fromCache: outcome.fromCache };
    },

    'removal.preview': async (ids) => {
      const plan = planRemoval(service, ids.map(String));
      return {
        items: plan.map((p) => ({ id: p.shipment.id, reference: p.shipment.reference, outcome: p.outcome, description: p.description })),
        refunds: plan.filter((p) => p.outcome === 'deleted-refund').length,
      };
    },
    'removal.run': async (ids) => {
      const plan = planRemoval(service, ids.map(String));
      const done = await removeShipments(service, plan);
      ctx.shipmentsChanged(null, 'removal');
      if (done.deleted.length > 0) ctx.emitCredits(true);
      const parts = [
        done.deleted.length > 0 ? `${done.deleted.length} deleted at the service` : null,
        done.archived.length > 0 ? `${done.archived.length} archived (no refund)` : null,
        done.localOnly.length > 0 ? `${done.localOnly.length} removed from this computer only` : null,
      ].filter(Boolean);
      return { ...done, summary: parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing was removed: the service knew none of these records.' };
    },

    'key.status': currentKeyStatus,
    'key.set': async (key) => {
      await setKey(service, key);
      ctx.keyChanged();
      ctx.emitCredits();
      return currentKeyStatus();
    },
    'key.delete': async () => {
      await deleteKey(service);
      ctx.keyChanged();
      return currentKeyStatus();
    },

    'settings.get': async () => settings(),
    'settings.update': async (patch) => {
      if (patch.apiBase !== undefined) {
        service.setApiBase(patch.apiBase);
        ctx.keyChanged();
      }
      if (patch.theme !== undefined) store.setSetting(THEME_SETTING, patch.theme);
      if (patch.syncIntervalMinutes !== undefined) {
        store.setSetting(SYNC_INTERVAL_SETTING, String(patch.syncIntervalMinutes));
        ctx.sync.schedule();
      }
      if (patch.creditWarningBelow !== undefined) {
        store.setSetting(CREDIT_WARNING_SETTING, String(patch.creditWarningBelow));
        ctx.emitCredits();
      }
      return settings();
    },
    'connection.test': async () => {
      const base = service.currentApiBase();
      if (!base) return { ok: false, message: 'No tracking service address is set; enter it above.', remaining: null, latencyMs: null };
      const started = Date.now();
      try {
        const { remaining } = await readCredits(service);
        ctx.emitCredits();
        return { ok: true, message: `Connected to ${base}: ${remaining.toLocaleString('en')} credits left.`, remaining, latencyMs: Date.now() - started };
      } catch (err) {
        const message =
          err instanceof AuthError
            ? 'The service answered but refused the API key; enter a valid key.'
            : err instanceof NetworkError
              ? `Cannot reach ${base}; check the address and the network.`
              : toAppError(err).message;
        return { ok: false, message, remaining: null, latencyMs: null };
      }
    },
    'carriers.list': async ({ refresh }) => {
      const { carriers, fetchedAt } = await carrierDirectory(service, { refresh });
      return {
        carriers: carriers.map((c) => ({ name: c.name, scac: c.scac, containers: c.cn, bl: c.bl, booking: c.bk })),
        fetchedAt,
      };
    },

    'credits.get': async () => creditsView(service),
    'credits.refresh': async () => {
      await readCredits(service);
      ctx.emitCredits();
      return creditsView(service);
    },

    'status.get': async () => statusView(service),
    'sync.now': async () => ctx.sync.runNow(),
    'sync.status': async () => ctx.sync.view(),
  };
}

export function statusView(service: QuaysideService) {
  const s = service.scheduler.status();
  return {
    online: s.online,
    queued: s.queued.interactive + s.queued.import + s.queued.background,
    inFlight: s.inFlight,
    waiting: s.waiting ? { label: s.waiting.label, nextSlotInMs: s.waiting.nextSlotInMs } : null,
    outboxPending: service.store.waitingNotes().length,
    rateLimited: s.rateLimited,
  };
}
