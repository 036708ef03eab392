/**
 * The Customers view at half a 1920 px screen (960 × 800) and at 1440 × 900, light and dark, on the
 * demo's sample customers: the preview of the next update and a past update opened again fit (the
 * mail's table is not cut inside its frame, each date whole on one line), nothing in the page or
 * the dialog runs off to the right, and the "draft is written" notice is one paragraph, not columns.
 * Screenshots: customers-<width>-<theme>-preview, -draft, -dialog, -discarded.
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../src/sim/demo-customers.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium, type LaunchedBrowser } from './support/index.js';

const SIZES = [
  { width: 960, height: 800 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** The DOM as these checks use it, inside the page or a frame (the test tsconfig has no DOM types). */
declare const document: { documentElement: Box; querySelectorAll(s: string): ArrayLike<Box> };
declare const window: { innerWidth: number };
interface Box {
  scrollWidth: number;
  clientWidth: number;
  className: string;
  textContent: string | null;
  children: ArrayLike<Box>;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number };
  getClientRects(): ArrayLike<{ top: number; width: number }>;
}

/** What runs off the window inside these regions, or scrolls sideways. */
function overflowIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    for (const region of Array.from(document.querySelectorAll(sel))) {
      if (region.scrollWidth > region.clientWidth + 1) problems.push(`${sel} scrolls sideways (${region.scrollWidth} > ${region.clientWidth})`);
      for (const e of [region, ...Array.from(region.children)]) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1)) problems.push(`${sel}: .${String(e.className).split(' ')[0]} spans ${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth}`);
      }
    }
    return problems;
  }, selector);
}

/** The mail in its frame: no sideways scroll, and every date (a nowrap span) whole on one line inside the frame. */
function cutInMail(frame: Frame): Promise<{ dates: number; problems: string[] }> {
  return frame.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the mail scrolls sideways in its frame (${doc.scrollWidth} > ${doc.clientWidth})`);
    const dates = Array.from(document.querySelectorAll('span[style*="nowrap"]'));
    for (const d of dates) {
      const lines = new Set(Array.from(d.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      const box = d.getBoundingClientRect();
      if (lines.size > 1) problems.push(`"${d.textContent}" breaks over ${lines.size} lines`);
      if (box.right > doc.clientWidth + 1) problems.push(`"${d.textContent}" is cut at the frame's edge (${Math.round(box.right)} > ${doc.clientWidth})`);
    }
    return { dates: dates.length, problems };
  });
}

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const handle = await page.locator(selector).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame in ${selector}`);
  await frame.waitForLoadState();
  return frame;
}

describe.skipIf(skipWithoutChromium())('the Customers view from half a screen to 1440 px, light and dark', () => {
  let demo: DemoHarness;
  let browser: LaunchedBrowser;
  let page: Page;
  const customer = DEMO_CUSTOMERS[0]!.rule.name;

  beforeAll(async () => {
    demo = await startDemoHarness('customers-layout');
    browser = await launchBrowser();
    page = browser.page;
    page.setDefaultTimeout(15_000);
    await page.goto(demo.harness.pageUrl, { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Customers/ }).click();
    await page.getByRole('list', { name: 'Customers' }).getByRole('button', { name: `${customer}: open` }).click();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`${size.width} × ${size.height}, ${theme}: the preview, the draft and a past update fit`, async () => {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
        const tag = `customers-${size.width}-${theme}`;
        const problems: string[] = [];

        const preview = page.getByRole('region', { name: `Next update to ${customer}` });
        await preview.locator('iframe.preview-frame').waitFor();
        const mail = await cutInMail(await frameOf(page, '.customer-pane iframe.preview-frame'));
        expect(mail.dates, 'dates in the preview').toBeGreaterThan(0);
        problems.push(...mail.problems.map((p) => `preview: ${p}`), ...(await overflowIn(page, '.customers-page')));
        await preview.scrollIntoViewIfNeeded();
        await screenshot(page, `${tag}-preview`);

        // A draft: the notice is one paragraph (its words in one span), not three columns.
        await preview.getByRole('button', { name: 'Make a draft' }).click();
        const notice = page.locator('.draft-made');
        await notice.getByRole('link', { name: 'Download the draft (.eml)' }).waitFor();
        expect(await notice.evaluate((n) => (n as unknown as Box).children.length)).toBe(1);
        problems.push(...(await overflowIn(page, '.draft-made')));
        const mine = page.getByRole('list', { name: `Updates to ${customer}` });
        const draft = mine.getByRole('listitem').first();
        await draft.locator('.pill', { hasText: 'Draft, not sent' }).waitFor();
        await draft.scrollIntoViewIfNeeded();
        await screenshot(page, `${tag}-draft`);

        // The draft opened again: the dialog and the mail in it fit the window.
        await draft.getByRole('button', { name: 'Open' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('iframe.preview-frame').waitFor();
        const opened = await cutInMail(await frameOf(page, '[role="dialog"] iframe.preview-frame'));
        expect(opened.dates, 'dates in the opened update').toBeGreaterThan(0);
        problems.push(...opened.problems.map((p) => `dialog: ${p}`), ...(await overflowIn(page, '.update-dialog')), ...(await overflowIn(page, '.update-dialog .dialog-footer')));
        await screenshot(page, `${tag}-dialog`);
        await dialog.locator('.dialog-footer').getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });

        // Discarded: it says so, and its news is back in the next update.
        await draft.getByRole('button', { name: 'Discard draft' }).click();
        await draft.locator('.pill', { hasText: 'Discarded' }).waitFor();
        expect(await draft.innerText()).toContain('Discarded: its news goes in the next update');
        await preview.locator('iframe.preview-frame').waitFor();
        problems.push(...(await overflowIn(page, '.customers-page')));
        await draft.scrollIntoViewIfNeeded();
        await screenshot(page, `${tag}-discarded`);

        expect(problems).toEqual([]);
        expect(browser.errors.filter((e) => e.startsWith('page error'))).toEqual([]);
      }, 90_000);
    }
  }
});
