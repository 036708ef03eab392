/**
 * The layout at half a 1920 px screen (960 × 800) and at 1440 × 900, light and dark, on the demo's
 * sample data: nothing in the header, the table's toolbar or the detail runs off to the right or
 * scrolls sideways; the table's ETA and free-time cells, the detail's dates and the map's side list
 * show whole dates (never "2026-12-" above "23", never a cut time); at 960 px the reference,
 * status, POD and ETA columns are in view, the detail open or not; no chart's axis title overlaps
 * its ticks or is cut at the chart's edge. Then every date on the table, the detail, the import
 * report, Attention and the charts is written the one way chosen in Settings, and no other.
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
const VIEWS = ['Shipments', 'Attention', 'Import', 'Watchlists', 'Customers', 'Map', 'Changes', 'Webhooks', 'Performance', 'Settings'] as const;
/** A date as any of the ways of writing them writes it, with its time when it has one. */
const ANY_DATE = String.raw`\d{1,4}[./-]\d{1,2}[./-]\d{2,4}(?:[ T]\d{1,2}:\d{2}(?: ?[AP]M)?)?`;
/** The columns that stay in view at half a 1920 px screen. */
const KEY_COLUMNS = ['Reference', 'Shipment status', 'POD', 'ETA'];

/** The page's DOM as these checks use it (the test tsconfig has no DOM types; the code runs in the page). */
declare const document: { querySelectorAll(s: string): ArrayLike<El>; querySelector(s: string): El | null; createRange(): Rng; documentElement: El };
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
  return page.evaluate(([sel, pattern]) => {
    const problems: string[] = [];
    let seen = 0;
    const DATE = new RegExp(pattern, 'g');
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
  }, [selector, ANY_DATE] as const);
}

/** Key columns whose heading is not wholly in the table's visible width, the table seen from its left edge (no sideways scrolling). */
function hiddenKeyColumns(page: Page): Promise<string[]> {
  return page.evaluate((names) => {
    const grid = document.querySelector('.grid') as (El & { scrollLeft: number }) | null;
    if (!grid) return ['no table'];
    grid.scrollLeft = 0;
    const box = grid.getBoundingClientRect();
    const out: string[] = [];
    for (const name of names) {
      const head = Array.from(document.querySelectorAll('.grid .row-head .head-cell')).find((h) => (h.textContent ?? '').trim().startsWith(name));
      const r = head?.getBoundingClientRect();
      if (!r || r.left < box.left - 1 || r.right > box.right + 1) out.push(`${name} ${r ? `${Math.round(r.left)}–${Math.round(r.right)} of ${Math.round(box.left)}–${Math.round(box.right)}` : 'not shown'}`);
    }
    return out;
  }, KEY_COLUMNS);
}

/**
 * Charts whose axis title overlaps one of its tick labels, or is cut at the chart's edge (its
 * descenders too): the parts are found by the names Plot gave them (kept as data-part).
 */
