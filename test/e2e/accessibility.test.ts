/**
 * Axe-core finds no WCAG 2.1 A or AA violation in any view of the window, in the
 * light theme and in the dark one. Real simulator, real cache, the web harness, Chromium; each
 * view is checked once its content has come, with a screenshot of each (test/e2e/screenshots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type AxeFinding } from './support/axe.js';
import { buildRenderer, screenshot, skipWithoutChromium, startStack, type LaunchedBrowser, type Stack } from './support/index.js';
import { openWindow, pageErrors } from './support/workspace.js';

/** Each view by its navigation label, and what shows once it has its content (its main heading, or the table). */
const READY: Record<string, { role: 'heading' | 'grid'; name: RegExp }> = {
  Shipments: { role: 'grid', name: /^Shipments$/ },
  Attention: { role: 'heading', name: /attention/i },
  Import: { role: 'heading', name: /import/i },
  Watchlists: { role: 'heading', name: /watchlists/i },
  Customers: { role: 'heading', name: /^customers$/i },
  Map: { role: 'heading', name: /map/i },
  Changes: { role: 'heading', name: /changes/i },
  Webhooks: { role: 'heading', name: /webhooks/i },
  Performance: { role: 'heading', name: /carrier performance/i },
  Settings: { role: 'heading', name: /^settings$/i },
};
const VIEWS = Object.keys(READY);

describe.skipIf(skipWithoutChromium())('accessibility: axe-core, WCAG 2.1 A and AA, every view, light and dark', () => {
  let stack: Stack;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 30, credits: 500, sync: true });
    browser = await openWindow(stack);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** Runs axe on the page as it is now; keeps a screenshot. */
  async function judge(name: string, theme: string): Promise<AxeFinding[]> {
    const { page } = browser;
    // Let what the view asks for on opening come in (lists, counts) before it is judged.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(300);
    await screenshot(page, `axe-${theme}-${name}`);
    const violations = await axeViolations(page);
    console.log(`[measure] axe ${theme} ${name}: ${violations.length} violations${violations.length ? ` (${violations.map((v) => v.rule).join(', ')})` : ''}`);
    return violations;
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: 0 violations in each of the ${VIEWS.length} views, the shipment detail and the shortcuts dialog`, async () => {
      const { page } = browser;
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
        await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
        await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      }
      // Every view the navigation offers is checked: a new one without an entry here fails.
      const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
      // The label is the first word; a badge ("6 shipments need attention") may follow it.
      const labels = (await nav.allInnerTexts()).map((text) => text.trim().split(/\s/)[0]);
      expect(labels).toEqual(VIEWS);
      const found: Record<string, AxeFinding[]> = {};
      for (const label of VIEWS) {
        await nav.filter({ hasText: new RegExp(`^${label}`) }).click();
        const ready = READY[label]!;
        await page.getByRole('main').getByRole(ready.role, { name: ready.name }).first().waitFor({ state: 'visible', timeout: 15_000 });
        // The map is judged drawn, with its controls, not while it loads.
        if (label === 'Map') await page.locator('.map-canvas[data-ready="true"]').waitFor({ timeout: 30_000 });
        const violations = await judge(label.toLowerCase(), theme);
        if (violations.length > 0) found[label] = violations;
      }

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Shipments/ }).click();
      await page.getByRole('grid', { name: 'Shipments' }).getByRole('row').nth(1).dblclick();
      await page.getByRole('region', { name: 'Shipment detail' }).getByRole('heading', { level: 2 }).waitFor();
      const detail = await judge('shipment-detail', theme);
      if (detail.length > 0) found['shipment detail'] = detail;
      await page.keyboard.press('Escape');
      await page.getByRole('region', { name: 'Shipment detail' }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await page.getByRole('dialog').waitFor();
      const help = await judge('shortcuts-dialog', theme);
      if (help.length > 0) found['shortcuts dialog'] = help;
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      expect(found).toEqual({});
      expect(pageErrors(browser)).toEqual([]);
    }, 180_000);
  }
});
