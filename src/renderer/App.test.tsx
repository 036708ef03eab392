// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { type FakeBridge, createFakeBridge } from './test-support/fake-bridge';
import { CREDITS, SETTINGS, STATUS, detailOf, pageOf } from './test-support/fixtures';
import { resetStores } from './test-support/reset';

let bridge: FakeBridge;

beforeEach(() => {
  let settings = { ...SETTINGS };
  bridge = createFakeBridge({
    'settings.get': () => settings,
    'settings.update': (patch) => (settings = { ...settings, ...patch }),
    'settings.keyStatus': () => ({ apiBase: null, source: null, last4: null }),
    'sync.statusBar': () => ({ ...STATUS, online: false, queued: 3, outboxPending: 2, waiting: { label: 'batch polling', nextSlotInMs: 2000 } }),
    'credits.get': () => ({ ...CREDITS, remaining: 40, low: true }),
    'notes.pending': () => [],
    'shipments.facets': () => ({ carriers: [], pods: [], shipmentStatuses: [], fieldNames: [], total: 0 }),
    'shipments.list': (q) => pageOf(q, 0),
    'tracking.check': (input) => {
      const { reference, type, carrier } = typeof input === 'string' ? { reference: input, type: undefined, carrier: undefined } : input;
      const value = reference.toUpperCase();
      if (/^\d+$/.test(value) && !carrier) return { ok: false, problem: 'Choose the carrier of this booking: the service needs it.', suggestion: null, type: type ?? 'bk', typeFrom: type ? 'given' : 'digits', needs: 'carrier' };
      if (/^\d+$/.test(value)) return { ok: true, plan: { reference: value, type: type ?? 'bk', typeFrom: type ? 'given' : 'digits', carrier: carrier!, carrierName: carrier === 'MAEU' ? 'Maersk' : null, carrierFrom: 'given', cachedId: null, costsCredit: true } };
      return { ok: true, plan: { reference: value, type: 'container', typeFrom: 'check-digit', carrier: 'AUTO', carrierName: null, carrierFrom: 'auto', cachedId: null, costsCredit: true } };
    },
    'settings.carriers': () => ({
      carriers: [
        { name: 'Maersk', scac: 'MAEU', containers: true, bl: true, booking: true },
        { name: 'Mediterranean Shipping Company', scac: 'MSCU', containers: true, bl: true, booking: false },
      ],
      fetchedAt: '2026-11-20T08:00:00.000Z',
    }),
    'tracking.run': () => ({ shipment: detailOf(7).shipment, fromCache: false }),
    'shipments.get': (id) => detailOf(id),
    'performance.settings': () => ({ onTimeWithinDays: 1, minimumSample: 10, customerField: null, customerColumn: null, fieldNames: [] }),
  });
  resetStores(bridge);
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
  resetStores();
});

