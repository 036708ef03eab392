/**
 * The typed contract between the window and the engine, written once: each feature's file defines
 * its methods (a zod schema for the input and one for the answer) and its events (one for the
 * payload) and derives its types from them; the method and event lists, the engine's handler types
 * and the clients (preload, harness bridge) derive from CONTRACT and EVENTS here. The engine checks
 * its answers and events against the schemas in development and in tests (check.ts).
 *
 * Every call answers `Result<T>`: `{ok: true, value}` or `{ok: false, error}` with an error a person
 * can read. The messages over the MessagePort (desktop) or the harness's HTTP and WebSocket are in
 * src/shared/engine-wire.ts. Nothing here imports Node, Electron or the DOM.
 */
import type { z } from 'zod';
import type { Result } from './base.js';
import { attentionEvents, attentionMethods } from './attention.js';
import { creditsEvents, creditsMethods } from './credits.js';
import { customersEvents, customersMethods } from './customers.js';
import { exportMethods } from './export.js';
import { feedEvents, feedMethods } from './feed.js';
import { fieldsMethods } from './fields.js';
import { importsEvents, importsMethods } from './imports.js';
import { mapMethods } from './map.js';
import { notesEvents, notesMethods } from './notes.js';
import { performanceEvents, performanceMethods } from './performance.js';
import { settingsEvents, settingsMethods } from './settings.js';
import { shipmentsEvents, shipmentsMethods } from './shipments.js';
import { syncEvents, syncMethods } from './sync.js';
import { teamEvents, teamMethods } from './team.js';
import { trackingMethods } from './tracking.js';
import { watchlistsEvents, watchlistsMethods } from './watchlists.js';
import { webhooksMethods } from './webhooks.js';

export * from './attention.js';
export * from './base.js';
export * from './credits.js';
export * from './customers.js';
export * from './export.js';
export * from './feed.js';
export * from './fields.js';
export * from './imports.js';
export * from './map.js';
export * from './notes.js';
export * from './performance.js';
export * from './settings.js';
export * from './shipments.js';
export * from './sync.js';
export * from './team.js';
export * from './tracking.js';
export * from './watchlists.js';
export * from './webhooks.js';

export const CONTRACT = {
  ...settingsMethods,
  ...shipmentsMethods,
  ...trackingMethods,
  ...notesMethods,
  ...fieldsMethods,
  ...creditsMethods,
  ...syncMethods,
  ...importsMethods,
  ...watchlistsMethods,
  ...feedMethods,
  ...mapMethods,
  ...exportMethods,
  ...webhooksMethods,
  ...attentionMethods,
  ...teamMethods,
  ...customersMethods,
  ...performanceMethods,
};

export const EVENTS = {
  ...syncEvents,
  ...creditsEvents,
  ...shipmentsEvents,
  ...notesEvents,
  ...importsEvents,
  ...feedEvents,
  ...watchlistsEvents,
  ...settingsEvents,
  ...attentionEvents,
  ...teamEvents,
  ...customersEvents,
  ...performanceEvents,
};

type Contract = typeof CONTRACT;
export type ApiMethod = keyof Contract;
/** What a caller passes (before the schema's defaults and trims). */
export type ApiInput<M extends ApiMethod> = z.input<Contract[M]['input']>;
/** What the engine's handler receives: the input after validation. */
export type HandlerInput<M extends ApiMethod> = z.output<Contract[M]['input']>;
export type ApiOutput<M extends ApiMethod> = z.output<Contract[M]['output']>;

export const API_METHODS = Object.keys(CONTRACT) as ApiMethod[];
export const INPUT_SCHEMAS = Object.fromEntries(API_METHODS.map((m) => [m, CONTRACT[m].input])) as { [M in ApiMethod]: Contract[M]['input'] };

/** What the engine pushes to the window. */
export type Events = { [E in keyof typeof EVENTS]: z.output<(typeof EVENTS)[E]> };
export type EventName = keyof Events;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

/** The object the preload (or the harness bridge) puts on `window.quayside`. */
export interface QuaysideBridge {
  /**
   * The optional last argument's `signal` cancels the call: the engine drops its answer and the
   * call resolves at once with a failure (a method without input takes `undefined` before it).
   */
  call<M extends ApiMethod>(
    method: M,
    ...args: ApiInput<M> extends undefined ? [input?: undefined, options?: { signal?: AbortSignal }] : [input: ApiInput<M>, options?: { signal?: AbortSignal }]
  ): Promise<Result<ApiOutput<M>>>;
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
