/**
 * Real Chromium (Debian's /usr/bin/chromium) through playwright-core, for the window's
 * end-to-end tests against the web harness. Where Chromium is missing, the tests say so and skip.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { localeStyle, makeDates, type Dates } from '../../../src/shared/dates.js';

const CHROMIUM_PATH = process.env.QUAYSIDE_CHROMIUM ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));
const VIEWPORT = { width: 1440, height: 900 } as const;

/** Flags that work headless in CI containers (no GPU, no sandbox, no background traffic). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumUnavailable(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `${CHROMIUM_PATH} is missing, so the window's browser tests are skipped (install Debian's chromium: apt-get install chromium, or set QUAYSIDE_CHROMIUM).`;
}

/** For `describe.skipIf(...)`: true (and the reason printed once) when Chromium is missing. */
export function skipWithoutChromium(): boolean {
  const reason = chromiumUnavailable();
  if (reason) console.warn(`SKIPPED: ${reason}`);
  return reason !== null;
}

export interface LaunchedBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, for assertions and failure messages. */
  errors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const reason = chromiumUnavailable();
  if (reason) throw new Error(reason);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    return {
      browser,
      context,
      page,
      errors,
      close: async () => {
        await context.close().catch(() => undefined);
        await browser.close();
      },
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Saves test/e2e/screenshots/<name>.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const safe = name.replace(/[^a-z0-9._-]+/gi, '-');
  const path = join(SCREENSHOT_DIR, `${safe}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * The dates as the window writes them when no choice is made in Settings: in the browser's locale
 * (the renderer takes navigator.languages[0], as src/renderer/lib/dates.ts says).
 */
export async function windowDates(page: Page): Promise<Dates> {
  const locale = await page.evaluate<string | null>('navigator.languages?.[0] ?? navigator.language ?? null');
  return makeDates(localeStyle(locale));
}
