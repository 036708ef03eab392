/**
 * The account's webhooks, read from the service each time (the core caches nothing of them),
 * the last test result per webhook, and the delivery list with its filters and page.
 *
 * The signing secret is never kept here: create and regenerate hand it to the caller, which
 * shows it once and lets it go.
 */
import { create } from 'zustand';
import type { WebhookDeliveryView, WebhookEventTypeView, WebhookTestView, WebhookView, WebhookWithSecret } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';

export type DeliveryStatus = 'failed' | 'pending' | 'delivered';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['failed', 'pending', 'delivered'];

/** What the window shows once; the secret itself, then nothing. */
export interface SecretToShow {
  webhookId: string;
  callbackUrl: string;
  secret: string | null;
  secretKept: boolean;
  /** Why it is shown: a new webhook, or a regenerated secret. */
  reason: 'created' | 'regenerated';
}

interface DeliveriesState {
  status: DeliveryStatus;
  /** One webhook's deliveries, or '' for all. */
  webhookId: string;
  page: number;
  totalPages: number;
  items: readonly WebhookDeliveryView[];
  loading: boolean;
  error: string | null;
}

export type TestState = { kind: 'sending' } | { kind: 'result'; result: WebhookTestView; at: number } | { kind: 'error'; message: string };

export interface WebhooksState {
  hooks: readonly WebhookView[] | null;
  eventTypes: readonly WebhookEventTypeView[];
  loading: boolean;
  error: string | null;
  tests: Readonly<Record<string, TestState>>;
  deliveries: DeliveriesState;

  load(): Promise<void>;
  create(input: { callbackUrl: string; eventTypes: string[]; isActive: boolean }): Promise<SecretToShow>;
  update(webhookId: string, changes: { callbackUrl?: string; eventTypes?: string[]; isActive?: boolean }): Promise<void>;
  regenerateSecret(webhookId: string): Promise<SecretToShow>;
  remove(webhookId: string): Promise<void>;
  test(webhookId: string): Promise<void>;
  loadDeliveries(patch?: Partial<Pick<DeliveriesState, 'status' | 'webhookId' | 'page'>>): Promise<void>;
}

const INITIAL_DELIVERIES: DeliveriesState = { status: 'failed', webhookId: '', page: 1, totalPages: 1, items: [], loading: false, error: null };

function withoutSecret(hook: WebhookWithSecret): WebhookView {
  const { secret: _secret, secretKept: _kept, ...view } = hook;
  return view;
}

function toShow(hook: WebhookWithSecret, reason: SecretToShow['reason']): SecretToShow {
  return { webhookId: hook.id, callbackUrl: hook.callbackUrl, secret: hook.secret, secretKept: hook.secretKept, reason };
}

/** The delivery list for the filters and page chosen last; an older ask is cancelled. */
const deliveryPages = newestOnly();

export const useWebhooks = create<WebhooksState>()((set, get) => {
  const replace = (view: WebhookView): void => {
    const hooks = get().hooks ?? [];
    set({ hooks: hooks.some((h) => h.id === view.id) ? hooks.map((h) => (h.id === view.id ? view : h)) : [...hooks, view] });
  };
  return {
    hooks: null,
    eventTypes: [],
    loading: false,
    error: null,
    tests: {},
    deliveries: INITIAL_DELIVERIES,

    async load() {
      set({ loading: true });
      try {
        const [hooks, eventTypes] = await Promise.all([call('webhooks.list'), call('webhooks.eventTypes')]);
        set({ hooks, eventTypes, error: null, loading: false });
      } catch (error) {
        set({ error: messageOf(error), loading: false });
      }
    },
    async create(input) {
      const hook = await call('webhooks.create', input);
      replace(withoutSecret(hook));
      return toShow(hook, 'created');
    },
    async update(webhookId, changes) {
      replace(withoutSecret(await call('webhooks.update', { webhookId, ...changes })));
    },
    async regenerateSecret(webhookId) {
      const hook = await call('webhooks.update', { webhookId, regenerateSecret: true });
      replace(withoutSecret(hook));
      return toShow(hook, 'regenerated');
    },
    async remove(webhookId) {
      await call('webhooks.delete', webhookId);
      const tests = { ...get().tests };
      delete tests[webhookId];
      set({ hooks: (get().hooks ?? []).filter((h) => h.id !== webhookId), tests });
      if (get().deliveries.webhookId === webhookId) void get().loadDeliveries({ webhookId: '', page: 1 });
    },
    async test(webhookId) {
      set({ tests: { ...get().tests, [webhookId]: { kind: 'sending' } } });
      let next: TestState;
      try {
        next = { kind: 'result', result: await call('webhooks.test', webhookId), at: Date.now() };
      } catch (error) {
        next = { kind: 'error', message: messageOf(error) };
      }
      set({ tests: { ...get().tests, [webhookId]: next } });
      // The service records a test like any delivery.
      if (next.kind === 'result') void get().loadDeliveries();
    },
    async loadDeliveries(patch = {}) {
      const query = { ...get().deliveries, ...patch };
      set({ deliveries: { ...query, loading: true } });
      try {
        const input = { status: query.status, page: query.page, ...(query.webhookId ? { webhookId: query.webhookId } : {}) };
        const answer = await deliveryPages.run((signal) => call('webhooks.deliveries', input, { signal }));
        set({ deliveries: { ...query, items: answer.deliveries, page: answer.page, totalPages: Math.max(1, answer.totalPages), loading: false, error: null } });
      } catch (error) {
        if (isAbort(error)) return;
        set({ deliveries: { ...query, loading: false, error: messageOf(error) } });
      }
    },
  };
});

export function resetWebhooksStore(): void {
  deliveryPages.cancel();
  useWebhooks.setState({ hooks: null, eventTypes: [], loading: false, error: null, tests: {}, deliveries: INITIAL_DELIVERIES });
}
