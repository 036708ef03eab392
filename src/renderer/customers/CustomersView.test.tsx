// @vitest-environment jsdom
/** The Customers view's components, fed by plain data: nothing here calls the engine. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkCustomerRule, type CustomerRule } from '../../shared/customer-rules';
import type { CustomerSummary, OutboxItem, UpdatePreviewData } from './customer-view';
import { CustomersView, type CustomersViewProps } from './CustomersView';

const NOW = Date.parse('2026-11-24T09:00:00Z');

function rule(input: Record<string, unknown>): CustomerRule {
  const checked = checkCustomerRule(input);
  if (!checked.ok) throw new Error(checked.problems[0]!.message);
  return checked.rule;
}

const ACME: CustomerSummary = {
  rule: rule({ name: 'ACME GmbH', to: ['einkauf@acme.example'], cc: ['logistik@acme.example'], language: 'de', cadence: { kind: 'daily', time: '08:00' }, attachXlsx: true }),
  shipments: 12,
  lastUpdate: { state: 'sent', at: '2026-11-23T07:00:05Z' },
  nextDueAt: '2026-11-25T07:00:00Z',
  next: { state: 'waiting', until: '2026-11-25T07:00:00Z', why: 'cadence', since: null },
  closest: null,
};
const NORDIC: CustomerSummary = {
  rule: rule({ name: 'Nordic Furniture', who: { kind: 'watchlist', watchlist: 'Nordic inbound' }, to: ['ops@nordic.example'], tell: { freeTimeDays: null, noDataDays: null } }),
  shipments: 3,
  lastUpdate: null,
  nextDueAt: null,
  next: { state: 'quiet' },
  closest: null,
};

const PREVIEW: UpdatePreviewData = {
  state: 'update',
  customer: 'ACME GmbH',
  to: ['einkauf@acme.example'],
  cc: ['logistik@acme.example'],
  subject: '2 Container verspätet, 1 angekommen: ACME GmbH, KW 48',
  text: 'Guten Tag,\n\n- PO 4701 · MSKU1234501 · MAERSK SEVILLE: 3 Tage verspätet. ETA 01.12.2026 14:00 → 04.12.2026 08:00.\n',
  html: '<!DOCTYPE html><html><body><p>Guten Tag,</p><p>&lt;img src=x onerror=alert(1)&gt;</p><img src="x" onerror="window.parent.hacked = true"></body></html>',
  changes: 3,
  shipments: 3,
  attachment: { filename: 'ACME GmbH offene Sendungen 2026-11-24.xlsx' },
};

const item = (patch: Partial<OutboxItem>): OutboxItem => ({
  id: 'u1',
  customer: 'ACME GmbH',
  subject: '2 Container verspätet: ACME GmbH, KW 47',
  to: ['einkauf@acme.example'],
  cc: [],
  state: 'sent',
  createdAt: '2026-11-23T07:00:00Z',
  sentAt: '2026-11-23T07:00:05Z',
  sentHow: 'smtp',
  sentence: null,
  answer: '250 2.0.0 Ok: queued',
  attempts: 1,
  nextAttemptAt: null,
  messageId: '<5b0e…@nordhafen.example>',
  desk: null,
  refused: [],
  ...patch,
});

function view(patch: Partial<CustomersViewProps> = {}) {
  const props: CustomersViewProps = {
    customers: [ACME, NORDIC],
    columns: ['customer', 'po', 'Kunde'],
    watchlists: ['Nordic inbound', 'Rotterdam this week'],
    outbox: [],
    preview: null,
    sending: { ready: true, reason: null },
    nowMs: NOW,
    onSelect: vi.fn(),
    onSave: vi.fn(async () => null),
    onRemove: vi.fn(async () => undefined),
    onMakeDraft: vi.fn(),
    onSendNow: vi.fn(),
    onMarkSent: vi.fn(),
    onSendAgain: vi.fn(),
    ...patch,
  };
  return { props, ...render(<CustomersView {...props} />) };
}

afterEach(() => cleanup());

describe('the customers and their rules', () => {
  it('lists each customer with who they are, whom it goes to, what is told and when', () => {
    view();
    const list = screen.getByRole('list', { name: 'Customers' });
    const acme = within(list).getAllByRole('listitem')[0]!;
    expect(acme.textContent).toContain('"ACME GmbH" in column customer · 12 shipments');
    expect(acme.textContent).toContain('einkauf@acme.example · Cc 1');
    expect(acme.textContent).toContain('departed, ETA moves, arrived, discharged, delivered, free time, no data');
    expect(acme.textContent).toContain('Daily at 08:00 · German · with Excel file');
    expect(acme.textContent).toMatch(/Tomorrow \d{1,2}:00( [AP]M)?, at its time/);
    expect(within(acme).getByText('Sent')).toBeInstanceOf(HTMLElement);
    const nordic = within(list).getAllByRole('listitem')[1]!;
    expect(nordic.textContent).toContain('Watchlist "Nordic inbound"');
    expect(nordic.textContent).toContain('departed, ETA moves, arrived, discharged, delivered');
    expect(nordic.textContent).toContain('With the next change to their shipments');
    expect(nordic.textContent).toContain('No update yet');
  });

  it('shows what to do when there are no customers', () => {
    view({ customers: [] });
    expect(screen.getByText('No customers yet')).toBeInstanceOf(HTMLElement);
  });
});

describe('the editor', () => {
  it('refuses an address that is not an address before saving, in one sentence saying which and why, and saves once it is fixed', async () => {
    const { props } = view();
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByRole('form', { name: 'New customer' });
    fireEvent.change(within(form).getByLabelText('Customer name'), { target: { value: 'Peña Hermanos' } });
    const to = within(form).getByLabelText('To (one address a line, or separated by commas)');
    fireEvent.change(to, { target: { value: 'compras@pena.example, jane@pena' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));

    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'One thing to fix before saving.');
    expect(within(form).getByText('To: "jane@pena" is not an e-mail address: the part after the @ needs a dot, as in pena.com.')).toBeInstanceOf(HTMLElement);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(props.onSave).not.toHaveBeenCalled();

    fireEvent.change(to, { target: { value: 'compras@pena.example, jane@pena.example' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Language of the mail'), { target: { value: 'es' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Free time at or below/ }));
    fireEvent.change(within(form).getByLabelText('Send'), { target: { value: 'weekly' } });
    fireEvent.change(within(form).getByLabelText('On'), { target: { value: 'fri' } });
    fireEvent.change(within(form).getByLabelText("At (this computer's time)"), { target: { value: '7:30' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Attach an Excel file of their open shipments' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));

    await vi.waitFor(() => expect(props.onSave).toHaveBeenCalledTimes(1));
    expect(props.onSave).toHaveBeenCalledWith(
      {
        name: 'Peña Hermanos',
        who: { kind: 'column', column: 'customer', value: 'Peña Hermanos' },
        to: ['compras@pena.example', 'jane@pena.example'],
        cc: [],
        language: 'es',
        tell: { departed: true, etaMovedDays: 1, arrived: true, discharged: true, delivered: true, freeTimeDays: null, noDataDays: 3 },
        cadence: { kind: 'weekly', day: 'fri', time: '07:30' },
        attachXlsx: true,
      },
      null,
    );
  });

  it('says what is wrong with a number of days or a time, and shows the engine\'s refusal', async () => {
    const onSave = vi.fn(async () => 'A customer named "ACME GmbH" exists already.');
    view({ onSave });
    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit ACME GmbH' });
    expect((within(form).getByLabelText('Customer name') as HTMLInputElement).value).toBe('ACME GmbH');
    fireEvent.change(within(form).getByLabelText('ETA moved by at least (days)'), { target: { value: 'two' } });
    fireEvent.change(within(form).getByLabelText("At (this computer's time)"), { target: { value: '25:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(within(form).getByText('The ETA move worth telling is a whole number of days.')).toBeInstanceOf(HTMLElement);
    expect(within(form).getByText('The time "25:00" is not a time of day such as 08:00.')).toBeInstanceOf(HTMLElement);
    fireEvent.change(within(form).getByLabelText('ETA moved by at least (days)'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText("At (this computer's time)"), { target: { value: '08:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(await within(form).findByText('Not saved: A customer named "ACME GmbH" exists already.')).toBeInstanceOf(HTMLElement);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'ACME GmbH', tell: expect.objectContaining({ etaMovedDays: 2 }) }), 'ACME GmbH');
  });
});

describe('the preview of the next update', () => {
  it('shows To, Cc, subject and attachment, and the mail in a sandboxed frame, never in the page', () => {
    const { props, container } = view({ preview: PREVIEW });
    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    expect(props.onSelect).toHaveBeenCalledWith('ACME GmbH');
    const preview = screen.getByRole('region', { name: 'Next update to ACME GmbH' });
    expect(within(preview).getByText('2 Container verspätet, 1 angekommen: ACME GmbH, KW 48')).toBeInstanceOf(HTMLElement);
    expect(preview.textContent).toContain('einkauf@acme.example');
    expect(preview.textContent).toContain('logistik@acme.example');
    expect(preview.textContent).toContain('ACME GmbH offene Sendungen 2026-11-24.xlsx');
    const frame = within(preview).getByTitle('Update to ACME GmbH') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(PREVIEW.html);
    // The mail's markup is not part of this page.
    expect(container.querySelector('img')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    fireEvent.click(within(preview).getByRole('button', { name: 'Plain text' }));
    expect(within(preview).getByLabelText('Update to ACME GmbH as plain text').textContent).toBe(PREVIEW.state === 'update' ? PREVIEW.text : '');
    fireEvent.click(within(preview).getByRole('button', { name: 'Make a draft' }));
    expect(props.onMakeDraft).toHaveBeenCalledWith('ACME GmbH');
    fireEvent.click(within(preview).getByRole('button', { name: 'Send now' }));
    expect(props.onSendNow).toHaveBeenCalledWith('ACME GmbH');
  });

  it('says when nothing would go, and why Send now is off', () => {
    view({ preview: { state: 'nothing-new', customer: 'ACME GmbH' } });
    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    expect(screen.getByText('Nothing to tell ACME GmbH now: no change to their shipments passes their rule, so no mail would go.')).toBeInstanceOf(HTMLElement);
    cleanup();
    view({ preview: PREVIEW, sending: { ready: false, reason: 'Sending is off with the sample data; drafts work.' } });
    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Sending is off with the sample data; drafts work.')).toBeInstanceOf(HTMLElement);
  });
});

describe('the outbox and the history', () => {
  it('asks the person about a draft and an uncertain update, and shows what a waiting one waits for', () => {
    const outbox = [
      item({ id: 'd1', state: 'draft', sentAt: null, sentHow: null, answer: null }),
      item({ id: 'x1', state: 'uncertain', sentAt: null, sentHow: null, answer: null, sentence: 'Quayside stopped while it was handing this update to the mail server.' }),
      item({ id: 'w1', state: 'waiting', sentAt: null, sentHow: null, attempts: 2, nextAttemptAt: null, sentence: 'The mail server smtp.example refused the login for "ops".', answer: '535 5.7.8 Authentication failed' }),
      item({ id: 'w2', state: 'waiting', sentAt: null, sentHow: null, attempts: 1, nextAttemptAt: '2026-11-24T09:02:00Z', sentence: 'Quayside could not reach the mail server.' }),
      item({ id: 's1', state: 'sent', refused: ['old@acme.example'], desk: 'Desk-F' }),
    ];
    const { props } = view({ outbox });
    const pending = screen.getByRole('region', { name: 'Updates waiting for you' });
    expect(screen.getByText('2 customers, 3 updates waiting for you')).toBeInstanceOf(HTMLElement);
    const items = within(pending).getAllByRole('listitem').filter((li) => li.classList.contains('outbox-item'));
    expect(items.map((li) => li.className)).toEqual(['outbox-item state-draft', 'outbox-item state-uncertain', 'outbox-item state-waiting']);

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Mark as sent' }));
    expect(props.onMarkSent).toHaveBeenCalledWith('d1');

    const help = within(items[1]!).getByRole('note', { name: 'What to do about the update to ACME GmbH' });
    expect(help.textContent).toContain('Quayside cannot tell whether this update reached the mail server.');
    expect(help.textContent).toContain('<5b0e…@nordhafen.example>');
    fireEvent.click(within(help).getByRole('button', { name: 'It went: mark as sent' }));
    expect(props.onMarkSent).toHaveBeenCalledWith('x1');
    fireEvent.click(within(help).getByRole('button', { name: 'It did not go: send it again' }));
    expect(props.onSendAgain).toHaveBeenCalledWith('x1');

    expect(items[2]!.textContent).toContain('The server answered: 535 5.7.8 Authentication failed');
    expect(items[2]!.textContent).toContain('Waits for you: fix what the sentence says, then try again.');

    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    const history = screen.getByRole('list', { name: 'Updates to ACME GmbH' });
    expect(within(history).getAllByRole('listitem').filter((li) => li.classList.contains('outbox-item'))).toHaveLength(5);
    expect(within(history).getByText(/tries again in 2 min/)).toBeInstanceOf(HTMLElement);
    expect(within(history).getByText('The server refused old@acme.example; the others got it.')).toBeInstanceOf(HTMLElement);
    expect(history.textContent).toContain('by Desk-F');
  });
});

describe('what the person chooses and decides', () => {
  it('offers the column\'s values with their shipments, and warns of a value no shipment holds with the closest one to use', async () => {
    const loadChoices = vi.fn(async () => ({
      values: [
        { value: 'Brightline Foods GmbH', shipments: 12 },
        { value: 'ACME GmbH', shipments: 4 },
      ],
      watchlists: [{ name: 'Nordic inbound', shipments: 3 }],
    }));
    const { props } = view({ loadChoices });
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByRole('form', { name: 'New customer' });
    const values = (await within(form).findByLabelText('Value in the column')) as HTMLSelectElement;
    const valuesNow = () => within(form).getByLabelText('Value in the column') as HTMLSelectElement;
    expect([...values.options].map((o) => o.textContent)).toEqual(['Choose a value…', 'Brightline Foods GmbH (12 shipments)', 'ACME GmbH (4 shipments)', 'Another value…']);
    // The watchlists come with their shipments too.
    fireEvent.click(within(form).getByRole('radio', { name: 'A watchlist' }));
    expect(within(form).getByRole('option', { name: 'Nordic inbound (3 shipments)' })).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(form).getByRole('radio', { name: 'A value of an imported column' }));
    fireEvent.change(within(form).getByLabelText('Customer name'), { target: { value: 'Brightline Foods' } });
    const warning = within(form).getByRole('note');
    expect(warning.textContent).toBe('No shipment has "Brightline Foods" in column customer yet; the closest value is "Brightline Foods GmbH" (12 shipments).Use "Brightline Foods GmbH"');
    fireEvent.click(within(warning).getByRole('button', { name: 'Use "Brightline Foods GmbH"' }));
    expect(valuesNow().value).toBe('Brightline Foods GmbH');
    expect(within(form).queryByRole('note')).toBeNull();
    fireEvent.change(within(form).getByLabelText('To (one address a line, or separated by commas)'), { target: { value: '"Weiß, Jürgen" <jw@brightline.example>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save customer' }));
    await vi.waitFor(() => expect(props.onSave).toHaveBeenCalledTimes(1));
    expect(props.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Brightline Foods', who: { kind: 'column', column: 'customer', value: 'Brightline Foods GmbH' }, to: ['"Weiß, Jürgen" <jw@brightline.example>'], cadence: { kind: 'now', pauseMinutes: 5 } }),
      null,
    );
  });

  it('says when the next update goes, the last check that found nothing, and a value no shipment holds', () => {
    const waiting: CustomerSummary = { ...NORDIC, next: { state: 'waiting', until: '2026-11-24T09:05:00Z', why: 'pause', since: '2026-11-24T09:00:00Z' }, lastUpdate: { state: 'nothing-new', at: '2026-11-24T08:30:00Z' } };
    const nobody: CustomerSummary = { ...ACME, rule: { ...ACME.rule, name: 'Brightline Foods', who: { kind: 'column', column: 'customer', value: 'Brightline Foods' } }, shipments: 0, closest: { value: 'Brightline Foods GmbH', shipments: 12 } };
    const { props } = view({ customers: [waiting, nobody] });
    const list = screen.getByRole('list', { name: 'Customers' });
    const [nordic, brightline] = within(list).getAllByRole('listitem');
    expect(nordic!.textContent).toMatch(/Checks at \d{1,2}:05( [AP]M)?, 5 min after their shipments changed at \d{1,2}:00( [AP]M)?/);
    expect(nordic!.textContent).toContain('Nothing new checked 30 min ago: nothing to tell');
    expect(brightline!.textContent).toContain('No shipment has this value in column customer; closest: "Brightline Foods GmbH" (12 shipments).');
    fireEvent.click(within(list).getByRole('button', { name: 'Brightline Foods: open' }));
    const note = screen.getAllByRole('note').find((n) => n.classList.contains('no-shipments'))!;
    expect(note.textContent).toContain('No shipment has "Brightline Foods" in column customer, so no update can tell them anything yet.');
    fireEvent.click(within(note).getByRole('button', { name: 'Use "Brightline Foods GmbH"' }));
    expect(props.onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Brightline Foods', who: { kind: 'column', column: 'customer', value: 'Brightline Foods GmbH' } }), 'Brightline Foods');
  });

  it('a draft can be marked sent, written again or discarded; a discarded one says so and can still be said to have gone', () => {
    const outbox = [
      item({ id: 'd1', state: 'draft', sentAt: null, sentHow: null, answer: null }),
      item({ id: 'x2', state: 'discarded', sentAt: null, sentHow: null, answer: null, sentence: 'Replaced by a newer update to ACME GmbH, which carries this draft\'s news too.' }),
    ];
    const { props } = view({ outbox, onDiscard: vi.fn(), onDraftAgain: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: /ACME GmbH: open/ }));
    const history = screen.getByRole('list', { name: 'Updates to ACME GmbH' });
    const [draft, discarded] = within(history).getAllByRole('listitem').filter((li) => li.classList.contains('outbox-item'));
    expect(within(draft!).getByText('Draft, not sent')).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(draft!).getByRole('button', { name: 'Get the draft again (.eml)' }));
    expect(props.onDraftAgain).toHaveBeenCalledWith('d1');
    fireEvent.click(within(draft!).getByRole('button', { name: 'Discard draft' }));
    expect(props.onDiscard).toHaveBeenCalledWith('d1');
    expect(discarded!.textContent).toContain('Discarded');
    expect(discarded!.textContent).toContain('Replaced by a newer update to ACME GmbH');
    fireEvent.click(within(discarded!).getByRole('button', { name: 'Sent it after all: mark as sent' }));
    expect(props.onMarkSent).toHaveBeenCalledWith('x2');
  });
});
