/**
 * The typed IPC contract between the window (renderer) and the core. Main registers each
 * method once (sender frame checked, input validated with `INPUT_SCHEMAS`), the preload and
 * the web harness build their clients from `API_METHODS`, so the renderer cannot tell the
 * desktop app and the harness apart.
 *
 * The window reaches the engine over a MessagePort of its own (desktop) or the harness's HTTP and
 * WebSocket; src/shared/engine-wire.ts has the messages. Every call answers `Result<T>`: `{ok: true, value}` or `{ok: false, error}` with an error a
 * person can read. Nothing here imports Node, Electron or the DOM.
 */
import type {
  AppInfo,
  CarrierDirectory,
  ConnectionTestResult,
  CreditsView,
  KeyStatusView,
  NoteSaveResult,
  PendingNote,
  QuickTrackCheck,
  QuickTrackResult,
  RemovalDone,
  RemovalPreview,
  SettingsPatch,
  SettingsView,
  ShipmentDetail,
  ShipmentFacets,
  ShipmentFilterInput,
  ShipmentListPage,
  ShipmentListQuery,
  StatusView,
  SyncView,
} from './views.js';
import type {
  ExportColumnView,
  ExportFile,
  ExportInput,
  FeedPage,
  FeedQuery,
  ImportFileView,
  ImportJobView,
  ImportOptionsInput,
  ImportPreview,
  ImportProgressView,
  ImportReportView,
  FeedItem,
  ImportColumnValues,
  MapRoute,
  MapView,
  NotificationPrefs,
  WatchlistCreateInput,
  WatchlistView,
  WebhookDeliveryView,
  WebhookEventTypeView,
  WebhookTestView,
  WebhookView,
  WebhookWithSecret,
} from './workday-views.js';

export interface AppError {
  /** A sentence that says what happened and what to do. Never holds the API key. */
  message: string;
  /** A stable kind for the window to react on. */
  code: 'invalid-input' | 'no-key' | 'auth' | 'offline' | 'rate-limited' | 'not-found' | 'service' | 'storage' | 'internal';
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Every method takes at most one argument, a plain serialisable value. */
export interface Api {
  'app.info'(): Promise<AppInfo>;
  /**
   * Switches the window between the real cache and the sample data (demo: an in-process
   * simulator with a few hundred shipments, kept in `<data folder>/demo`). The desktop shell
   * answers, then reopens the cache and reloads the window; the web harness cannot switch
   * (start it with --demo) and says so.
   */
  'app.sampleData'(input: { on: boolean }): Promise<void>;

  'shipments.list'(query: ShipmentListQuery): Promise<ShipmentListPage>;
  /** Ids of every shipment matching the filter, in table order (for "select all"); at most 100,000. */
  'shipments.ids'(query: ShipmentFilterInput & { sort?: ShipmentListQuery['sort'] }): Promise<number[]>;
  'shipments.facets'(): Promise<ShipmentFacets>;
  'shipments.get'(id: number): Promise<ShipmentDetail>;

  /** What tracking a typed reference would do (type, carrier, credit), before anything is sent. */
  'track.check'(reference: string): Promise<QuickTrackCheck>;
  /** Tracks it (one credit at most), or answers from the cache when it is ACTIVE there (no credit). */
  'track.run'(input: { reference: string; type?: 'container' | 'bl' | 'bk'; carrier?: string }): Promise<QuickTrackResult>;

  /** Saves a note locally at once and queues it for the service (sent when reachable). */
  'notes.set'(input: { shipmentId: number; note: string }): Promise<NoteSaveResult>;
  'notes.pending'(): Promise<PendingNote[]>;

  'removal.preview'(shipmentIds: number[]): Promise<RemovalPreview>;
  'removal.run'(shipmentIds: number[]): Promise<RemovalDone>;

  'key.status'(): Promise<KeyStatusView>;
  /** Validates with GET /v2/apikey, then stores in the keychain; the key never comes back. */
  'key.set'(key: string): Promise<KeyStatusView>;
  'key.delete'(): Promise<KeyStatusView>;

  'settings.get'(): Promise<SettingsView>;
  'settings.update'(patch: SettingsPatch): Promise<SettingsView>;
  'connection.test'(): Promise<ConnectionTestResult>;
  'carriers.list'(input: { refresh: boolean }): Promise<CarrierDirectory>;

  'credits.get'(): Promise<CreditsView>;
  /** Reads the balance from the service (free) and records a snapshot. */
  'credits.refresh'(): Promise<CreditsView>;

