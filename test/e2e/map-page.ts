/**
 * Reading the Map view in Chromium for the map tests: the MapLibre instance the page exposes
 * when window.__quaysideTest is set, what it draws, and when it has finished drawing.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Page } from 'playwright-core';

/** The page's window as these tests use it (the test tsconfig has no DOM types; the code runs in the page). */
declare const window: { __quaysideTest?: boolean; __quaysideMap?: MapLibreMap };

/** What the map draws now: unique positions (clusters counted by their size), ports, route lines. */
export interface Drawn {
  positions: number;
  clusters: number;
  ports: number;
  routeLines: number;
  landFeatures: number;
  landInOpenSea: string[];
  landAt: Record<'russia' | 'chukotka' | 'antarctica', string[]>;
}

export async function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const map = window.__quaysideMap;
    if (!map) throw new Error('no map instance');
    const rendered = map.queryRenderedFeatures(undefined, { layers: ['clusters', 'positions'] });
    const clusters = new Map<number, number>();
    const single = new Set<number>();
    for (const f of rendered) {
      if (f.properties['cluster']) clusters.set(Number(f.properties['cluster_id']), Number(f.properties['point_count']));
      else single.add(Number(f.properties['id']));
    }
    const landAt = (lng: number, lat: number) => map.queryRenderedFeatures(map.project([lng, lat]), { layers: ['land'] }).map((f) => String(f.properties['name']));
    return {
      positions: [...clusters.values()].reduce((a, b) => a + b, 0) + single.size,
      clusters: clusters.size,
      ports: new Set(map.queryRenderedFeatures(undefined, { layers: ['ports'] }).map((f) => String(f.properties['name']))).size,
      routeLines: map.queryRenderedFeatures(undefined, { layers: ['route-line'] }).length,
      landFeatures: map.querySourceFeatures('countries').length,
      // Open sea where a ring cut at ±180° would smear: the North Atlantic (Russia) and the South Pacific (Fiji).
      landInOpenSea: [...landAt(-35, 50), ...landAt(-120, -17.5), ...landAt(-150, -40)],
      landAt: { russia: landAt(100, 62), chukotka: landAt(175, 66), antarctica: landAt(0, -78) },
    };
  });
}

/** Resolves once MapLibre has nothing left to load or draw. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__quaysideMap?.loaded() === true && window.__quaysideMap.areTilesLoaded(), undefined, { timeout: 20_000, polling: 200 });
  await page.evaluate(() => new Promise<void>((resolve) => (window.__quaysideMap!.isMoving() ? window.__quaysideMap!.once('idle', () => resolve()) : resolve())));
}

/**
 * Opens the Map view; answers the milliseconds from the click on "Map" to a fully drawn map. The
 * map follows the table's view: "all" chooses All shipments first (the table opens on those still moving).
 */
export async function openMap(page: Page, url: string, view: 'moving' | 'all' = 'moving'): Promise<number> {
  await page.addInitScript(() => (window.__quaysideTest = true));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url, { waitUntil: 'load' });
  if (view === 'all') await page.getByRole('radio', { name: 'All shipments' }).click();
  const started = Date.now();
  await page.getByRole('button', { name: 'Map' }).click();
  await page.locator('.map-canvas[data-ready="true"]').waitFor({ timeout: 30_000 });
  await settled(page);
  return Date.now() - started;
}
