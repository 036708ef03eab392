// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookView } from '../../shared/contract';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { resetWebhooksStore, useWebhooks } from '../state/webhooks';
import { WebhooksView } from './WebhooksView';

const EVENT_TYPES = [
  { type: 'tracking.eta_update', description: 'The ETA moved' },
  { type: 'tracking.delivered', description: 'Delivered' },
  { type: 'tracking.test', description: 'Sent by a test' },
];

const HOOK: WebhookView = {
  id: 'wh-1',
  callbackUrl: 'https://erp.example.com/hooks/a',
  eventTypes: ['tracking.eta_update'],
  isActive: true,
  createdAt: '2026-11-23T08:00:00Z',
  updatedAt: null,
  secretStored: false,
};

let bridge: FakeBridge;
let hooks: WebhookView[];
let secrets: string[];

beforeEach(() => {
  hooks = [HOOK];
  secrets = ['S3cretFirst_abcdefghij', 'S3cretSecond_abcdefghi'];
  bridge = createFakeBridge({
    'webhooks.list': () => hooks,
    'webhooks.eventTypes': () => EVENT_TYPES,
    'webhooks.create': (input) => {
      const hook = { ...HOOK, id: 'wh-2', callbackUrl: input.callbackUrl, eventTypes: input.eventTypes, isActive: input.isActive };
      hooks = [...hooks, hook];
      return { ...hook, secret: secrets.shift() ?? null, secretKept: false };
    },
    'webhooks.update': (input) => {
      const hook = hooks.find((h) => h.id === input.webhookId)!;
      const next = { ...hook, ...(input.isActive !== undefined ? { isActive: input.isActive } : {}), ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}) };
      hooks = hooks.map((h) => (h.id === next.id ? next : h));
      return { ...next, secret: input.regenerateSecret ? (secrets.shift() ?? null) : null, secretKept: false };
    },
    'webhooks.delete': (id) => {
      hooks = hooks.filter((h) => h.id !== id);
    },
    'webhooks.test': () => ({ success: false, httpStatus: 503, message: 'Service Unavailable', raw: {} }),
    'webhooks.deliveries': (input) => ({
      deliveries: [
        {
          id: 'd-1',
          webhookId: 'wh-1',
          eventType: 'tracking.test',
          status: input.status ?? 'failed',
          createdAt: '2026-11-23T08:30:00Z',
          attempts: [{ at: '2026-11-23T08:30:00Z', httpStatus: 503, error: 'Service Unavailable' }],
          raw: {},
        },
      ],
      page: input.page,
      totalPages: 3,
    }),
  });
  resetStores(bridge);
  resetWebhooksStore();
});

afterEach(() => {
  cleanup();
  resetStores();
});

const card = (url: string) => screen.getByRole('listitem', { name: url });

