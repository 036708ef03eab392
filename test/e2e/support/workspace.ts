/**
 * Helpers for the shipments workspace's browser tests (test/e2e/workspace-*.test.ts): open the
 * window on a stack and wait until it is ready, and find what a person looks at.
 */
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from './browser.js';
import type { Stack } from './stack.js';

/** Launches Chromium on the stack's window and waits until the shipments view has answered. */
export async function openWindow(stack: Stack): Promise<LaunchedBrowser> {
  const browser = await launchBrowser();
  // A step that does not happen fails on its own, with what it waited for, before the test's timeout.
  browser.page.setDefaultTimeout(10_000);
  try {
    await browser.page.goto(stack.url, { waitUntil: 'load' });
    // Bounds for a window that never gets ready, not aims: a busy machine opens 100,000 shipments slowly.
    await browser.page.getByRole('grid', { name: 'Shipments' }).waitFor({ state: 'visible', timeout: 60_000 });
    await browser.page.locator('.count').filter({ hasNotText: 'Loading' }).waitFor({ timeout: 60_000 });
    return browser;
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** The grid row showing this reference (in the rendered window of rows). */
export function rowOf(page: Page, reference: string): Locator {
  return page
    .getByRole('grid', { name: 'Shipments' })
    .getByRole('row')
    .filter({ has: page.locator('.c-reference', { hasText: new RegExp(`^${reference}$`) }) });
}

/** The header's credit balance as a number (null while not read). */
export async function creditBalance(page: Page): Promise<number | null> {
  const text = await page.getByRole('region', { name: 'Credits' }).locator('.credits-balance').innerText();
  const m = /([\d,\s.\u202f]+)\s*credits/.exec(text);
  return m ? Number(m[1]!.replace(/[^\d]/g, '')) : null;
}

/** The status bar's text. */
export function statusBar(page: Page): Locator {
  return page.getByRole('status', { name: 'Service status' });
}

/** Fails the test with the page's errors, if it had any (console errors and uncaught exceptions). */
export function pageErrors(browser: LaunchedBrowser): string[] {
  return browser.errors.filter((e) => e.startsWith('page error'));
}

/** Whether the element has keyboard focus. (The page's globals are reached through the element: the tests compile without the DOM library.) */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === el.ownerDocument.activeElement);
}

/** One computed style property of the element, as Chromium resolved it. */
export function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, name) => el.ownerDocument.defaultView!.getComputedStyle(el).getPropertyValue(name), property);
}

/**
 * Milliseconds from the last input event of `box` to the first frame in which the grid's top row
 * shows `reference` (and the box holds it). Start it before typing; it resolves once the row shows.
 */
export function timeToTopRow(box: Locator, reference: string, timeoutMs = 20_000): Promise<number> {
  return box.evaluate(
    (input, { ref, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const win = input.ownerDocument.defaultView!;
        const now = () => win.performance.now();
        let typedAt = 0;
        input.addEventListener('input', () => (typedAt = now()), { capture: true });
        const deadline = now() + timeout;
        const frame = () => {
          const top = input.ownerDocument.querySelector('[role=row][data-index="0"] .c-reference');
          if (typedAt > 0 && (input as unknown as { value: string }).value === ref && top?.textContent === ref) resolve(now() - typedAt);
          else if (now() > deadline) reject(new Error(`the row ${ref} did not show within ${timeout} ms`));
          else win.requestAnimationFrame(frame);
        };
        win.requestAnimationFrame(frame);
      }),
    { ref: reference, timeout: timeoutMs },
  );
}
