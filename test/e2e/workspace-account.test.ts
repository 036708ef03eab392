/**
 * The workspace in Chromium, first steps of a forwarder: enter the API key, see the credits,
 * quick-track a reference (one that costs a credit, one already cached), switch the theme.
 * Real simulator, real cache, the web harness; the key starts outside the keychain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, screenshot, skipWithoutChromium, startStack, type LaunchedBrowser, type Stack } from './support/index.js';
import { computedStyle, creditBalance, hasFocus, openWindow, pageErrors, rowOf } from './support/workspace.js';

describe.skipIf(skipWithoutChromium())('workspace in Chromium: key, credits, quick track, theme', () => {
  let stack: Stack;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ withKey: false, shipments: 8, credits: 500 });
    browser = await openWindow(stack);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('enters the API key in Settings: a wrong one is refused, the right one is shown by its last 4 only', async () => {
    const { page } = browser;
    await page.getByRole('heading', { name: 'Welcome to Quayside' }).waitFor();
    await screenshot(page, 'workspace-welcome');
    await page.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    const keySection = page.getByRole('region', { name: 'Your API key' });
    const keyBox = keySection.getByLabel('API key', { exact: true });
    await keyBox.fill('not-a-real-key-0000');
    await keySection.getByRole('button', { name: 'Save key' }).click();
    const refusal = keySection.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/key/i);
    expect(await keyBox.inputValue()).toBe('');

    await keyBox.fill(stack.apiKey);
    await keySection.getByRole('button', { name: 'Save key' }).click();
    const last4 = stack.apiKey.slice(-4);
    await keySection.getByLabel(`Key ending in ${last4}`).waitFor();
    expect(await keySection.getByRole('status').innerText()).toContain('Key accepted by the service');
    expect(await keySection.innerText()).toContain(`•••• ${last4}`);
    // The key is not kept in the window: the box is empty and the page holds no copy of it.
    expect(await keySection.getByLabel('Replace the API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(stack.apiKey);

    // The balance is read with the key and shown in the header with the time it was read.
    await expect.poll(() => creditBalance(page), { timeout: 10_000 }).toBe(500);
    const credits = page.getByRole('region', { name: 'Credits' });
    expect(await credits.locator('.credits-time').innerText()).toBe('read just now');
    // The history is read on its own after the balance: wait for it as a person would.
    await expect.poll(() => credits.getByRole('img', { name: /Credit balance history/ }).count(), { timeout: 10_000 }).toBe(1);

    // The carrier directory, refused without a key, is read again with it.
    const carriers = page.getByRole('region', { name: 'Carrier directory' });
    await carriers.getByRole('table', { name: 'Carriers' }).getByRole('row').nth(3).waitFor();
    expect(await carriers.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Tracking service' }).innerText()).toMatch(/\(\d+ ms\)/);
    await screenshot(page, 'workspace-settings');
  });

  it('quick-tracks a new reference for 1 credit, then opens the cached one at no cost', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+K');
    const box = page.getByRole('textbox', { name: 'Quick track' });
    await expect.poll(() => hasFocus(box)).toBe(true);
    await box.pressSequentially('msku1234565');
    const hint = page.locator('#quick-track-hint');
    // Read as a container of Maersk (its owner code), at a credit: each shown, each changeable.
    await expect.poll(() => hint.getByRole('radio', { name: 'Container' }).getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => hint.getByRole('combobox', { name: 'Carrier of this reference' }).inputValue()).toMatch(/Moller-Maersk/);
    await expect.poll(() => hint.locator('.qt-outcome').innerText()).toMatch(/^Costs 1 credit; 500 left$/);
    await screenshot(page, 'workspace-quick-track');
    await box.press('Enter');

    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('heading', { name: 'MSKU1234565', level: 2 }).waitFor({ timeout: 15_000 });
    // The credit spent shows in the header without a manual refresh.
    await expect.poll(() => creditBalance(page), { timeout: 10_000 }).toBe(499);
    expect(stack.sim.control.credits(stack.apiKey)).toBe(499);
    await rowOf(page, 'MSKU1234565').waitFor();

    await box.fill('MSKU1234565');
    await expect.poll(() => hint.locator('.qt-outcome').innerText(), { timeout: 10_000 }).toBe('Already tracked, free: opens it from the cache');
    expect(await page.getByRole('search', { name: 'Track a new reference' }).getByRole('button', { name: 'Open' }).isEnabled()).toBe(true);
    const trackingRequests = () =>
      Object.entries(stack.sim.control.stats(stack.apiKey).requests)
        .filter(([endpoint]) => endpoint.includes('/v2/tracking'))
        .reduce((n, [, count]) => n + count, 0);
    const requestsBefore = trackingRequests();
    expect(requestsBefore).toBeGreaterThan(0);
    await box.press('Enter');
    await page.getByText('MSKU1234565 opened from the cache at no cost.').waitFor();
    expect(stack.sim.control.credits(stack.apiKey)).toBe(499);
    expect(trackingRequests()).toBe(requestsBefore);
    expect(await creditBalance(page)).toBe(499);
  });

  it('switches between light and dark, and keeps the choice after a reload', async () => {
    const { page } = browser;
    const theme = () => page.locator('html').getAttribute('data-theme');
    const background = () => computedStyle(page.locator('body'), 'background-color');
    expect(await theme()).toBe('light');
    const light = await background();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(theme).toBe('dark');
    await expect.poll(background).not.toBe(light);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await screenshot(page, 'workspace-dark');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await screenshot(page, 'workspace-settings-dark');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shipments' }).click();

    await page.reload({ waitUntil: 'load' });
    await page.getByRole('grid', { name: 'Shipments' }).waitFor();
    await expect.poll(theme).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(theme).toBe('light');
    await expect.poll(background).toBe(light);
    expect(pageErrors(browser)).toEqual([]);
  });
});
