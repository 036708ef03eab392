/**
 * Carrier performance in Chromium against the harness on sample data (`--demo`: nine
 * months of past voyages drawn from the carriers' habits): the Performance view in the navigation
 * says something without any action (every chart drawn, its table behind a toggle reached by
 * keyboard, the back-test's figures), a carrier filter narrows the figures, the tables export to
 * an Excel workbook; the table's Likely arrival column sorts, and a shipment's detail shows its
 * band and every ETA seen as a step chart. axe-core finds no violation in the view or the detail,
 * light and dark. Screenshots: performance-{1440,960}-{light,dark}, performance-detail-{1440,960}-{light,dark}.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestReport, PerformanceReport, ShipmentListPage } from '../../src/shared/contract/index.js';
import type { Harness } from '../../src/harness/server.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium, windowDates } from './support/index.js';

/** Evaluated in the page (the page's CSP allows no script tag of ours; evaluation is not a script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations within `selector` (WCAG 2.x A and AA, and its best practices). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (sel) => {
    const axe = (globalThis as unknown as { axe: { run(ctx: string, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(sel, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  }, selector);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(skipWithoutChromium())('the Performance view in Chromium', () => {
  let demo: DemoHarness;
  let harness: Harness;
  const value = <T,>(method: string, input?: unknown): Promise<T> => demo.value<T>(method, input);

  beforeAll(async () => {
    demo = await startDemoHarness('performance');
    harness = demo.harness;
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('shows the figures of the demo past in charts with tables, filters by carrier, exports the workbook; no axe violation', async () => {
    const report = await value<PerformanceReport>('performance.report', {});
    const backtest = await value<BacktestReport>('performance.backtest');
    // The demo's past says something: hundreds of arrivals over several carriers and lanes.
    expect(report.total.shipments).toBeGreaterThan(200);
    expect(report.carriers.length).toBeGreaterThanOrEqual(5);
    expect(backtest.horizons[0]!.withBand).toBeGreaterThan(50);

    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(harness.pageUrl, { waitUntil: 'load' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Performance' }).click();
      await page.getByRole('heading', { name: 'Carrier performance', level: 1 }).waitFor();
      const card = (name: string) => page.getByRole('region', { name });
      for (const name of ['On time by carrier', 'Days late by carrier', 'Days late by lane', 'Transit time by lane']) {
        await card(name).locator('svg').first().waitFor({ timeout: 15_000 });
      }
      // Plot's drawing time per chart in Chromium (a figure printed, not asserted).
      const renderMs = await page.locator('.perf-plot').evaluateAll((boxes) => boxes.map((b) => (b as unknown as { dataset: { renderMs?: string } }).dataset.renderMs));
      console.log(`Performance view in Chromium: Plot drawing per chart ${renderMs.join(', ')} ms (${report.carriers.length} carriers, ${report.lanes.length} lanes)`);
      const short = page.getByLabel('The figures in short');
      expect(await short.innerText()).toContain(report.total.shipments.toLocaleString('en'));
      // The back-test, beside the charts: the band's p50 against the carriers' ETAs, and the coverage.
      const accuracy = card('How good the likely arrival has been');
      await accuracy.waitFor({ timeout: 15_000 });
      expect(await accuracy.innerText()).toMatch(/p10–p90 held \d+%/);

      for (const [theme, width] of [['light', 1440], ['dark', 1440], ['light', 960], ['dark', 960]] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForTimeout(300);
        await screenshot(page, `performance-${width}-${theme}`);
        expect(await axeViolations(page, '.perf-page'), `${theme} ${width}`).toEqual([]);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });

      // The table behind the toggle, by keyboard: one row per carrier.
      const onTime = card('On time by carrier');
      const toggle = onTime.getByRole('button', { name: 'Show table' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await onTime.getByRole('table').waitFor();
      expect(await onTime.getByRole('table').locator('tbody tr').count()).toBe(report.carriers.length);
      expect(await onTime.getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe('true');

      // A carrier narrows every figure to its own shipments.
      const carrier = report.carriers[0]!;
      await page.locator('.perf-filters select[id$="-carrier"]').selectOption(carrier.carrier!.scac);
      await expect.poll(async () => short.innerText(), { timeout: 10_000 }).toContain(`Arrived\n${carrier.shipments.toLocaleString('en')}`);

      // The tables to Excel: a workbook the browser downloads.
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('button', { name: 'Export to Excel…' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^carrier-performance-\d{8}-\d{4}\.xlsx$/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('sorts the table by likely arrival and shows a shipment\'s band and ETA step chart in its detail', async () => {
    const sorted = await value<ShipmentListPage>('shipments.list', { offset: 0, limit: 5, sort: 'likely' });
    const first = sorted.rows[0]!;
    expect(first.likelyArrival, 'the demo has a shipment on the way with a band').not.toBeNull();
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(harness.pageUrl, { waitUntil: 'load' });
      await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 20_000 });
      await page.getByRole('columnheader', { name: /Likely arrival/ }).getByRole('button').click();
      const firstRow = page.locator('[role="row"][data-id]').first();
      await expect.poll(() => firstRow.getAttribute('data-id'), { timeout: 10_000 }).toBe(String(first.id));
      // The band as the window writes dates (the browser's locale): earliest–latest, the year once.
      const dates = await windowDates(page);
      const band = first.likelyArrival!;
      expect(await firstRow.locator('.c-likely').innerText()).toBe(dates.dayRange(band.earliest, band.latest));

      await firstRow.dblclick();
      const detail = page.getByRole('region', { name: 'Shipment detail' });
      const likely = detail.getByRole('region', { name: 'Likely arrival' });
      await likely.locator('svg').first().waitFor({ timeout: 10_000 });
      expect(await likely.innerText()).toMatch(/Likely .*p10–p90 and p50 of \d+ past shipments/);
      expect(await likely.locator('.perf-mark-band').count()).toBeGreaterThan(0);
      await likely.scrollIntoViewIfNeeded();
      for (const [theme, width] of [['light', 1440], ['dark', 1440], ['light', 960], ['dark', 960]] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await likely.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await screenshot(page, `performance-detail-${width}-${theme}`);
        expect(await axeViolations(page, '.detail-section[aria-labelledby="detail-likely-arrival"]'), `${theme} ${width}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
