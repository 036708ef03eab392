/**
 * The layout at half a 1920 px screen (960 × 800) and at 1440 × 900, light and dark, on the demo's
 * sample data (issue 24): nothing in the header, the table's toolbar or the detail runs off to the
 * right or scrolls sideways, and the table's ETA and free-time cells, the detail's dates and the
 * map's side list show whole dates (never "2026-12-" above "23", never a cut time).
 * Screenshots: layout-<width>-<theme>-<view> for every view, and the table with the detail open.
 * The Customers view's preview and opened updates have checks of their own: customers-layout.test.ts.
 */
import type { Page } from 'playwright-core';
import type { ShipmentFacets } from '../../src/shared/contract/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/harness/server.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium, type LaunchedBrowser } from './support/index.js';

const SIZES = [
  { width: 960, height: 800 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
const VIEWS = ['Shipments', 'Attention', 'Import', 'Watchlists', 'Map', 'Changes', 'Webhooks', 'Customers', 'Settings'] as const;

/** The page's DOM as these checks use it (the test tsconfig has no DOM types; the code runs in the page). */
declare const document: { querySelectorAll(s: string): ArrayLike<El>; createRange(): Rng; documentElement: El };
declare const window: { innerWidth: number; getComputedStyle(e: El): { opacity: string; visibility: string; display: string; overflowX: string } };
interface Rect {
  left: number;
  right: number;
  width: number;
}
interface El {
  scrollWidth: number;
  clientWidth: number;
  className: string;
  textContent: string | null;
  parentElement: El | null;
  childNodes: ArrayLike<Nd>;
  getBoundingClientRect(): Rect;
  querySelectorAll(s: string): ArrayLike<El>;
}
interface Nd {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<Nd>;
}
interface Rng {
  setStart(n: Nd, o: number): void;
  setEnd(n: Nd, o: number): void;
  getClientRects(): ArrayLike<Rect>;
}

/**
 * What runs off: for each region (a CSS selector), an element inside it that is visible and reaches
 * past the window's right edge or starts left of it, or the region itself scrolling sideways.
 */
function overflowIn(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((sels) => {
    const problems: string[] = [];
    const visible = (e: El): boolean => {
      for (let n: El | null = e; n; n = n.parentElement) {
        const s = window.getComputedStyle(n);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return false;
      }
      return e.getBoundingClientRect().width > 0;
    };
    // What a sideways scroller of its own holds (the table's columns) is reached by scrolling it.
    const inScroller = (e: El, region: El): boolean => {
      for (let n = e.parentElement; n && n !== region; n = n.parentElement) {
        const x = window.getComputedStyle(n).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    for (const sel of sels) {
      for (const region of Array.from(document.querySelectorAll(sel))) {
        if (!visible(region)) continue;
        const style = window.getComputedStyle(region);
        if (style.overflowX !== 'visible' && region.scrollWidth > region.clientWidth + 1) {
          problems.push(`${sel} scrolls sideways (${region.scrollWidth} > ${region.clientWidth})`);
        }
        for (const e of [region, ...Array.from(region.querySelectorAll('*'))]) {
          if (!visible(e) || inScroller(e, region)) continue;
          const r = e.getBoundingClientRect();
          if (r.right > window.innerWidth + 1 || r.left < -1) {
            problems.push(`${sel}: .${String(e.className).split(' ')[0]} "${(e.textContent ?? '').trim().slice(0, 30)}" spans ${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth}`);
          }
        }
      }
    }
    return problems;
  }, selectors);
}

/**
 * Dates in these cells that are not shown whole: each YYYY-MM-DD (with its hh:mm when there is one)
 * must sit on one line and inside its cell's visible box. Answers the problems and how many dates were seen.
 */
function brokenDates(page: Page, selector: string): Promise<{ seen: number; problems: string[] }> {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    let seen = 0;
    const DATE = /\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?/g;
    for (const cell of Array.from(document.querySelectorAll(sel))) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      const walk = (n: Nd) => {
        if (n.nodeType === 3) {
          const text = n.textContent ?? '';
          for (const m of text.matchAll(DATE)) {
            seen++;
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
            const lines = new Set(rects.map((r) => Math.round((r as unknown as { top: number }).top)));
            const right = Math.max(...rects.map((r) => r.right));
            if (lines.size !== 1) problems.push(`"${m[0]}" in ${sel} breaks over ${lines.size} lines`);
            else if (right > box.right + 1) problems.push(`"${m[0]}" in ${sel} is cut (ends at ${Math.round(right)}, the cell at ${Math.round(box.right)})`);
          }
        }
        for (const c of Array.from(n.childNodes)) walk(c);
      };
      walk(cell as unknown as Nd);
    }
    return { seen, problems };
  }, selector);
}

describe.skipIf(skipWithoutChromium())('layout from half a screen to 1440 px, light and dark', () => {
  let demo: DemoHarness;
  let harness: Harness;
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    demo = await startDemoHarness('layout');
    harness = demo.harness;
    // Free days for every carrier, so arrived shipments have a last free day (the clocks to check).
    const facets = await harness.engine.call('shipments.facets');
    if (!facets.ok) throw new Error(facets.error.message);
    const { carriers } = facets.value as ShipmentFacets;
    const scacs = [...new Set(carriers.map((c) => c.scac).filter((s): s is string => Boolean(s)))];
    const set = await harness.engine.call('attention.updateFreeDays', { carriers: Object.fromEntries(scacs.map((s) => [s, 4])) });
    if (!set.ok) throw new Error(set.error.message);
    browser = await launchBrowser();
    page = browser.page;
    page.setDefaultTimeout(10_000);
    await page.goto(harness.pageUrl, { waitUntil: 'load' });
    await page.locator('[role="row"][data-id]').first().waitFor({ state: 'visible', timeout: 20_000 });
    // Soonest free time first: the rows with a clock, the ones a coordinator opens at 960 px.
    await page.getByRole('button', { name: /^Free time/ }).click();
    await page.getByText(/Sorted by free time/).waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const view = (name: string) => page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${name}`) });

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`${size.width} × ${size.height}, ${theme}: nothing runs off, dates are whole`, async () => {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
        const tag = `layout-${size.width}-${theme}`;
        const problems: string[] = [];

        for (const name of VIEWS) {
          await view(name).click();
          await expect.poll(() => view(name).getAttribute('aria-current')).toBe('page');
          if (name === 'Map') {
            await page.locator('.map-shipment').first().waitFor({ timeout: 30_000 });
            const map = await brokenDates(page, '.map-shipment');
            expect(map.seen, 'dates in the map side list').toBeGreaterThan(0);
            problems.push(...map.problems);
          }
          if (name === 'Shipments') {
            await page.locator('[role="row"][data-id]').first().waitFor();
            problems.push(...(await overflowIn(page, ['.workspace-main > .toolbar', '.summary-bar'])));
            // The rows' values come with their page (a busy machine may show a row before its dates).
            await expect.poll(async () => (await brokenDates(page, '.grid-body .c-eta')).seen, { message: 'ETAs in the table', timeout: 10_000 }).toBeGreaterThan(0);
            await expect.poll(async () => (await brokenDates(page, '.grid-body .c-clock')).seen, { message: 'free-time dates in the table', timeout: 10_000 }).toBeGreaterThan(0);
            const eta = await brokenDates(page, '.grid-body .c-eta');
            const clock = await brokenDates(page, '.grid-body .c-clock');
            problems.push(...eta.problems, ...clock.problems);
          }
          await page.mouse.move(0, size.height - 1);
          problems.push(...(await overflowIn(page, ['.topbar'])).map((p) => `${name}: ${p}`));
          problems.push(...(await overflowIn(page, ['.main'])).map((p) => `${name}: ${p}`));
          await screenshot(page, `${tag}-${name.toLowerCase()}`);
        }

        // The table with the detail open, on a shipment over its free time (the longest clock).
        await view('Shipments').click();
        const over = page.locator('[role="row"][data-id]').filter({ has: page.locator('.free-time-over') }).first();
        await over.waitFor();
        await over.dblclick();
        const detail = page.getByRole('region', { name: 'Shipment detail' });
        await detail.getByRole('heading', { level: 2 }).waitFor();
        await expect.poll(() => detail.getAttribute('aria-busy')).toBe('false');
        problems.push(...(await overflowIn(page, ['.topbar', '.workspace-main > .toolbar', '.summary-bar', '.detail', '.detail-body'])).map((p) => `detail: ${p}`));
        const inDetail = await brokenDates(page, '.detail .free-time, .detail .eta-date, .detail .facts dd');
        expect(inDetail.seen, 'dates in the detail').toBeGreaterThan(0);
        problems.push(...inDetail.problems);
        const eta = await brokenDates(page, '.grid-body .c-eta');
        const clock = await brokenDates(page, '.grid-body .c-clock');
        problems.push(...eta.problems.map((p) => `with the detail open: ${p}`), ...clock.problems.map((p) => `with the detail open: ${p}`));
        // Rows stay in view beside the detail (not six rows under a toolbar of seven lines).
        expect(await page.locator('[role="row"][data-id]').count()).toBeGreaterThanOrEqual(10);
        await screenshot(page, `${tag}-detail`);

        // A name shown on keyboard focus stays inside the window.
        await view('Settings').focus();
        problems.push(...(await overflowIn(page, ['.topbar'])).map((p) => `focused: ${p}`));
        // Escape closes the detail, so the next size starts on the table alone.
        await page.keyboard.press('Escape');
        await detail.waitFor({ state: 'detached' });

        expect(problems).toEqual([]);
        expect(browser.errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      }, 90_000);
    }
  }
});
