/**
 * The offline map in Chromium against the real stack: a synced cache whose shipments have
 * positions and routes (the simulator's route_info). Assertions read what MapLibre drew through
 * its own API (the instance is exposed only when the page sets window.__quaysideTest).
 */
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapView } from '../../src/shared/contract/index.js';
import { drawn, openMap, settled } from './map-page.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type LaunchedBrowser, type Stack } from './support/index.js';

/** The page's window as these tests use it (the test tsconfig has no DOM types; the code runs in the page). */
declare const window: { __quaysideTest?: boolean; __quaysideMap?: MapLibreMap };

describe('the offline map', () => {
  let stack: Stack;
  let view: MapView;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 60, credits: 500, sync: true });
    // What the map opens on: the table's view, the shipments still moving.
    const answer = await stack.call('map.view', { moving: true });
    if (!answer.ok) throw new Error(answer.error.message);
    view = answer.value;
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('has synced shipments with positions to show', () => {
    expect(view.shipments.length).toBeGreaterThan(10);
    expect(view.ports.length).toBeGreaterThan(0);
  });

  describe.skipIf(skipWithoutChromium())('in Chromium', () => {
    let browser: LaunchedBrowser;

    beforeAll(async () => {
      browser = await launchBrowser();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('draws the land without smears, every position (clustered) and the ports', async () => {
      const { page, errors } = browser;
      const ms = await openMap(page, stack.url);
      console.log(`Map view: ${ms} ms from the click on Map to a fully drawn map (MapLibre, worker and basemap loaded on first use).`);
      const d = await drawn(page);
      expect(d.landFeatures).toBeGreaterThan(100);
      expect(d.landInOpenSea).toEqual([]);
      expect(d.landAt.russia).toContain('Russia');
      expect(d.landAt.chukotka).toContain('Russia');
      expect(d.landAt.antarctica).toContain('Antarctica');
      expect(d.positions).toBe(view.shipments.length);
      expect(d.clusters).toBeGreaterThan(0);
      expect(d.ports).toBeGreaterThan(0);
      const summary = page.getByRole('complementary', { name: 'What the map shows' });
      await expect.poll(() => summary.innerText()).toContain(`${view.shipments.length} shipments with a position`);
      expect(await page.locator('.maplibregl-canvas').getAttribute('aria-label')).toContain(`${view.shipments.length} shipments`);
      await screenshot(page, 'map-world');
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    }, 90_000);

    it('zooms into a cluster when it is clicked; labels the ports closer in', async () => {
      const { page } = browser;
      const before = await page.evaluate(() => window.__quaysideMap!.getZoom());
      const target = await page.evaluate(() => {
        const map = window.__quaysideMap!;
        const cluster = map.queryRenderedFeatures(undefined, { layers: ['clusters'] })[0]!;
        const at = map.project((cluster.geometry as Point).coordinates as [number, number]);
        return { x: at.x, y: at.y };
      });
      const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
      await page.mouse.click(box.x + target.x, box.y + target.y);
      await expect.poll(() => page.evaluate(() => window.__quaysideMap!.getZoom()), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
      await settled(page);
      // Closer in, the ports carry labels with the number due (North Europe has several in the seed).
      await page.evaluate(() => window.__quaysideMap!.jumpTo({ center: [5, 52], zoom: 4 }));
      await settled(page);
      const labels = await page.evaluate(() => window.__quaysideMap!.queryRenderedFeatures(undefined, { layers: ['port-labels'] }).map((f) => String(f.properties['label'])));
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.every((l) => / · \d+$/.test(l))).toBe(true);
      await screenshot(page, 'map-region');
      await page.getByRole('button', { name: 'Show all shipments' }).click();
      await expect.poll(() => page.evaluate(() => window.__quaysideMap!.getZoom()), { timeout: 10_000 }).toBeLessThan(before + 0.5);
      await settled(page);
    }, 60_000);

    it('follows the table filters: a carrier shows only its shipments', async () => {
      const { page } = browser;
      const facets = await stack.call('shipments.facets');
      if (!facets.ok) throw new Error(facets.error.message);
      const carrier = facets.value.carriers.find((c) => c.scac && c.count < view.shipments.length)!;
      const narrowed = await stack.call('map.view', { carrier: carrier.scac!, moving: true });
      if (!narrowed.ok) throw new Error(narrowed.error.message);
      expect(narrowed.value.shipments.length).toBeLessThan(view.shipments.length);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Carrier').selectOption(carrier.scac!);
      const summary = page.getByRole('complementary', { name: 'What the map shows' });
      const count = narrowed.value.shipments.length;
      await expect.poll(() => summary.innerText(), { timeout: 10_000 }).toContain(`${count} ${count === 1 ? 'shipment' : 'shipments'} with a position`);
      await settled(page);
      await expect.poll(async () => (await drawn(page)).positions, { timeout: 10_000 }).toBe(count);
      await page.getByRole('button', { name: /^Clear filters/ }).click();
      await expect.poll(async () => (await drawn(page)).positions, { timeout: 10_000 }).toBe(view.shipments.length);
    }, 60_000);

    it('opens the shipment detail when its point is clicked', async () => {
      const { page } = browser;
      const target = view.shipments[0]!;
      await page.evaluate(([lng, lat]) => window.__quaysideMap!.jumpTo({ center: [lng!, lat!], zoom: 9 }), [target.lng, target.lat]);
      await settled(page);
      const hit = await page.evaluate(([lng, lat]) => {
        const map = window.__quaysideMap!;
        const at = map.project([lng!, lat!]);
        const top = map.queryRenderedFeatures(at, { layers: ['positions'] })[0];
        return { x: at.x, y: at.y, reference: top ? String(top.properties['reference']) : null };
      }, [target.lng, target.lat]);
      expect(hit.reference).not.toBeNull();
      // This close, the 1:50m countries have taken over from the 1:110m ones.
      const basemap = () =>
        page.evaluate(async () => {
          const map = window.__quaysideMap!;
          const data = (await map.getSource<GeoJSONSource>('countries-detail')!.getData()) as FeatureCollection;
          return { countries: data.features.length, coarseUpTo: map.getLayer('land')!.maxzoom };
        });
      await expect.poll(basemap, { timeout: 15_000 }).toEqual({ countries: expect.any(Number), coarseUpTo: 3 });
      expect((await basemap()).countries).toBeGreaterThan(200);
      const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
      await page.mouse.move(box.x + hit.x, box.y + hit.y);
      await expect.poll(() => page.locator('.map-hover').innerText(), { timeout: 10_000 }).toContain(hit.reference!);
      await screenshot(page, 'map-hover');
      await page.mouse.click(box.x + hit.x, box.y + hit.y);
      const detail = page.getByRole('region', { name: 'Shipment detail' });
      await expect.poll(() => detail.getByRole('heading', { level: 2 }).innerText(), { timeout: 10_000 }).toBe(hit.reference);
    }, 60_000);

    it('draws the route of the open shipment as the core gives it, [lng, lat] and unwrapped', async () => {
      const { page } = browser;
      let withRoute: { id: number; reference: string; segments: number[][][] } | null = null;
      for (const s of view.shipments) {
        const answer = await stack.call('map.route', s.id);
        if (answer.ok && answer.value && answer.value.segments.length > 0) {
          withRoute = { id: s.id, reference: s.reference, segments: answer.value.segments };
          break;
        }
      }
      expect(withRoute, 'a synced shipment has a route').not.toBeNull();
      await page.getByRole('button', { name: new RegExp(`^${withRoute!.reference}`) }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Shipment detail' }).getByRole('heading', { level: 2 }).innerText()).toBe(withRoute!.reference);
      const routeData = () =>
        page.evaluate(async () => {
          const source = window.__quaysideMap!.getSource<GeoJSONSource>('route')!;
          const data = (await source.getData()) as FeatureCollection;
          const line = data.features.find((f) => f.properties?.['kind'] === 'line');
          return line?.geometry.type === 'MultiLineString' ? line.geometry.coordinates : null;
        });
      await expect.poll(routeData, { timeout: 10_000 }).toEqual(withRoute!.segments);
      await settled(page);
      await expect.poll(async () => (await drawn(page)).routeLines, { timeout: 10_000 }).toBeGreaterThan(0);
      // Every drawn point of the route lies inside the camera's view (the map moved onto it).
      const inside = await page.evaluate((segments) => {
        const map = window.__quaysideMap!;
        const canvas = map.getCanvas();
        const width = canvas.clientWidth;
        const height = canvas.clientHeight;
        return segments.flat().every(([lng, lat]) => {
          const p = map.project([lng!, lat!]);
          return p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height;
        });
      }, withRoute!.segments);
      expect(inside).toBe(true);
      await expect.poll(() => page.getByRole('complementary', { name: 'What the map shows' }).innerText()).toContain(`Route of ${withRoute!.reference}`);
      await screenshot(page, 'map-route');
    }, 60_000);

    it('recolours land and water when the theme changes', async () => {
      const { page } = browser;
      const water = () => page.evaluate(() => String(window.__quaysideMap!.getPaintProperty('water', 'background-color')));
      const light = await water();
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect.poll(water, { timeout: 5_000 }).not.toBe(light);
      await settled(page);
      await screenshot(page, 'map-dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect.poll(water, { timeout: 5_000 }).toBe(light);
      expect(browser.errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      // MapLibre, its worker and the basemap run under the window's strict CSP (no eval, no remote origin).
      expect(browser.errors.filter((e) => /Content Security Policy|unsafe-eval/i.test(e))).toEqual([]);
    }, 60_000);
  });
});
