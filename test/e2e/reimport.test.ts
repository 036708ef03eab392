/**
 * In Chromium at 960 px (half a 1920 px screen), light and dark: a customer's sheet sent
 * again with an updated PO and a moved promised date, plus one new container. The mapping shows what
 * each column holds, the preview lists the column changes and offers to apply them with the new
 * container's tracking; the changed shipments cost nothing and are never sent; the report opens the
 * table on the import's shipments. The real simulator, a real cache, the web harness.
 *
 * Screenshots: reimport-mapping-<theme>, reimport-preview-<theme>, reimport-report, reimport-table.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerNumbers } from '../import/make-references.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type LaunchedBrowser, type Stack } from './support/index.js';

const PREVIEW = { timeout: 15_000 };

type Row = [container: string, customer: string, po: string, promised: string];
const csv = (rows: readonly Row[]) => Buffer.from(['Container,Customer,PO,Promised date', ...rows.map((r) => r.join(','))].join('\r\n'));

function countOf(page: Page, label: string) {
  return page.getByRole('group', { name: 'Which rows to show' }).getByRole('button', { name: new RegExp(`${label}$`) }).locator('strong');
}

/** Scrolls a step's title to the top of the window, for its screenshot (text: this project's Node type-check has no DOM types). */
async function showFromTop(page: Page, id: string): Promise<void> {
  await page.evaluate(`document.getElementById(${JSON.stringify(id)})?.scrollIntoView({ block: 'start' })`);
}

async function chooseSheet(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const close = page.getByRole('button', { name: 'Close report' });
  if ((await close.count()) > 0) await close.click();
  await page.getByLabel('Choose a spreadsheet to import').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await page.getByRole('heading', { name }).waitFor(PREVIEW);
}

describe.skipIf(skipWithoutChromium())('a sheet sent again, in Chromium at 960 px', () => {
  let stack: Stack;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 0, credits: 200, timeScale: 20 });
    browser = await launchBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 960, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(stack.url, { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('lists the column changes, applies them at no credit with the new container, and shows the shipments in the table', async () => {
    const numbers = containerNumbers(7, 930_000);
    const week11 = numbers.slice(0, 6).map((n, i): Row => [n, i % 2 ? 'Northwind' : 'ACME GmbH', `PO-${1000 + i}`, '2026-12-01']);
    await chooseSheet(page, 'acme-week-11.csv', csv(week11));
    await expect.poll(() => countOf(page, 'To track').innerText(), PREVIEW).toBe('6');
    await page.getByRole('button', { name: 'Start tracking 6 references' }).click();
    await page.getByRole('region', { name: /^Report: acme-week-11\.csv/ }).waitFor({ timeout: 60_000 });

    const listed = await stack.call('shipments.list', { status: 'ACTIVE', offset: 0, limit: 50 });
    if (!listed.ok) throw new Error(listed.error.message);
    const tracked = listed.value.rows.filter((r) => r.outcome === 'OK').map((r) => r.reference);
    expect(tracked.length).toBeGreaterThan(1);
    const [a, b] = tracked as [string, string];
    const poOfA = week11.find((r) => r[0] === a)![2];

    // Week 12: A's PO changed, B's promised date moved, and one container new.
    const week12 = week11
      .filter(([n]) => tracked.includes(n))
      .map(([n, customer, po, promised]): Row => (n === a ? [n, customer, 'PO-1044', promised] : n === b ? [n, customer, po, '2026-12-09'] : [n, customer, po, promised]));
    week12.push([numbers[6]!, 'ACME GmbH', 'PO-1100', '2026-12-20']);
    await chooseSheet(page, 'acme-week-12.csv', csv(week12));
    await expect.poll(() => countOf(page, 'Columns to update').innerText(), PREVIEW).toBe('2');
    expect(await countOf(page, 'To track').innerText()).toBe('1');

    // The mapping: each column with its first values.
    const customer = page.getByRole('row', { name: /Customer/ });
    expect(await customer.innerText()).toMatch(/ACME GmbH[\s\S]*Northwind/);
    expect(await page.getByRole('row', { name: /PO/ }).first().innerText()).toContain('PO-100');
    await showFromTop(page, 'import-mapping-title');
    await screenshot(page, 'reimport-mapping-light');

    // The preview: the changes, per shipment, and the start that applies them with the tracking.
    await page.getByRole('button', { name: /Columns to update$/ }).click();
    const changes = page.getByRole('list', { name: 'Columns to update rows' });
    await expect.poll(() => changes.innerText(), PREVIEW).toContain(a);
    expect(await changes.getByLabel(`PO ${poOfA} → PO-1044`).count()).toBe(1);
    expect(await changes.getByLabel('Promised date 2026-12-01 → 2026-12-09').count()).toBe(1);
    const start = page.getByRole('button', { name: 'Start tracking 1 reference and update 2 shipments' });
    expect(await start.isEnabled()).toBe(true);
    await showFromTop(page, 'import-preview-title');
    await screenshot(page, 'reimport-preview-light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await screenshot(page, 'reimport-preview-dark');
    await showFromTop(page, 'import-mapping-title');
    await screenshot(page, 'reimport-mapping-dark');

    const before = stack.sim.control.stats(stack.apiKey);
    await start.click();
    const report = page.getByRole('region', { name: /^Report: acme-week-12\.csv/ });
    await report.waitFor({ timeout: 60_000 });
    await expect.poll(() => report.innerText(), PREVIEW).toMatch(/Columns updated \(no credit\)\s*2/);
    const after = stack.sim.control.stats(stack.apiKey);
    // The new container costs its credit (if found); the updated shipments were never sent.
    expect(after.creditsSpent - before.creditsSpent).toBeLessThanOrEqual(1);
    expect(after.trackingRequestsByReference[numbers[6]!]).toBe(1);
    for (const reference of [a, b]) expect(after.trackingRequestsByReference[reference], reference).toBe(before.trackingRequestsByReference[reference]);
    await screenshot(page, 'reimport-report');

    const show = report.getByRole('button', { name: /^Show these \d+ shipments in the table$/ });
    const shown = Number(/\d+/.exec((await show.innerText()) ?? '')![0]);
    await show.click();
    await page.getByText('Import: acme-week-12.csv', { exact: true }).waitFor(PREVIEW);
    await expect.poll(() => page.getByRole('row').filter({ hasText: a }).count(), PREVIEW).toBe(1);
    // The table holds the import's shipments only: the header row and one row each.
    await expect.poll(() => page.getByRole('grid').getByRole('row').count(), PREVIEW).toBe(shown + 1);
    await screenshot(page, 'reimport-table');
    expect(browser.errors.filter((e) => e.startsWith('page error'))).toEqual([]);
  }, 240_000);
});