describe('webhooks view', () => {
  it('lists the webhooks with their event types and state', async () => {
    render(<WebhooksView />);
    const item = await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    expect(within(item).getByText('Active')).toBeTruthy();
    // In words, the type it is sent as in the tooltip.
    const news = within(within(item).getByRole('list', { name: 'News it is sent' })).getByText('An ETA moved');
    expect(news.getAttribute('title')).toBe('Sent as tracking.eta_update');
    expect(item.textContent).toContain('The secret that signs each message is kept by your system, not on this computer');
  });

  it('shows the secret of a new webhook once, and keeps no copy after the dialog closes', async () => {
    render(<WebhooksView />);
    await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    fireEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const form = screen.getByRole('dialog', { name: 'New webhook' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Give the web address of your system that receives the news, for example https://example.com/hooks/quayside.',
      'Choose at least one kind of news to send.',
    ]);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address of your system that receives the news (its callback URL)' }), { target: { value: 'erp.example.com/new' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /tracking\.delivered/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/not a full web address/);
    expect(bridge.callsOf('webhooks.create')).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Address of your system that receives the news (its callback URL)' }), { target: { value: 'https://erp.example.com/new' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Webhook created: copy its secret' });
    expect(bridge.callsOf('webhooks.create')).toEqual([{ callbackUrl: 'https://erp.example.com/new', eventTypes: ['tracking.delivered'], isActive: true }]);
    expect((within(secretDialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('S3cretFirst_abcdefghij');
    expect(secretDialog.textContent).toContain('You will not see it again.');
    expect(within(secretDialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();

    fireEvent.click(within(secretDialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card('https://erp.example.com/new')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('S3cretFirst_abcdefghij');
    expect(JSON.stringify(useWebhooks.getState())).not.toContain('S3cretFirst_abcdefghij');
  });

  it('makes a new secret only after confirmation, and shows it once', async () => {
    render(<WebhooksView />);
    await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    fireEvent.click(screen.getByRole('button', { name: `New secret for ${HOOK.callbackUrl}` }));
    const confirm = screen.getByRole('dialog', { name: 'Make a new secret?' });
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(bridge.callsOf('webhooks.update')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: `New secret for ${HOOK.callbackUrl}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Make a new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(bridge.callsOf('webhooks.update')).toEqual([{ webhookId: 'wh-1', regenerateSecret: true }]);
    expect((within(shown).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('S3cretFirst_abcdefghij');
    fireEvent.keyDown(shown, { key: 'Escape' });
    expect(document.body.innerHTML).not.toContain('S3cretFirst_abcdefghij');
  });

  it('shows a failed test as the endpoint’s answer, not as an error, and reloads the deliveries', async () => {
    render(<WebhooksView />);
    await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    const before = bridge.callsOf('webhooks.deliveries').length;
    fireEvent.click(screen.getByRole('button', { name: `Send test to ${HOOK.callbackUrl}` }));
    const result = await within(card(HOOK.callbackUrl)).findByRole('status', { name: 'Test result' });
    expect(result.textContent).toContain('Test not delivered');
    expect(result.textContent).toContain('Your system answered (HTTP 503): Service Unavailable');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bridge.callsOf('webhooks.deliveries').length).toBe(before + 1);
  });

  it('deactivates, and deletes only after confirmation', async () => {
    render(<WebhooksView />);
    await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    fireEvent.click(screen.getByRole('button', { name: `Deactivate ${HOOK.callbackUrl}` }));
    expect(await within(card(HOOK.callbackUrl)).findByText('Inactive')).toBeTruthy();
    expect(bridge.callsOf('webhooks.update')).toEqual([{ webhookId: 'wh-1', isActive: false }]);

    fireEvent.click(screen.getByRole('button', { name: `Delete ${HOOK.callbackUrl}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(card(HOOK.callbackUrl)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Delete ${HOOK.callbackUrl}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    expect(bridge.callsOf('webhooks.delete')).toEqual(['wh-1']);
  });

  it('changes the address of a webhook, sending only what changed', async () => {
    render(<WebhooksView />);
    await screen.findByRole('listitem', { name: HOOK.callbackUrl });
    fireEvent.click(screen.getByRole('button', { name: `Edit ${HOOK.callbackUrl}` }));
    const form = screen.getByRole('dialog', { name: 'Change webhook' });
    const url = within(form).getByRole('textbox', { name: 'Address of your system that receives the news (its callback URL)' }) as HTMLInputElement;
    expect(url.value).toBe(HOOK.callbackUrl);
    expect(within(form).getByRole('checkbox', { name: /tracking\.eta_update/ })).toHaveProperty('checked', true);
    fireEvent.change(url, { target: { value: 'https://erp.example.com/hooks/b' } });
    fireEvent.submit(url.closest('form')!);
    expect(await screen.findByRole('listitem', { name: 'https://erp.example.com/hooks/b' })).toBeTruthy();
    expect(bridge.callsOf('webhooks.update')).toEqual([{ webhookId: 'wh-1', callbackUrl: 'https://erp.example.com/hooks/b' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what went wrong when the service cannot be reached, and tries again on request', async () => {
    const offline = { code: 'offline', message: 'The tracking service is not reachable; try again when you are online.' };
    bridge.handlers['webhooks.list'] = () => {
      throw offline;
    };
    render(<WebhooksView />);
    const alert = await screen.findByText(/The webhooks could not be read/);
    expect(alert.textContent).toBe(`The webhooks could not be read: ${offline.message}`);
    bridge.handlers['webhooks.list'] = () => hooks;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: HOOK.callbackUrl })).toBeTruthy();
  });

  it('lists deliveries with their attempts, filtered by status and paged', async () => {
    render(<WebhooksView />);
    const table = await screen.findByRole('table', { name: 'Failed deliveries' });
    expect(within(table).getByText('1 attempt')).toBeTruthy();
    expect(within(table).getByText(/HTTP 503/).textContent).toContain('Service Unavailable');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'delivered' } });
    expect(await screen.findByRole('table', { name: 'Delivered deliveries' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(bridge.callsOf('webhooks.deliveries').slice(-2)).toEqual([
      { status: 'delivered', page: 1 },
      { status: 'delivered', page: 2 },
    ]);
  });
});
