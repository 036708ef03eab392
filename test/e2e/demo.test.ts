/**
 * Demo mode in the web harness (`npm run harness -- --demo`): the simulator in-process with a
 * few hundred shipments, the cache in <data folder>/demo, and the window clearly marked as demo.
 * Screenshots: demo-table, demo-detail (and demo-detail-dark).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/harness/server.js';
import { DEMO_SHIPMENTS } from '../../src/sim/demo-backend.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium } from './support/index.js';

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
