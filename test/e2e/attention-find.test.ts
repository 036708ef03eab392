/**
 * Find and act in the Attention view, in Chromium against the harness on sample data:
 * the customers of the sample's shipments written into the customer column as an import would (a
 * second writer on the cache, as the CLI is); similar cards grouped with the rest folded; filters
 * by reason (by keyboard) and customer narrow the cards; several chosen with "select all shown" and
 * marked told with one comment; Undo takes the batch back. Nothing runs off sideways at 960 px.
 * Screenshots: attention-find-grouped, attention-find-<width>-<theme> (filters and a selection),
 * attention-find-done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionPage } from '../../src/shared/contract/index.js';
import { openData } from '../../src/core/data/index.js';
import { cacheFile } from '../../src/core/platform/paths.js';
import type { Harness } from '../../src/harness/server.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium } from './support/index.js';

/** The page's DOM as these checks use it (the test tsconfig has no DOM types; the code runs in the page). */
declare const document: { documentElement: { scrollWidth: number }; querySelector(s: string): { scrollWidth: number; clientWidth: number } | null };
declare const window: { innerWidth: number };

const CUSTOMERS = ['Nordhafen Textiles', 'Atlas Home', 'Maison Rivière'];

describe.skipIf(skipWithoutChromium())('finding and acting in the Attention view in Chromium', () => {
  let demo: DemoHarness;
  let harness: Harness;
  const value = <T,>(method: string, input?: unknown): Promise<T> => demo.value<T>(method, input);

  beforeAll(async () => {
    demo = await startDemoHarness('attention-find');
    harness = demo.harness;
    // The customer of the sample customer's list the shipment is on (every fourth left without one).
    const page = await value<AttentionPage>('attention.list', { limit: 2000 });
    const customerOf = (lists: readonly { name: string }[], i: number) => CUSTOMERS.find((c) => lists.some((w) => w.name.startsWith(c))) ?? CUSTOMERS[i % 3]!;
    const store = openData(cacheFile(harness.dataDir));
    try {
      store.write((tx) => page.items.forEach((item, i) => i % 4 !== 3 && tx.fields.set(item.id, { customer: customerOf(item.watchlists ?? [], i) })));
    } finally {
      store.close();
    }
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('groups similar cards, narrows by reason and customer, and marks a chosen few told with one comment and Undo', async () => {
    const before = await value<AttentionPage>('attention.list', { limit: 2000 });
    const stuckCount = before.facets!.kinds.stuck!;
    expect(stuckCount).toBeGreaterThan(4);
    expect(before.facets!.customers.map((c) => c.name).sort()).toEqual([...CUSTOMERS].sort());
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.setViewportSize({ width: 960, height: 800 });
      await page.goto(harness.pageUrl, { waitUntil: 'load' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Attention/ }).click();
      const cards = page.getByTestId('attention-card');
      await cards.first().waitFor({ timeout: 20_000 });

      // The stuck ones are one group, its worst three shown; the worst shipment still leads.
      const stuck = page.getByRole('region', { name: /^Stuck/ });
      expect(await stuck.getByTestId('attention-card').count()).toBe(3);
      await stuck.getByRole('button', { name: `Show ${stuckCount - 3} more Stuck` }).waitFor();
      expect(await cards.first().locator('.attention-reference').innerText()).toBe(before.items[0]!.reference);
      expect(await cards.count()).toBeLessThan(before.items.length);
      await screenshot(page, 'attention-find-grouped');
      // The customer on the card, as the column says.
      const named = before.items.find((i) => i.customer)!;
      expect(await page.locator(`[data-testid="attention-card"][data-id="${named.id}"] .attention-customer`).innerText()).toBe(named.customer!);

      // The reason by keyboard: every stuck shipment, none folded.
      const chip = page.getByRole('button', { name: `Stuck ${stuckCount}`, exact: true });
      await chip.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(stuckCount);
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      // Only that reason: one group, headed Stuck, and on each card the stuck reason alone (the others named).
      expect(await page.getByTestId('attention-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-kind')))).toEqual(['stuck']);
      expect(new Set(await page.locator('[data-testid="attention-card"] .attention-reason').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))))).toEqual(new Set(['stuck']));
      const withMore = before.items.find((i) => i.reasons.some((r) => r.kind === 'stuck') && i.reasons.filter((r) => !r.acknowledged).length > 1);
      if (withMore) expect(await page.locator(`[data-testid="attention-card"][data-id="${withMore.id}"] .attention-also`).innerText()).toMatch(/^Also: /);
      // Then one customer: its stuck shipments only, as the engine counts them.
      const customer = page.getByRole('combobox', { name: /^Customer/ });
      const option = (await customer.locator('option').allTextContents()).find((t) => t.startsWith('Atlas Home'))!;
      const expected = Number(/\((\d+)\)$/.exec(option)![1]);
      await customer.selectOption('Atlas Home');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(expected);
      expect(new Set(await page.locator('[data-testid="attention-card"] .attention-customer').allInnerTexts())).toEqual(new Set(['Atlas Home']));

      // Choose them all, and look at it at both sizes in both themes.
      await page.getByLabel(`Select all shown (${expected})`).check();
      const bulk = page.getByRole('region', { name: 'Customer told for several shipments' });
      await bulk.getByText(`${expected} shipments chosen`).waitFor();
      await bulk.getByLabel('Comment for all (optional)').fill('told Atlas Home by mail, carrier investigating');
      for (const size of [{ width: 960, height: 800 }, { width: 1440, height: 900 }]) {
        for (const theme of ['light', 'dark'] as const) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme: theme });
          await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
          const sideways = await page.evaluate(() => {
            const view = document.querySelector('.attention-page')!;
            return { page: document.documentElement.scrollWidth - window.innerWidth, view: view.scrollWidth - view.clientWidth };
          });
          expect(sideways.page, `${size.width} ${theme}: the page scrolls sideways`).toBeLessThanOrEqual(0);
          expect(sideways.view, `${size.width} ${theme}: the view scrolls sideways`).toBeLessThanOrEqual(1);
          await screenshot(page, `attention-find-${size.width}-${theme}`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 960, height: 800 });

      await bulk.getByRole('button', { name: `Customer told: mark Stuck (${expected} reasons) handled` }).click();
      await bulk.getByRole('status').waitFor({ timeout: 10_000 });
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(0);
      const handled = await value<AttentionPage>('attention.list', { kinds: ['stuck'], customer: 'Atlas Home', includeAcknowledged: true, limit: 2000 });
      expect(handled.items).toHaveLength(expected);
      for (const item of handled.items) {
        expect(item.reasons.find((r) => r.kind === 'stuck')).toMatchObject({ acknowledged: true, acknowledgement: { comment: 'told Atlas Home by mail, carrier investigating' } });
      }
      await screenshot(page, 'attention-find-done');

      // Undo: the batch as one, every card back.
      await bulk.getByRole('button', { name: `Undo all ${expected}` }).click();
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(expected);
      expect((await value<AttentionPage>('attention.list', { limit: 2000 })).needAttention).toBe(before.needAttention);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => stuck.getByTestId('attention-card').count(), { timeout: 10_000 }).toBe(3);
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
