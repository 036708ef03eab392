/**
 * Typed domain events: a use case emits one after its write has committed, and whoever needs to
 * follow subscribes (the engine's map to the window's events, the Attention count, the feed, the
 * notes outbox, the balance, the team's push). A new feature that writes shipments emits
 * `shipments.changed` and every view follows, without the engine knowing the feature.
 */
import type {
  AttentionDigest,
  ImportJobView,
  ImportProgressView,
  ShipmentsChangedReason,
  SyncView,
  TeamImportJobView,
  TeamView,
} from '../shared/contract/index.js';

/** A setting whose change others follow (the key and the address wake the outbox and the refresh). */
type SettingChanged = 'apiKey' | 'apiBase' | 'syncInterval' | 'creditWarning' | 'theme' | 'importFileDays' | 'team';

/**
 * Where a change was made: on this desk (in a team, the team's to have: it is pushed), or pulled
 * from the team's database (already the team's: never pushed back).
 */
type MadeAt = 'this desk' | 'team';

export interface DomainEvents {
  /** Shipments were stored, changed or removed in the cache; `ids` when known. */
  'shipments.changed': { ids: number[] | null; reason: ShipmentsChangedReason };
  /** A note edit was queued, sent or refused for good. */
  'notes.outbox': { sent: { shipmentId: number; note: string | null }[]; failed: { shipmentId: number; message: string }[] };
  /** An import job moved on, or changed state. */
  'imports.progress': { jobId: number; state: ImportJobView['state']; progress: ImportProgressView | null; message: string | null };
  /** Rows of an import were stored with their imported fields (the team's to have). */
  'imports.rowsStored': { jobId: number | null };
  /** A person changed fields of these shipments on this desk (the team's to have). */
  'fields.edited': { ids: number[] };
  /** A balance reading was stored. */
  'credits.read': Record<string, never>;
  /** Something may have spent or refunded credits (or a refresh ran): the balance is worth reading again. */
  'credits.stale': Record<string, never>;
  /** Watchlists were made, edited or deleted; `ids` when known. */
  'watchlists.changed': { ids: number[] | null; madeAt: MadeAt };
  /** A person's acknowledgement or a threshold changed what needs attention. */
  'attention.changed': { madeAt: MadeAt };
  /** The morning digest is due. */
  'attention.digest': AttentionDigest;
  'settings.changed': { setting: SettingChanged };
  /** The background refresh started, moved on or ended. */
  'sync.state': SyncView;
  /** The team as this desk sees it changed (src/team). */
  'team.status': TeamView;
  /** The team's import jobs changed (src/team). */
  'team.jobs': TeamImportJobView[];
  /** Customers or their rules changed. */
  'customers.changed': { madeAt: MadeAt };
  /** Customer updates were composed or moved on in the outbox. */
  'customers.outbox': { ids: string[]; madeAt: MadeAt };
  /** A page of the background refresh was stored; `ids`: the shipments it added or changed (what the measures read again). */
  'sync.page': { ids: number[] };
  /** The carrier performance figures were brought up to date; `likely`: the likely arrivals of shipments on the way changed too. */
  'performance.changed': { likely: boolean };
}

type DomainEventName = keyof DomainEvents;
type DomainListener<E extends DomainEventName> = (payload: DomainEvents[E]) => void;

export interface EventBus {
  emit<E extends DomainEventName>(event: E, payload: DomainEvents[E]): void;
  /** Returns the unsubscribe function. */
  on<E extends DomainEventName>(event: E, listener: DomainListener<E>): () => void;
}

/** Listeners run in order of subscription; one that throws never stops the others or the emitter. */
export function createEventBus(onListenerError: (err: unknown) => void = () => undefined): EventBus {
  const listeners = new Map<DomainEventName, Set<(payload: unknown) => void>>();
  return {
    emit(event, payload) {
      const set = listeners.get(event);
      if (!set) return;
      for (const listener of [...set]) {
        try {
          listener(payload);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
  };
}