  'status.get'(): Promise<StatusView>;
  /** Refreshes the cache from the shipments list now (no credits); resolves when done. */
  'sync.now'(): Promise<SyncView>;
  'sync.status'(): Promise<SyncView>;

  // --- import wizard ---
  /**
   * Takes the dropped or chosen file by its path (from the bridge's `fileRef`); the engine copies
   * it under the returned id, so a preview, a start and a resume read the same bytes.
   */
  'import.open'(input: { path: string }): Promise<ImportFileView>;
  /** Reads and validates with the given sheet and mapping; sends nothing. */
  'import.preview'(input: ImportOptionsInput): Promise<ImportPreview>;
  /** Starts tracking the accepted references in the background; progress comes as `import.progress`. */
  'import.start'(input: ImportOptionsInput & { goOnWithWhatFits?: boolean }): Promise<ImportJobView>;
  'import.jobs'(): Promise<ImportJobView[]>;
  'import.report'(jobId: number): Promise<ImportReportView>;
  'import.reportCsv'(jobId: number): Promise<{ fileName: string; text: string }>;
  'import.resume'(jobId: number): Promise<ImportJobView>;

  // --- watchlists ---
  'watchlists.list'(): Promise<WatchlistView[]>;
  'watchlists.create'(input: WatchlistCreateInput): Promise<WatchlistView>;
  /** One list per value of an imported column (e.g. customer) over the shipments of an import. */
  'watchlists.fromImport'(input: { jobId: number; field: string }): Promise<WatchlistView[]>;
  /** What fromImport would make: the import's imported columns, and the lists one of them gives (nothing is written). */
  'watchlists.importValues'(input: { jobId: number; field?: string }): Promise<ImportColumnValues>;
  'watchlists.addShipments'(input: { watchlistId: number; shipmentIds: number[] }): Promise<WatchlistView>;
  'watchlists.removeShipments'(input: { watchlistId: number; shipmentIds: number[] }): Promise<WatchlistView>;
  'watchlists.rename'(input: { watchlistId: number; name: string }): Promise<WatchlistView>;
  /** A saved filter's name and conditions, changed; its "needs attention" counts follow the new conditions. */
  'watchlists.updateFilter'(input: { watchlistId: number; name: string; filter: ShipmentFilterInput }): Promise<WatchlistView>;
  'watchlists.delete'(watchlistId: number): Promise<void>;
  /** The person looked at it: its "needs attention" ETA moves start from now. */
  'watchlists.markViewed'(watchlistId: number): Promise<WatchlistView>;

  // --- changes feed ---
  'feed.list'(query: FeedQuery): Promise<FeedPage>;
  'feed.markSeen'(input: { watchlistId?: number; upToId: number }): Promise<FeedPage>;
  'notifications.get'(): Promise<NotificationPrefs>;
  'notifications.update'(prefs: Partial<NotificationPrefs>): Promise<NotificationPrefs>;

  // --- map ---
  'map.view'(filter: ShipmentFilterInput): Promise<MapView>;
  'map.route'(shipmentId: number): Promise<MapRoute | null>;

  // --- export ---
  'export.columns'(): Promise<ExportColumnView[]>;
  /** Written by the engine where the person chose (the desktop's save dialog) or to a download (harness); null: cancelled. */
  'export.run'(input: ExportInput): Promise<ExportFile | null>;