function chartTitleProblems(page: Page): Promise<{ charts: number; titles: number; problems: string[] }> {
  return page.evaluate(() => {
    interface Box { left: number; right: number; top: number; bottom: number }
    const problems: string[] = [];
    let titles = 0;
    const svgs = Array.from(document.querySelectorAll('.perf-plot svg')) as unknown as { getBoundingClientRect(): Box; querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): Box; textContent: string | null }> }[];
    const meets = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    for (const svg of svgs) {
      const frame = svg.getBoundingClientRect();
      if (frame.right - frame.left === 0) continue;
      const ticks = Array.from(svg.querySelectorAll('[data-part$="tick label"] text')).map((t) => t.getBoundingClientRect());
      for (const label of Array.from(svg.querySelectorAll('[data-part$="axis label"] text'))) {
        titles++;
        const r = label.getBoundingClientRect();
        const text = (label.textContent ?? '').trim();
        if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5) {
          problems.push(`"${text}" is cut by its chart (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} in ${Math.round(frame.left)},${Math.round(frame.top)}–${Math.round(frame.right)},${Math.round(frame.bottom)})`);
        }
        if (ticks.some((t) => meets(r, t))) problems.push(`"${text}" overlaps a tick label`);
      }
    }
    return { charts: svgs.length, titles, problems };
  });
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
          if (name === 'Performance') {
            await page.locator('.perf-plot svg').first().waitFor({ timeout: 30_000 });
            const charts = await chartTitleProblems(page);
            expect(charts.titles, 'axis titles on the Performance charts').toBeGreaterThan(2);
            problems.push(...charts.problems.map((p) => `Performance: ${p}`));
          }
          if (name === 'Shipments') {
            await page.locator('[role="row"][data-id]').first().waitFor();
            problems.push(...(await overflowIn(page, ['.workspace-main > .toolbar', '.summary-bar'])));
            if (size.width === 960) problems.push(...(await hiddenKeyColumns(page)).map((c) => `key column not in view: ${c}`));
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
        // Rows stay in view beside the detail (not six rows under a toolbar of seven lines), their key columns too.
        expect(await page.locator('[role="row"][data-id]').count()).toBeGreaterThanOrEqual(10);
        await expect.poll(async () => (await hiddenKeyColumns(page)).length, { message: 'key columns beside the detail', timeout: 5_000 }).toBe(0);
        // The ETA history chart of the detail: its titles whole, clear of its ticks.
        await page.locator('.detail .perf-plot svg').first().waitFor({ timeout: 10_000 });
        problems.push(...(await chartTitleProblems(page)).problems.map((p) => `detail chart: ${p}`));
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

  it('writes every date one way: the table, the detail, the import report, Attention and the charts follow the choice in Settings', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
    const FORMS = {
      // A day (a tick's day without its year too), or a month ("12.2026", "2026-12").
      dmy: /\b\d{2}\.\d{2}\.(?:\d{4}\b)?|\b\d{2}\.\d{4}\b/,
      iso: /\b\d{4}-\d{2}(?:-\d{2})?\b/,
      us: /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/,
      monthNames: new RegExp(`\\b${MONTH}\\b,? \\d|\\d ${MONTH}\\b`),
      seconds: /\b\d{1,2}:\d{2}:\d{2}\b/,
      twelveHour: /\b\d{1,2}:\d{2} ?[AP]M\b/,
    } as const;
    type Form = keyof typeof FORMS;
    /** The text of a screen: what it shows, its charts' words too. */
    const screenText = (selector: string) =>
      page.evaluate((sel) => {
        const root = document.querySelector(sel) as unknown as { innerText: string; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } | null;
        if (!root) return '';
        return [root.innerText, ...Array.from(root.querySelectorAll('svg text')).map((t) => t.textContent ?? '')].join('\n');
      }, selector);
    const choose = async (dateFormat: string, clock: '24-hour' | '12-hour') => {
      await view('Settings').click();
      const appearance = page.getByRole('region', { name: 'Appearance' });
      await appearance.getByLabel('Dates').selectOption(dateFormat);
      await appearance.getByRole('radio', { name: new RegExp(`^${clock}`) }).check();
      await expect.poll(async () => (await harness.engine.call('settings.get')) as { ok: boolean; value?: { dateFormat: string } }).toMatchObject({ value: { dateFormat } });
    };
    /** Each screen's dates: at least one in the chosen form, none in another. */
    const check = async (ours: readonly Form[], label: string) => {
      const problems: string[] = [];
      const screens: [string, () => Promise<string>][] = [
        ['table', async () => {
          await view('Shipments').click();
          await page.locator('.grid-body [role="row"][data-id]').first().waitFor();
          return screenText('.grid-body');
        }],
        ['detail', async () => {
          await page.locator('.grid-body [role="row"][data-id]').first().dblclick();
          const detail = page.getByRole('region', { name: 'Shipment detail' });
          await expect.poll(() => detail.getAttribute('aria-busy')).toBe('false');
          await page.locator('.detail .perf-plot svg').first().waitFor({ timeout: 10_000 });
          const text = await screenText('.detail');
          await page.keyboard.press('Escape');
          return text;
        }],
        ['import report', async () => {
          await view('Import').click();
          await page.getByRole('region', { name: /^Report:/ }).waitFor({ timeout: 60_000 });
          return screenText('.import-report');
        }],
        ['Attention', async () => {
          await view('Attention').click();
          await page.getByTestId('attention-card').first().waitFor({ timeout: 20_000 });
          return screenText('.attention-page');
        }],
        ['charts', async () => {
          await view('Performance').click();
          await page.locator('.perf-plot svg').first().waitFor({ timeout: 30_000 });
          return screenText('.perf-page');
        }],
      ];
      for (const [name, read] of screens) {
        const text = await read();
        if (!ours.some((f) => FORMS[f].test(text))) problems.push(`${label}: no date in the chosen form on the ${name}`);
        for (const form of Object.keys(FORMS) as Form[]) {
          if (ours.includes(form)) continue;
          const found = FORMS[form].exec(text);
          if (found) problems.push(`${label}: the ${name} writes "${text.slice(Math.max(0, found.index - 30), found.index + found[0].length + 10).replace(/\s+/g, ' ')}" (${form})`);
        }
      }
      return problems;
    };

    // An import's report to read: the sample sheet, tracked in the sample data.
    await view('Import').click();
    await page.getByRole('button', { name: 'Try the sample customer spreadsheet' }).click();
    await page.getByRole('button', { name: /^Start tracking/ }).click({ timeout: 30_000 });
    await page.getByRole('region', { name: /^Report:/ }).waitFor({ timeout: 60_000 });

    await choose('DD.MM.YYYY', '24-hour');
    const german = await check(['dmy'], 'DD.MM.YYYY, 24 h');
    await screenshot(page, 'dates-dmy-performance');
    await choose('YYYY-MM-DD', '12-hour');
    // ISO days, a 12-hour clock; the charts' ticks within one year write the month and day ("12-01").
    const iso = await check(['iso', 'twelveHour'], 'YYYY-MM-DD, 12 h');
    expect([...german, ...iso]).toEqual([]);
    await choose('system', '24-hour');
  }, 180_000);
});
