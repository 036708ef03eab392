// @vitest-environment jsdom
/** Settings → Customer updates by mail: the server saved, the password sent once and never shown again, a test mail's sentence. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/contract';
import { createFakeBridge, type FakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { MailSection } from './MailSection';

type MailPage = ApiOutput<'customers.mail'>;
const NONE: MailPage = { settings: null, sending: { ready: false, reason: 'Sending is not set up: make drafts for your own mail program, or set up the mail server in Settings.' } };
let page: MailPage;
let bridge: FakeBridge;

beforeEach(() => {
  page = NONE;
  bridge = createFakeBridge({
    'customers.mail': () => page,
    'customers.setMail': ({ settings, password }) => {
      page = { settings: { host: settings.host, port: settings.port, security: settings.security ?? 'starttls', user: settings.user ?? null, from: settings.from, fromName: null, passwordKept: password !== undefined }, sending: { ready: true, reason: null } };
      return page;
    },
    'customers.testMail': ({ to }) => ({ ok: false, sentence: `Microsoft 365 refused the login for "updates@office.example": make an app password (test to ${to}).` }),
  });
  resetStores(bridge);
});
afterEach(cleanup);

it('saves the server with its password, shows only that one is kept, and says what a test mail came to', async () => {
  render(<MailSection />);
  await screen.findByText(/Sending is not set up/);
  fireEvent.change(screen.getByLabelText('Mail server (SMTP host)'), { target: { value: 'smtp.office365.com' } });
  fireEvent.change(screen.getByLabelText(/^Login/), { target: { value: 'updates@office.example' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'harbour-Secret-7731' } });
  fireEvent.change(screen.getByLabelText(/^From/), { target: { value: 'updates@office.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save mail server' }));
  await screen.findByText('The mail server is saved.');
  expect(bridge.callsOf('customers.setMail')).toEqual([
    { settings: { host: 'smtp.office365.com', port: 587, security: 'starttls', user: 'updates@office.example', from: 'updates@office.example' }, password: 'harbour-Secret-7731' },
  ]);
  expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  expect(screen.getByLabelText('Password (kept; type to replace)')).toBeTruthy();
  expect(document.body.textContent).not.toContain('harbour-Secret-7731');

  fireEvent.change(screen.getByLabelText('Send a test mail to'), { target: { value: 'me@office.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send a test mail' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('refused the login'));
});
