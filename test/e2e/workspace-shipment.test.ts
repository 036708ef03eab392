/**
 * The workspace in Chromium on shipments the simulator knows: the detail (route, containers
 * with actual and expected events, ETA history, raw payload; "no data from the carrier yet"),
 * one status for a box discharged at its POD that the service still calls in transit (the
 * table, the detail, Attention, an export and `quayside list` alike), notes online and offline
 * (the outbox drains when the service is back), and removal with the refund preview (the service's interface 3.2).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentTableRow } from '../../src/shared/contract/index.js';
import { runCli } from '../cli/run-cli.js';
import { buildRenderer, screenshot, skipWithoutChromium, startStack, windowDates, type LaunchedBrowser, type Stack } from './support/index.js';
import { computedStyle, creditBalance, openWindow, pageErrors, rowOf, statusBar } from './support/workspace.js';

/** Tracked a moment ago and delivered: removing it deletes it with a refund. */
const FRESH = 'MSKU1234565';
/** The carrier has nothing yet (the simulator answers INFO_NOT_FOUND for NOTFOUND references). */
const NOT_FOUND = 'MEDUNOTFOUND1';

/** Screenshots at 960 and 1440 px, light and dark; the window is left at 1440 px, light. */
async function looks(page: LaunchedBrowser['page'], name: string): Promise<void> {
  for (const size of [{ width: 960, height: 800 }, { width: 1440, height: 900 }]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      await screenshot(page, `${name}-${size.width}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.skipIf(skipWithoutChromium())('workspace in Chromium: detail, notes, removal', () => {
  let stack: Stack;
  let browser: LaunchedBrowser;
  let rows: ShipmentTableRow[];
  /** A seeded shipment in transit whose ETA the carrier moved by 3 days. */
  let moved: ShipmentTableRow;
  /** A seeded shipment the service still calls IN_TRANSIT, discharged at its POD five days ago. */
  let discharged: ShipmentTableRow;

  async function listAll(): Promise<ShipmentTableRow[]> {
    const page = await stack.call('shipments.list', { offset: 0, limit: 100, sort: 'recent' });
    if (!page.ok) throw new Error(page.error.message);
    return page.value.rows;
  }

  beforeAll(async () => {
    const [, started] = await Promise.all([buildRenderer(), startStack({ shipments: 10, credits: 200, sync: true })]);
    stack = started;
    const fresh = await stack.call('tracking.run', { reference: FRESH });
    if (!fresh.ok) throw new Error(fresh.error.message);
    const notFound = await stack.call('tracking.run', { reference: NOT_FOUND, type: 'bl', carrier: 'MSCU' });
    if (!notFound.ok) throw new Error(notFound.error.message);
    rows = await listAll();
    moved = rows.find((r) => r.shipmentStatus === 'IN_TRANSIT' && r.eta && r.reference !== FRESH)!;
    discharged = rows.findLast((r) => r.shipmentStatus === 'IN_TRANSIT' && r.eta && !r.progress && r.reference !== FRESH && r.reference !== moved.reference)!;
    stack.sim.control.setShipmentStatus(stack.apiKey, FRESH, 'DELIVERED');
    stack.sim.control.moveEta(stack.apiKey, moved.reference, 3);
    // The vessel arrived and the box came off it at the POD, days ago; the service's status stays IN_TRANSIT.
    const pod = stack.sim.control.trackingData(stack.apiKey, discharged.reference)!.summary.pod.location;
    const daysAgo = (days: number, time: string) => `${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
    stack.sim.control.addEvent(stack.apiKey, discharged.reference, { status_code: 'VAD', status: 'Vessel arrival', location: pod, date: daysAgo(5, '06:30:00') });
    stack.sim.control.addEvent(stack.apiKey, discharged.reference, { status_code: 'CDD', status: 'Discharged from vessel', location: pod, date: daysAgo(5, '14:10:00') });
    await stack.sync();
    browser = await openWindow(stack);
    // Every shipment, the delivered one too, with the Tracking column (the view still moving leaves both out).
    await browser.page.getByRole('radio', { name: 'All shipments' }).click();
    await browser.page.getByRole('columnheader', { name: /^Tracking/ }).waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the detail: route, containers with actual and expected events, ETA history, raw payload', async () => {
    const { page } = browser;
    const row = rowOf(page, moved.reference);
    // The table shows the ETA move the sync saw.
    expect(await row.locator('.eta-move').innerText()).toBe('+3 d');
    await row.dblclick();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('heading', { name: moved.reference, level: 2 }).waitFor();

    const route = detail.getByRole('region', { name: 'Route' });
    for (const label of ['Origin', 'Port of loading', 'Port of discharge', 'Destination']) {
      expect(await route.getByText(label, { exact: true }).count()).toBe(1);
    }
    const containers = detail.getByRole('region', { name: /^Containers/ });
    const timeline = containers.getByRole('list', { name: /^Events of container/ }).first();
    expect(await timeline.locator('.event-kind.actual').count()).toBeGreaterThan(0);
    expect(await timeline.locator('.event-kind.expected').count()).toBeGreaterThan(0);
    // Actual and expected do not look alike.
    const styleOf = async (kind: string) => {
      const label = timeline.locator(`.event.event-${kind} .event-kind`).first();
      return Promise.all(['color', 'background-color', 'border-top-style'].map((p) => computedStyle(label, p))).then((v) => v.join('|'));
    };
    expect(await styleOf('actual')).not.toBe(await styleOf('expected'));

    const history = detail.getByRole('region', { name: 'ETA history' });
    expect(await history.locator('.eta-move').innerText()).toBe('+3 d');
    expect(await history.locator('.eta-move').getAttribute('aria-label')).toMatch(/^ETA moved 3 days later/);

    await detail.getByText(/Raw payload for support/).click();
    const raw = detail.getByLabel(/^Raw payload from/).first();
    await raw.waitFor();
    expect(await raw.innerText()).toContain(moved.reference);
    await screenshot(page, 'workspace-detail');
  });

  it('says "no data from the carrier yet" for an INFO_NOT_FOUND shipment, never delivered', async () => {
    const { page } = browser;
    const row = rowOf(page, NOT_FOUND);
    expect(await row.locator('.c-shipment-status').innerText()).toBe('No data from the carrier yet');
    await row.dblclick();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('heading', { name: NOT_FOUND, level: 2 }).waitFor();
    expect(await detail.getByRole('note').innerText()).toContain('No data from the carrier yet');
    expect(await detail.innerText()).not.toMatch(/delivered/i);
    // The service keeps notes on its records: none can be written before it tracks one.
    expect(await detail.getByRole('button', { name: 'Edit note' }).count()).toBe(0);
    expect(await detail.getByText('A note can be added once the tracking service tracks this shipment.').count()).toBe(1);
    expect(await page.getByRole('button', { name: `Edit note for ${NOT_FOUND}` }).count()).toBe(0);
    await screenshot(page, 'workspace-detail-not-found');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it('says one status for a box discharged at its POD that the service still calls in transit: table, detail, Attention, export, list', async () => {
    const { page } = browser;
    const arrivedAt = (await listAll()).find((r) => r.id === discharged.id)!.progress!.arrivedAt!;
    // As the window writes dates (the browser's locale): the day in the table, the day and time elsewhere.
    const dates = await windowDates(page);
    const arrivedShown = dates.dateTime(arrivedAt);

    // The table: the status where it is, never "In transit"; the arrival where the ETA was.
    const row = rowOf(page, discharged.reference);
    await expect.poll(() => row.locator('.c-shipment-status').innerText(), { timeout: 10_000 }).toBe('Discharged at POD');
    expect(await row.locator('.c-shipment-status').getAttribute('title')).toBe(`Discharged at POD ${dates.day(arrivedAt)}; the service still says In transit`);
    expect(await row.locator('.c-eta').innerText()).toBe(`Arrived ${dates.day(arrivedAt)}`);

    // The detail's headline, with the service's own word beside it.
    await row.dblclick();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('heading', { name: discharged.reference, level: 2 }).waitFor();
    const headline = detail.getByTestId('detail-status');
    expect(await headline.locator('.pill').innerText()).toBe('Discharged at POD');
    expect(await headline.innerText()).toContain('the service still says In transit');
    expect(await detail.locator('.facts').innerText()).toContain(`Arrived\n${arrivedShown}\nLast ETA`);
    await looks(page, 'status-one-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await looks(page, 'status-one-table');

    // Attention: the same words on its card ("Arrived, not delivered" is the reason, not the status).
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: /^Attention/ }).click();
    const card = page.getByTestId('attention-card').filter({ hasText: discharged.reference });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('.attention-status').innerText()).toBe('Discharged at POD');
    expect(await card.locator('.attention-meta').innerText()).toContain(`arrived ${arrivedShown}`);
    expect(await card.locator('.reason-tag').allInnerTexts()).toContain('Arrived, not delivered');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'status-one-attention');
    await nav.getByRole('button', { name: /^Shipments/ }).click();
    await page.getByRole('grid', { name: 'Shipments' }).waitFor();

    // An export and `quayside list`, on the same cache, through the CLI.
    const work = mkdtempSync(join(tmpdir(), 'quayside-status-'));
    try {
      const env = { QUAYSIDE_DATA_DIR: stack.dataDir, QUAYSIDE_API_BASE: stack.sim.url, QUAYSIDE_API_KEY: stack.apiKey };
      const out = join(work, 'status.csv');
      const exported = await runCli(['export', '--out', out, '--columns', 'reference,shipmentStatus,eta,arrived'], { env });
      expect(exported.code, exported.stderr).toBe(0);
      const line = readFileSync(out, 'utf8').split('\r\n').find((l) => l.startsWith(discharged.reference))!;
      expect(line.split(',').slice(1, 2)).toEqual(['Discharged at POD']);
      expect(line).toContain(arrivedAt);
      const list = await runCli(['list', '--search', discharged.reference], { env });
      expect(list.code, list.stderr).toBe(0);
      const listed = list.stdout.split('\n').find((l) => l.startsWith(discharged.reference))!;
      expect(listed).toContain('Discharged at POD');
      expect(listed).not.toContain('In transit');
      expect(listed).toContain(`arrived ${arrivedAt.slice(0, 10)}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('saves a note online: shown in the table, and the service has it', async () => {
    const { page } = browser;
    const target = rows.find((r) => r.trackingId && r.reference !== moved.reference && r.reference !== FRESH)!;
    await page.getByRole('button', { name: `Edit note for ${target.reference}` }).click();
    const box = page.getByRole('textbox', { name: `Note for ${target.reference}` });
    await box.fill('Customs hold, call the broker');
    expect(await page.getByLabel('29 of 40 characters').count()).toBe(1);
    await box.press('Enter');
    const row = rowOf(page, target.reference);
    await expect.poll(() => row.locator('.note-text').innerText()).toBe('Customs hold, call the broker');
    await expect.poll(() => stack.sim.control.shipment(stack.apiKey, target.reference)?.note, { timeout: 15_000 }).toBe('Customs hold, call the broker');
    await expect.poll(() => row.locator('.badge-pending').count(), { timeout: 10_000 }).toBe(0);
  });

  it('keeps a note made offline as pending, and sends it when the service is back', async () => {
    const { page } = browser;
    const target = rows.find((r) => r.trackingId && r.shipmentStatus === 'IN_TRANSIT' && r.reference !== moved.reference && r.reference !== FRESH)!;
    await stack.sim.setReachable(false);
    try {
      await page.getByRole('button', { name: `Edit note for ${target.reference}` }).click();
      const box = page.getByRole('textbox', { name: `Note for ${target.reference}` });
      await box.fill('Reefer at 4 C, check on arrival');
      await box.press('Enter');
      const row = rowOf(page, target.reference);
      await expect.poll(() => row.locator('.note-text').innerText()).toBe('Reefer at 4 C, check on arrival');
      await row.locator('.badge-pending').waitFor({ timeout: 10_000 });
      await expect.poll(() => statusBar(page).innerText(), { timeout: 15_000 }).toContain('1 note waiting to be sent');
      await expect.poll(() => statusBar(page).innerText(), { timeout: 15_000 }).toContain('Offline');
      expect(stack.sim.control.shipment(stack.apiKey, target.reference)?.note ?? null).toBeNull();
      await screenshot(page, 'workspace-note-offline');
    } finally {
      await stack.sim.setReachable(true);
    }
    const row = rowOf(page, target.reference);
    await expect.poll(() => stack.sim.control.shipment(stack.apiKey, target.reference)?.note, { timeout: 30_000 }).toBe('Reefer at 4 C, check on arrival');
    await expect.poll(() => row.locator('.badge-pending').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => statusBar(page).innerText(), { timeout: 15_000 }).not.toContain('waiting to be sent');
    await expect.poll(() => statusBar(page).innerText(), { timeout: 15_000 }).toContain('Online');
    const pending = await stack.call('notes.pending');
    expect(pending).toEqual({ ok: true, value: [] });
  });

  it('narrows the table to a watchlist made meanwhile, and the chip takes it away', async () => {
    const { page } = browser;
    const members = rows.slice(0, 2);
    // The watchlist is chosen among the filters, behind the Filters button.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const select = page.getByRole('combobox', { name: 'Watchlist' });
    const created = await stack.call('watchlists.create', { name: 'ACME Imports', kind: 'list', shipmentIds: members.map((r) => r.id) });
    if (!created.ok) throw new Error(created.error.message);
    // The list arrives with the watchlists.changed event, without a reload.
    await select.locator('option', { hasText: 'ACME Imports (2)' }).waitFor({ state: 'attached' });
    const totalText = await page.locator('.count').innerText();
    await select.selectOption({ label: 'ACME Imports (2)' });
    await expect.poll(() => page.locator('.count').innerText()).toBe('2 shipments');
    for (const r of members) await rowOf(page, r.reference).waitFor();
    await screenshot(page, 'workspace-watchlist-filter');
    await page.getByRole('button', { name: 'Remove the watchlist filter ACME Imports' }).click();
    await expect.poll(() => page.locator('.count').innerText()).toBe(totalText);
    await page.getByRole('button', { name: /^Filters/ }).click();
    expect(await select.inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });

  it('tracks a B/L (its carrier guessed from its prefix) and a booking (its carrier picked from the directory) from Quick track', async () => {
    const { page } = browser;
    const box = page.getByRole('textbox', { name: 'Quick track' });
    const panel = page.locator('#quick-track-hint');
    const carrier = panel.getByRole('combobox', { name: 'Carrier of this reference' });
    const track = page.getByRole('search', { name: 'Track a new reference' }).getByRole('button', { name: 'Track', exact: true });
    const creditsBefore = (await creditBalance(page))!;
    /** How the cache keeps a tracked reference: its type and carrier, as the service answered. */
    const cachedAs = async (reference: string) => {
      const found = await stack.call('shipments.list', { search: reference, offset: 0, limit: 1 });
      if (!found.ok) throw new Error(found.error.message);
      const row = found.value.rows[0];
      return row ? { type: row.type, scac: row.carrier.scac } : null;
    };

    // A B/L: four letters a carrier's B/L starts with. Its type and carrier are guesses, said so, and the cost in words.
    const bl = 'HLCUHAM260412345';
    await box.fill(bl);
    await expect.poll(() => panel.getByRole('radio', { name: 'B/L' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => panel.innerText()).toContain("Guessed from the B/L's first four letters");
    expect(await carrier.inputValue()).toMatch(/^Hapag-Lloyd.* \(HLCU\)$/);
    expect(await panel.innerText()).toMatch(new RegExp(`Costs 1 credit; ${creditsBefore.toLocaleString('en')} left`));
    await screenshot(page, 'quick-track-bl');
    await track.click();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('heading', { name: bl, level: 2 }).waitFor({ timeout: 15_000 });
    expect(await cachedAs(bl)).toEqual({ type: 'bl', scac: 'HLCU' });
    // Typed again: already tracked, free.
    await box.fill(bl);
    await expect.poll(() => panel.innerText()).toContain('Already tracked, free');
    await box.press('Escape');

    // A booking: digits alone. The service needs a carrier for it (AUTO is for containers only): chosen from the directory.
    const booking = '260412345';
    await box.fill(booking);
    await expect.poll(() => panel.getByRole('radio', { name: 'Booking' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => panel.innerText()).toContain('Choose the carrier of this booking');
    expect(await track.isDisabled()).toBe(true);
    await carrier.click();
    await carrier.fill('maersk');
    await panel.getByRole('listbox', { name: 'Carriers' }).getByRole('option', { name: /Maersk.*\(MAEU\)/ }).first().click();
    await expect.poll(() => panel.innerText()).toMatch(/Costs 1 credit; [\d,]+ left/);
    await screenshot(page, 'quick-track-booking');
    await track.click();
    await detail.getByRole('heading', { name: booking, level: 2 }).waitFor({ timeout: 15_000 });
    expect(await cachedAs(booking)).toEqual({ type: 'bk', scac: 'MAEU' });
    await expect.poll(() => creditBalance(page), { timeout: 10_000 }).toBe(creditsBefore - 2);
    await page.keyboard.press('Escape');
    expect(pageErrors(browser)).toEqual([]);
  });

  it('removes a selection after a preview of refunds and archiving, then shows what the service did', async () => {
    const { page } = browser;
    const archived = rows.find((r) => r.trackingId && r.shipmentStatus === 'IN_TRANSIT' && r.reference !== FRESH)!;
    const creditsBefore = stack.sim.control.credits(stack.apiKey);
    await expect.poll(() => creditBalance(page)).toBe(creditsBefore);
    const totalBefore = (await listAll()).length;

    // A plain click only makes a row the active one (it does not tick it); Ctrl+click ticks.
    await rowOf(page, FRESH).locator('.c-reference').click({ modifiers: ['Control'] });
    await rowOf(page, archived.reference).locator('.c-reference').click({ modifiers: ['Control'] });
    await rowOf(page, NOT_FOUND).locator('.c-reference').click({ modifiers: ['Control'] });
    await page.getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Remove…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Remove 3 shipments' });
    const list = dialog.getByRole('list', { name: 'What happens to each shipment' });
    await list.waitFor();
    const outcomeOf = (reference: string) => list.getByRole('listitem').filter({ hasText: reference }).locator('.removal-outcome').innerText();
    expect(await outcomeOf(FRESH)).toBe('Deleted, 1 credit refunded');
    expect(await outcomeOf(archived.reference)).toBe('Archived, no refund');
    expect(await outcomeOf(NOT_FOUND)).toBe('Removed from this computer only');
    expect(await dialog.locator('.removal-totals').innerText()).toBe(
      '1 deleted with a refund (1 credit back), 1 archived, no refund, 1 removed from this computer only',
    );
    await screenshot(page, 'workspace-remove-preview');

    await dialog.getByRole('button', { name: 'Remove 3 shipments' }).click();
    const done = page.getByRole('dialog', { name: 'Removed' });
    await done.waitFor({ timeout: 15_000 });
    expect(await done.locator('.removal-summary').innerText()).toBe(
      '1 deleted at the service, 1 archived (no refund), 1 removed from this computer only.',
    );
    // Named by reference, as the person knows them.
    expect(await done.getByRole('region', { name: 'Deleted at the service' }).innerText()).toContain(FRESH);
    expect(await done.getByRole('region', { name: 'Archived at the service' }).innerText()).toContain(archived.reference);
    // The refund shows in the header.
    await expect.poll(() => creditBalance(page), { timeout: 10_000 }).toBe(creditsBefore + 1);
    expect(stack.sim.control.credits(stack.apiKey)).toBe(creditsBefore + 1);
    expect(stack.sim.control.shipment(stack.apiKey, FRESH)).toBeUndefined();
    expect(stack.sim.control.shipment(stack.apiKey, archived.reference)?.status).toBe('ARCHIVED');
    await screenshot(page, 'workspace-remove-done');

    await done.getByRole('button', { name: 'Close', exact: true }).click();
    await done.waitFor({ state: 'detached' });
    // Deleted ones leave the cache; the archived one stays, marked Archived.
    await expect.poll(() => page.locator('.count').innerText()).toBe(`${totalBefore - 2} shipments`);
    for (const reference of [FRESH, NOT_FOUND]) expect(await rowOf(page, reference).count()).toBe(0);
    expect(await rowOf(page, archived.reference).locator('.c-status').innerText()).toBe('Archived');
    expect(pageErrors(browser)).toEqual([]);
  });
});
