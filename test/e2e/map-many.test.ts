/**
 * The offline map with thousands of shipments in the cache: every position is still counted,
 * in clusters few enough to read. Prints how long map.view and the first draw take.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawn, openMap } from './map-page.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type Stack } from './support/index.js';

describe('the offline map with many shipments', () => {
  const COUNT = 5000;
  let stack: Stack;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 0, cached: { count: COUNT, routes: true } });
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe.skipIf(skipWithoutChromium())('in Chromium', () => {
    it('clusters thousands of positions into a readable world map', async () => {
      const started = performance.now();
      const answer = await stack.call('map.view', {});
      const viewMs = performance.now() - started;
      if (!answer.ok) throw new Error(answer.error.message);
      const withPosition = answer.value.shipments.length;
      expect(withPosition).toBeGreaterThan(COUNT / 2);
      const browser = await launchBrowser();
      try {
        const { page } = browser;
        // Every cached shipment: the harness's service knows none of them (its first refresh marks them
        // removed), so none is still moving.
        const ms = await openMap(page, stack.url, 'all');
        console.log(`Map of ${withPosition} positions (${COUNT} shipments): map.view answered in ${Math.round(viewMs)} ms over HTTP; ${ms} ms from the click on Map to a fully drawn map.`);
        const d = await drawn(page);
        expect(d.positions).toBe(withPosition);
        // Clustered: far fewer marks than shipments, each with its count.
        expect(d.clusters).toBeGreaterThan(5);
        expect(d.clusters).toBeLessThan(200);
        const summary = page.getByRole('complementary', { name: 'What the map shows' });
        await expect.poll(() => summary.innerText()).toContain('more shipments: narrow the filters to list them');
        await screenshot(page, 'map-many');
        expect(browser.errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 120_000);
  });
});
