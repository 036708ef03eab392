import { cliDates } from '../dates.js';
import type { Command, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { createWebhook, deleteWebhook, forgetWebhookSecret, updateWebhook } from '../../core/features/webhooks/index.js';
import { counted, pick } from '../../shared/plural.js';

/** Quayside does not keep the secret: the receiver at the callback URL verifies deliveries with it. */
const secretLine = (label: string, secret: string) => `${label} (shown once and not kept by Quayside; put it in your receiver's settings now): ${secret}`;

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'];

function eventsOption(values: Values): string[] | undefined {
  const raw = values.events as string | undefined;
  if (raw === undefined) return undefined;
  const events = raw.split(',').map((e) => e.trim()).filter(Boolean);
  if (events.length === 0) throw new UsageError('--events needs at least one event type (see "quayside webhooks event-types").');
  return events;
}

function wholeNumber(values: Values, name: string): number | undefined {
  const raw = values[name] as string | undefined;
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number from 1.`);
  return n;
}

export const webhooksCommand: Command = {
  name: 'webhooks',
  usage: 'webhooks list|create|update|delete|test|deliveries|event-types [id] [options]',
  summary: 'manage the account\'s webhooks: --url, --events a,b, --active/--inactive, --regenerate-secret, --status, --webhook, --page, --limit, --yes',
  options: {
    url: { type: 'string' },
    events: { type: 'string' },
    active: { type: 'boolean' },
    inactive: { type: 'boolean' },
    'regenerate-secret': { type: 'boolean' },
    status: { type: 'string' },
    webhook: { type: 'string' },
    page: { type: 'string' },
    limit: { type: 'string' },
    yes: { type: 'boolean', short: 'y' },
  },
  async run(ctx, args, values) {
    const [action, id] = args;
    const service = ctx.service();
    const needId = () => {
      if (!id) throw new UsageError(`"webhooks ${action}" needs the webhook id (see "quayside webhooks list").`);
      return id;
    };
    if (values.active && values.inactive) throw new UsageError('Choose --active or --inactive, not both.');
    switch (action) {
      case 'list': {
        const hooks = await service.api().webhooks();
        await Promise.all(hooks.map((h) => forgetWebhookSecret(service, h.id)));
        ctx.out.data(hooks);
        ctx.out.table(
          hooks.map((h) => ({ id: h.id, active: h.is_active ? 'yes' : 'no', url: h.callback_url, events: h.event_types.join(', ') })),
          [{ key: 'id', title: 'ID' }, { key: 'active', title: 'ACTIVE' }, { key: 'url', title: 'CALLBACK URL', max: 48 }, { key: 'events', title: 'EVENTS' }],
        );
        ctx.out.line(hooks.length === 0 ? 'No webhooks yet; "quayside webhooks create" adds one.' : `${counted(hooks.length, 'webhook')}.`);
        return;
      }
      case 'event-types': {
        const types = await service.api().webhookEventTypes();
        ctx.out.data(types);
        ctx.out.table(types.map((t) => ({ type: t.type, description: t.description })), [{ key: 'type', title: 'EVENT TYPE' }, { key: 'description', title: 'MEANING' }]);
        return;
      }
      case 'create': {
        const url = values.url as string | undefined;
        const events = eventsOption(values);
        if (!url || !events) throw new UsageError('"webhooks create" needs --url and --events.');
        const hook = await createWebhook(service, { callbackUrl: url, eventTypes: events, isActive: !values.inactive });
        ctx.out.data(hook);
        ctx.out.line(`Webhook ${hook.id} created for ${hook.callback_url}.`);
        if (hook.secret) ctx.out.line(secretLine('Signing secret', hook.secret));
        return;
      }
      case 'update': {
        const webhookId = needId();
        const isActive = values.active ? true : values.inactive ? false : undefined;
        const hook = await updateWebhook(service, webhookId, {
          callbackUrl: values.url as string | undefined,
          eventTypes: eventsOption(values),
          isActive,
          regenerateSecret: Boolean(values['regenerate-secret']),
        });
        ctx.out.data(hook);
        ctx.out.line(`Webhook ${hook.id} updated: ${hook.is_active ? 'active' : 'inactive'}, ${hook.callback_url}, ${hook.event_types.join(', ')}.`);
        if (hook.secret) ctx.out.line(secretLine('New signing secret', hook.secret));
        return;
      }
      case 'delete': {
        const webhookId = needId();
        if (!values.yes) throw new UserError(`Nothing was deleted; add --yes to delete webhook ${webhookId} (deliveries to it stop at once).`);
        await deleteWebhook(service, webhookId);
        ctx.out.data({ deleted: webhookId });
        ctx.out.line(`Webhook ${webhookId} deleted.`);
        return;
      }
      case 'test': {
        const result = await service.api().testWebhook(needId());
        ctx.out.data(result);
        ctx.out.line(
          result.success
            ? `Test delivery accepted by the receiver (HTTP ${result.http_status}).`
            : `Test delivery failed (HTTP ${result.http_status ?? '—'}${result.error_message ? `: ${result.error_message}` : ''}); check the callback URL and the receiver.`,
        );
        return;
      }
      case 'deliveries': {
        const status = values.status as string | undefined;
        if (status !== undefined && !DELIVERY_STATUSES.includes(status)) throw new UsageError('--status must be pending, delivered or failed.');
        const page = await service.api().webhookDeliveries({
          status: status as 'pending' | 'delivered' | 'failed' | undefined,
          webhookId: values.webhook as string | undefined,
          page: wholeNumber(values, 'page'),
          limit: wholeNumber(values, 'limit'),
        });
        ctx.out.data(page);
        ctx.out.table(
          page.data.map((d) => ({
            created: cliDates().utcDateTime(d.created_at),
            event: d.event_type,
            status: d.status,
            attempts: String(d.attempt_count),
            last: d.attempts.length ? `${d.attempts[d.attempts.length - 1]!.http_status ?? '—'} ${d.attempts[d.attempts.length - 1]!.error_message ?? ''}`.trim() : '—',
          })),
          [{ key: 'created', title: 'CREATED' }, { key: 'event', title: 'EVENT' }, { key: 'status', title: 'STATUS' }, { key: 'attempts', title: 'ATTEMPTS' }, { key: 'last', title: 'LAST ATTEMPT', max: 40 }],
        );
        ctx.out.line(
          page.meta.totalItems === 0
            ? `No ${status ?? 'failed'} deliveries.`
            : `Page ${page.meta.currentPage} of ${page.meta.totalPages}, ${page.meta.totalItems} ${status ?? 'failed'} ${pick(page.meta.totalItems, 'en', 'delivery', 'deliveries')}.`,
        );
        return;
      }
      default:
        throw new UsageError(action ? `Unknown webhooks action "${action}".` : 'Say which webhooks action to run.');
    }
  },
};