describe('the window', () => {
  it('first run without a key says what to do, and shows status and credits', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Welcome to Quayside' })).toBeTruthy();
    expect(screen.getByText(/go to/).textContent).toContain('enter the API key');
    expect(screen.getByText('0 shipments')).toBeTruthy();

    const credits = screen.getByRole('region', { name: 'Credits' });
    await waitFor(() => expect(within(credits).getByText('Low: below 100')).toBeTruthy());
    expect(within(credits).getByRole('img', { name: /Credit balance history/ })).toBeTruthy();

    const status = screen.getByRole('status', { name: 'Service status' });
    await waitFor(() => expect(status.textContent).toContain('Offline'));
    expect(status.textContent).toContain('3 requests queued');
    // The countdown runs from when the status was read; a slow machine may already show 1 s.
    expect(status.textContent).toMatch(/batch polling: next slot in [12] s/);
    expect(status.textContent).toContain('2 notes waiting to be sent');

    fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByLabelText('API key').getAttribute('type')).toBe('password');
    // Each settings section is a named landmark; none shares a name with the header's Credits.
    for (const name of ['Your API key', 'Tracking service', 'Credit warning', 'Appearance', 'Carrier performance', 'Carrier directory', 'Data']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(screen.getAllByRole('region', { name: 'Credits' })).toHaveLength(1);
    expect(screen.getByRole('search', { name: 'Track a new reference' })).toBeTruthy();
  });

  it('the first-run screen offers the sample data; while it is open a band says so and leads back', async () => {
    render(<App />);
    expect(screen.queryByRole('note', { name: 'Sample data' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Explore with sample data' }));
    await waitFor(() => expect(bridge.callsOf('settings.sampleData')).toEqual([{ on: true }]));
    cleanup();
    const demoBridge = createFakeBridge({ ...bridge.handlers, 'settings.get': () => ({ ...SETTINGS, demo: true }) });
    resetStores(demoBridge);
    render(<App />);
    const band = await screen.findByRole('note', { name: 'Sample data' });
    expect(band.textContent).toContain('Made-up shipments');
    fireEvent.click(within(band).getByRole('button', { name: 'Leave sample data' }));
    await waitFor(() => expect(demoBridge.callsOf('settings.sampleData')).toEqual([{ on: false }]));
  });

  it('applies the theme from settings and saves the toggle', async () => {
    render(<App />);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(bridge.callsOf('settings.update')).toEqual([{ theme: 'dark' }]);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });

  it('quick track says what it will cost, then tracks and opens the detail', async () => {
    render(<App />);
    const box = screen.getByRole('textbox', { name: 'Quick track' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'mscu1234565' } });
    const panel = await screen.findByRole('radiogroup', { name: 'Type' });
    await waitFor(() => expect(within(panel).getByRole('radio', { name: 'Container' }).getAttribute('aria-checked')).toBe('true'), { timeout: 2000 });
    expect((screen.getByRole('combobox', { name: 'Carrier of this reference' }) as HTMLInputElement).value).toBe('Any carrier (AUTO)');
    expect(screen.getByText(/^Costs/).textContent).toBe('Costs 1 credit; 40 left');
    fireEvent.submit(box.closest('form')!);
    const detail = await screen.findByRole('region', { name: 'Shipment detail' });
    expect(bridge.callsOf('tracking.run')).toEqual([{ reference: 'MSCU1234565', type: 'container' }]);
    // INFO_NOT_FOUND is "no data yet", never delivered.
    expect(await within(detail).findByText(/No data from the carrier yet/, { selector: 'p' })).toBeTruthy();
    expect(within(detail).queryByText(/delivered/i)).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Shipment detail' })).toBeNull());
  });

  it('quick track needs a carrier for a booking: the carrier is searched in the directory, then it tracks', async () => {
    render(<App />);
    const box = screen.getByRole('textbox', { name: 'Quick track' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '123456789' } });
    expect(await screen.findByText(/Choose the carrier of this booking/, {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Booking' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/Guessed: digits only/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Track' }) as HTMLButtonElement).disabled).toBe(true);
    const carrier = screen.getByRole('combobox', { name: 'Carrier of this reference' });
    act(() => carrier.focus());
    fireEvent.change(carrier, { target: { value: 'mae' } });
    // MSC does not track bookings: it is not offered.
    const options = within(await screen.findByRole('listbox', { name: 'Carriers' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Maersk (MAEU)']);
    fireEvent.keyDown(carrier, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(/^Costs/).textContent).toBe('Costs 1 credit; 40 left'), { timeout: 2000 });
    expect(bridge.callsOf('tracking.check').at(-1)).toEqual({ reference: '123456789', carrier: 'MAEU' });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(() => expect(bridge.callsOf('tracking.run')).toEqual([{ reference: '123456789', type: 'bk', carrier: 'MAEU' }]));
  });

  it("Ctrl+1…9 open the views in the navigation's order, and the help lists them so", async () => {
    render(<App />);
    const names = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('button')
      .map((b) => b.querySelector('.nav-label')?.textContent);
    expect(names.slice(0, 3)).toEqual(['Shipments', 'Attention', 'Import']);
    for (const [i, name] of names.slice(0, 9).entries()) {
      fireEvent.keyDown(document.body, { key: String(i + 1), ctrlKey: true });
      await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(`^${name}`), current: 'page' })).toBeTruthy());
    }
    fireEvent.keyDown(document.body, { key: ',', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(help).getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.filter((r) => /^Ctrl\+[1-9]/.test(r))).toEqual(names.slice(0, 9).map((n, i) => `Ctrl+${i + 1}Go to ${n}`));
  });

  it('opens the shortcuts help with ? and closes it with Escape', async () => {
    render(<App />);
    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
