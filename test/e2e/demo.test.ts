/**
 * Demo mode in the web harness (`npm run harness -- --demo`): the simulator in-process with a
 * few hundred shipments, the cache in <data folder>/demo, and the window clearly marked as demo.
 * Screenshots: demo-table, demo-detail (and demo-detail-dark).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../src/harness/server.js';
import type { ShipmentListPage, ShipmentOrderKey } from '../../src/shared/contract/index.js';
import { DEMO_SHIPMENTS } from '../../src/sim/demo-backend.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium } from './support/index.js';

/** The navigation's current view, by its name. */
async function currentView(page: Page): Promise<string> {
  return (await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"] .nav-label').innerText()).trim();
}

describe('demo mode in the harness', () => {
  let demo: DemoHarness;
  let harness: Harness;

  beforeAll(async () => {
    demo = await startDemoHarness('demo');
    harness = demo.harness;
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('fills a demo cache apart from the real one', async () => {
    expect(harness.dataDir).toBe(join(demo.dataDir, 'demo'));
    expect(existsSync(join(demo.dataDir, 'demo', 'quayside.db'))).toBe(true);
    expect(existsSync(join(demo.dataDir, 'quayside.db'))).toBe(false);
    const info = await harness.engine.call('settings.appInfo');
    expect(info).toMatchObject({ ok: true, value: { demo: true } });
    const list = await harness.engine.call('shipments.list', { offset: 0, limit: 1 });
    expect(list).toMatchObject({ ok: true, value: { total: DEMO_SHIPMENTS } });
  });

  describe.skipIf(skipWithoutChromium())('in Chromium', () => {
    it('shows the sample shipments marked as demo data, and a shipment in detail', async () => {
      const browser = await launchBrowser();
      try {
        const { page, errors } = browser;
        await page.goto(harness.pageUrl, { waitUntil: 'load' });
        const firstRow = page.locator('[role="row"][data-id]').first();
        await firstRow.waitFor({ state: 'visible', timeout: 20_000 });
        await expect.poll(() => page.getByText('Demo data', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
        // The band under the header marks the sample data on every view.
        const band = page.getByRole('note', { name: 'Sample data' });
        await expect.poll(() => band.isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await band.innerText()).toMatch(/Made-up shipments/);
        // The header's credits go down as the sample data tracks: the band says whose they are, never that nothing costs any.
        expect(await band.innerText()).toMatch(/credits it counts are not your account's/);
        await screenshot(page, 'demo-table');

        await firstRow.dblclick();
        const detail = page.getByRole('region', { name: 'Shipment detail' });
        await detail.getByRole('heading', { level: 2 }).waitFor({ state: 'visible', timeout: 10_000 });
        await expect.poll(() => detail.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
        await screenshot(page, 'demo-detail');

        await page.emulateMedia({ colorScheme: 'dark' });
        await screenshot(page, 'demo-detail-dark');
        expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 90_000);

    it('works like a spreadsheet: sorts both ways and by two keys, columns hidden, widened and moved (kept after a reload), grouped by customer; Ctrl+1…9 follow the navigation', async () => {
      const browser = await launchBrowser();
      try {
        const { page, errors } = browser;
        page.setDefaultTimeout(15_000);
        await page.goto(harness.pageUrl, { waitUntil: 'load' });
        await page.locator('[role="row"][data-id]').first().waitFor({ state: 'visible', timeout: 20_000 });
        const grid = page.getByRole('grid', { name: 'Shipments' });
        const heading = (name: string) => grid.getByRole('columnheader').filter({ has: page.getByRole('button', { name, exact: true }) });
        const headings = async () => (await grid.locator('.row-head .head-label').allInnerTexts()).map((t) => t.trim());
        /** The first references the engine lists for the view still moving in this order, and the table's. */
        const expected = async (order: ShipmentOrderKey[]) =>
          (await demo.value<ShipmentListPage>('shipments.list', { moving: true, order, offset: 0, limit: 6 })).rows.map((r) => r.reference);
        const shown = async () => (await grid.locator('.grid-body [role="row"][data-id] .c-reference').allInnerTexts()).slice(0, 6);
        const sortedAs = async (order: ShipmentOrderKey[]) => {
          const want = await expected(order);
          await expect.poll(shown, { timeout: 10_000 }).toEqual(want);
        };

        // The default view: the shipments still moving, soonest ETA first, one click from all of them.
        await expect.poll(() => page.getByRole('radio', { name: 'Still moving' }).getAttribute('aria-checked')).toBe('true');
        const moving = (await demo.value<ShipmentListPage>('shipments.list', { moving: true, offset: 0, limit: 1 })).total;
        await expect.poll(() => page.locator('.count').innerText()).toBe(`${moving} shipments`);
        expect(moving).toBeLessThan(DEMO_SHIPMENTS);
        await sortedAs([{ column: 'eta', direction: 'asc' }]);

        // A click sorts by POD A–Z, again Z–A; Shift+click sorts the ties by ETA.
        await heading('POD').getByRole('button').click();
        await sortedAs([{ column: 'pod', direction: 'asc' }]);
        expect(await heading('POD').getAttribute('aria-sort')).toBe('ascending');
        await heading('POD').getByRole('button').click();
        await sortedAs([{ column: 'pod', direction: 'desc' }]);
        expect(await heading('POD').getAttribute('aria-sort')).toBe('descending');
        await heading('ETA').getByRole('button').click({ modifiers: ['Shift'] });
        await sortedAs([{ column: 'pod', direction: 'desc' }, { column: 'eta', direction: 'asc' }]);
        await expect.poll(() => page.locator('.sort-info').innerText()).toBe('Sorted by POD (Z–A), then by ETA (earliest first)');
        await screenshot(page, 'grid-sorted-two-keys');

        // Hide Carrier from the Columns list, widen POD by its edge, move Customer before the status.
        await page.getByRole('button', { name: 'Columns', exact: true }).click();
        await page.getByRole('group', { name: 'Columns of the table' }).getByRole('checkbox', { name: 'Carrier', exact: true }).uncheck();
        await page.keyboard.press('Escape');
        await expect.poll(headings).not.toContain('Carrier');
        const pod = heading('POD');
        const before = (await pod.boundingBox())!;
        const edge = (await pod.locator('.col-resize').boundingBox())!;
        await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
        await page.mouse.down();
        await page.mouse.move(edge.x + edge.width / 2 + 40, edge.y + edge.height / 2, { steps: 4 });
        await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 4 });
        await page.mouse.up();
        await expect.poll(async () => Math.round((await pod.boundingBox())!.width - before.width)).toBe(80);
        await heading('Customer').dragTo(heading('Shipment status'), { targetPosition: { x: 4, y: 10 } });
        await expect.poll(async () => (await headings()).slice(0, 3)).toEqual(['Reference', 'Customer', 'Shipment status']);
        const widthBefore = Math.round((await pod.boundingBox())!.width);
        const order = await headings();

        // Kept for the view: after a reload the table is as the person left it.
        await page.waitForTimeout(800);
        await page.reload({ waitUntil: 'load' });
        await page.locator('[role="row"][data-id]').first().waitFor({ state: 'visible', timeout: 20_000 });
        await expect.poll(headings, { timeout: 10_000 }).toEqual(order);
        expect(Math.round((await heading('POD').boundingBox())!.width)).toBe(widthBefore);
        await sortedAs([{ column: 'pod', direction: 'desc' }, { column: 'eta', direction: 'asc' }]);
        // All shipments keep a layout of their own.
        await page.getByRole('radio', { name: 'All shipments' }).click();
        await expect.poll(() => page.locator('.count').innerText()).toBe(`${DEMO_SHIPMENTS} shipments`);
        await expect.poll(headings).toContain('Carrier');
        await page.getByRole('radio', { name: 'Still moving' }).click();
        await expect.poll(headings).toEqual(order);

        // Grouped by customer: a heading per customer with its count, as the engine counts them; a click folds one.
        await page.getByLabel('Group by').selectOption('customer');
        const groups = await demo.value<{ key: string | null; label: string; count: number }[]>('shipments.groups', { moving: true, groupBy: 'customer' });
        const groupLines = grid.locator('.row-group');
        await expect.poll(() => groupLines.first().innerText()).toContain(groups[0]!.label);
        expect(await groupLines.first().innerText()).toContain(`${groups[0]!.count} shipment`);
        const firstGroupRows = async () => grid.locator('.grid-body [role="row"][data-id]').filter({ has: page.locator('.c-customer', { hasText: groups[0]!.label }) }).count();
        expect(await firstGroupRows()).toBeGreaterThan(0);
        await screenshot(page, 'grid-grouped-by-customer');
        await groupLines.first().getByRole('button').click();
        await expect.poll(() => groupLines.first().getByRole('button').getAttribute('aria-expanded')).toBe('false');
        await expect.poll(firstGroupRows).toBe(0);
        await page.getByLabel('Group by').selectOption('');

        // Ctrl+1…9 open the views in the navigation's order.
        await grid.focus();
        const names = (await page.getByRole('navigation', { name: 'Main' }).locator('.nav-label').allInnerTexts()).map((t) => t.trim());
        for (const [i, name] of names.slice(0, 9).entries()) {
          await page.keyboard.press(`Control+${i + 1}`);
          await expect.poll(() => currentView(page)).toBe(name);
        }
        await page.keyboard.press('Control+1');
        await expect.poll(() => currentView(page)).toBe('Shipments');
        expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 150_000);

    it('Settings say where the sample key lives and refresh the sample cache on request', async () => {
      const browser = await launchBrowser();
      try {
        const { page, errors } = browser;
        await page.goto(harness.pageUrl, { waitUntil: 'load' });
        await page.getByRole('note', { name: 'Sample data' }).getByRole('button', { name: 'Settings' }).click();
        const keySection = page.getByRole('region', { name: 'API key' });
        await expect.poll(() => keySection.innerText(), { timeout: 10_000 }).toMatch(/held in memory only/);
        expect(await keySection.innerText()).not.toMatch(/system keychain/);
        // The sample's key cannot be replaced by a real one here: the person's own key is kept apart.
        expect(await keySection.getByRole('button', { name: 'Save key' }).count()).toBe(0);

        const refresh = page.getByRole('region', { name: 'Background refresh' });
        expect(await refresh.getByLabel('Refresh every (minutes)').inputValue()).toBe('15');
        await refresh.getByRole('button', { name: 'Refresh now' }).click();
        await expect.poll(() => refresh.innerText(), { timeout: 20_000 }).toMatch(/Last refreshed just now\. Next at \d\d:\d\d\./);
        await refresh.scrollIntoViewIfNeeded();
        await screenshot(page, 'settings-refresh-demo');
        // The Performance view's settings, as the sample data's past is measured: ±1 day, 10 shipments.
        const performance = page.getByRole('region', { name: 'Carrier performance' });
        await expect.poll(() => performance.getByLabel('A likely arrival needs at least this many past shipments').inputValue()).toBe('10');
        expect(await performance.getByLabel('On time within ± days of the first ETA').inputValue()).toBe('1');
        expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 90_000);
  });
});