  // --- webhooks (read from the service each time; nothing cached) ---
  'webhooks.list'(): Promise<WebhookView[]>;
  'webhooks.eventTypes'(): Promise<WebhookEventTypeView[]>;
  'webhooks.create'(input: { callbackUrl: string; eventTypes: string[]; isActive: boolean }): Promise<WebhookWithSecret>;
  'webhooks.update'(input: { webhookId: string; callbackUrl?: string; eventTypes?: string[]; isActive?: boolean; regenerateSecret?: boolean }): Promise<WebhookWithSecret>;
  'webhooks.delete'(webhookId: string): Promise<void>;
  'webhooks.test'(webhookId: string): Promise<WebhookTestView>;
  'webhooks.deliveries'(input: { webhookId?: string; status?: string; page: number }): Promise<{ deliveries: WebhookDeliveryView[]; page: number; totalPages: number }>;
}

export type ApiMethod = keyof Api;
export type ApiInput<M extends ApiMethod> = Parameters<Api[M]> extends [infer I] ? I : undefined;
export type ApiOutput<M extends ApiMethod> = Awaited<ReturnType<Api[M]>>;

/** The list every client and the registration are built from; a test checks it against `Api`. */
export const API_METHODS = [
  'app.info',
  'app.sampleData',
  'shipments.list',
  'shipments.ids',
  'shipments.facets',
  'shipments.get',
  'track.check',
  'track.run',
  'notes.set',
  'notes.pending',
  'removal.preview',
  'removal.run',
  'key.status',
  'key.set',
  'key.delete',
  'settings.get',
  'settings.update',
  'connection.test',
  'carriers.list',
  'credits.get',
  'credits.refresh',
  'status.get',
  'sync.now',
  'sync.status',
  'import.open',
  'import.preview',
  'import.start',
  'import.jobs',
  'import.report',
  'import.reportCsv',
  'import.resume',
  'watchlists.list',
  'watchlists.create',
  'watchlists.fromImport',
  'watchlists.importValues',
  'watchlists.addShipments',
  'watchlists.removeShipments',
  'watchlists.rename',
  'watchlists.updateFilter',
  'watchlists.delete',
  'watchlists.markViewed',
  'feed.list',
  'feed.markSeen',
  'notifications.get',
  'notifications.update',
  'map.view',
  'map.route',
  'export.columns',
  'export.run',
  'webhooks.list',
  'webhooks.eventTypes',
  'webhooks.create',
  'webhooks.update',
  'webhooks.delete',
  'webhooks.test',
  'webhooks.deliveries',
] as const satisfies readonly ApiMethod[];

/** What main pushes to the window. */
export interface Events {
  /** Scheduler and outbox state, whenever it changes (throttled). */
  status: StatusView;
  /** After anything that read or spent credits. */
  credits: CreditsView;
  /** Shipments were added, changed or removed; `ids` when known (else reload the view). */
  'shipments.changed': { ids: number[] | null; reason: 'track' | 'note' | 'removal' | 'sync' | 'import' | 'watchlist' };
  /** The notes outbox changed (a queued note was sent, or failed for good). */
  'notes.outbox': { pending: PendingNote[]; sent: { shipmentId: number; note: string | null }[]; failed: { shipmentId: number; message: string }[] };
  /** An import job moved on (throttled), or changed state. */
  'import.progress': { jobId: number; state: ImportJobView['state']; progress: ImportProgressView | null; message: string | null };
  /** New changes seen (after a sync, a lookup or an import); `notify` holds those the person wants as desktop notifications. */
  'feed.new': { items: FeedItem[]; notify: FeedItem[]; unseen: number };
  /** The background refresh started, moved on or ended. */
  sync: SyncView;
  /** Watchlists or their counts changed. */
  'watchlists.changed': { ids: number[] | null };
  /**
   * A file was opened outside the window (File → Import…, a file handed to a second launch, a
   * notification): main has already read it with import.open; the import wizard opens on it.
   */
  'import.fileOpened': ImportFileView;
  /** Something outside the window (a desktop notification click, the menu) asks to show a shipment or a view. */
  'window.show': { view: 'shipments' | 'import' | 'watchlists' | 'map' | 'changes' | 'webhooks' | 'settings'; shipmentId?: number };
}

export type EventName = keyof Events;
export const EVENT_NAMES = [
  'status',
  'credits',
  'shipments.changed',
  'notes.outbox',
  'import.progress',
  'feed.new',
  'watchlists.changed',
  'sync',
  'import.fileOpened',
  'window.show',
] as const satisfies readonly EventName[];

/** The object the preload (or the harness bridge) puts on `window.quayside`. */
export interface QuaysideBridge {
  call<M extends ApiMethod>(method: M, ...input: ApiInput<M> extends undefined ? [] : [ApiInput<M>]): Promise<Result<ApiOutput<M>>>;
  /** Returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  /**
   * A path the engine can open for a file the person dropped or picked: the file's own path in
   * the desktop app, an upload in the web harness. Files move by path, never as bytes over IPC.
   */
  fileRef(file: DroppedFile): Promise<Result<string>>;
}

/** The window's File, as far as the contract needs it (src/shared knows no DOM). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** The preload asks main for its line to the engine on this channel… */
export const CONNECT_CHANNEL = 'quayside:connect';
/** …and receives the MessagePort on this one (again after every reload or engine restart). */
export const ENGINE_PORT_CHANNEL = 'quayside:engine-port';
