/**
 * The changes feed in the window, end to end: an ETA moved and events added at the (simulated)
 * service, a refresh, and the changes in the Changes view a shipment at a time with the ETA's
 * move, the nav badge counting shipments, a notification; a kind switched off is not notified;
 * per-watchlist view; seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentTableRow } from '../../src/shared/contract/index.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type Stack } from './support/index.js';

async function must<T>(answer: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe.skipIf(skipWithoutChromium())('the changes feed in Chromium', () => {
  let stack: Stack;
  let moving: ShipmentTableRow[];

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 30, credits: 500, sync: true });
    const page = await must(stack.call('shipments.list', { status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', sort: 'reference', offset: 0, limit: 3 }));
    moving = page.rows;
    expect(moving).toHaveLength(3);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('shows an ETA moved at the service with "+3 d", the badge and a notification; a switched-off kind stays quiet', async () => {
    const [first, second, third] = moving as [ShipmentTableRow, ShipmentTableRow, ShipmentTableRow];
    const list = await must(stack.call('watchlists.create', { name: 'Initech', kind: 'list', shipmentIds: [second.id] }));
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(stack.url, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Changes' }).click();
      await page.getByRole('heading', { name: 'Changes', level: 1 }).waitFor();
      await page.getByText('No changes yet').waitFor();
      await screenshot(page, 'feed-empty');

      stack.sim.control.moveEta(stack.apiKey, first.trackingId!, 3);
      await must(stack.call('sync.now'));
      const box = (reference: string) => page.getByTestId('feed-shipment').filter({ hasText: reference });
      const item = box(first.reference).locator('.feed-item');
      await item.waitFor({ timeout: 15_000 });
      expect(await item.locator('.feed-kind').innerText()).toBe('ETA moved\n+3 d');
      expect(await item.getAttribute('class')).toContain('is-new');
      await expect.poll(() => page.getByTestId('nav-badge-changes').innerText()).toContain('1');
      // ETA moves notify by default: the window says so too.
      await expect.poll(() => page.locator('.toasts').innerText()).toContain(`${first.reference}: ETA moved +3 d`);
      await expect.poll(() => page.locator('.work-header .summary').innerText()).toBe('1 shipment with unseen changes (1 change)');

      // Switch ETA moves off; the next move shows in the feed but is not notified.
      await page.getByText(/^Notifications/).click();
      const etaChoice = page.getByRole('checkbox', { name: 'An ETA moves' });
      await expect.poll(() => etaChoice.isChecked()).toBe(true);
      await etaChoice.uncheck();
      await expect.poll(async () => (await must(stack.call('feed.notifications'))).eta_moved).toBe(false);
      await page.getByRole('button', { name: 'Dismiss message' }).first().click();

      stack.sim.control.moveEta(stack.apiKey, second.trackingId!, -2);
      stack.sim.control.addEvent(stack.apiKey, third.trackingId!);
      stack.sim.control.addEvent(stack.apiKey, third.trackingId!);
      await must(stack.call('sync.now'));
      const earlier = box(second.reference).locator('.feed-item');
      await earlier.waitFor({ timeout: 15_000 });
      expect(await earlier.locator('.feed-move').innerText()).toBe('\u22122 d');
      // The third shipment's two events are one box of the day, in words (the codes in the tooltips).
      await expect.poll(() => box(third.reference).locator('.feed-item.feed-event_added').count(), { timeout: 15_000 }).toBe(2);
      expect(await box(third.reference).getByRole('button').first().innerText()).toContain('2 changes');
      for (const line of await box(third.reference).locator('.feed-item').all()) {
        expect(await line.getAttribute('title')).toMatch(/^As the service says it: [A-Z0-9]{2,6}$/);
        const code = (await line.getAttribute('title'))!.replace('As the service says it: ', '');
        expect(await line.locator('.feed-detail').innerText()).not.toMatch(new RegExp(`^${code}\\b`));
      }
      // The badge counts the shipments with news (three), not the changes (four).
      await expect.poll(() => page.getByTestId('nav-badge-changes').innerText()).toContain('3');
      await expect.poll(() => page.locator('.work-header .summary').innerText()).toBe('3 shipments with unseen changes (4 changes)');
      // Give a notification time to show up if it wrongly were one.
      await page.waitForTimeout(1500);
      expect(await page.locator('.toasts').innerText()).not.toContain(second.reference);
      await screenshot(page, 'feed-changes');
      await page.getByRole('button', { name: /^Switch to dark theme/ }).click();
      await screenshot(page, 'feed-changes-dark');
      await page.getByRole('button', { name: /^Switch to light theme/ }).click();

      // Per watchlist: only its shipment's change.
      await page.getByLabel('Show changes of').selectOption({ label: `Watchlist: ${list.name} (1)` });
      await expect.poll(() => page.getByTestId('feed-shipment').count()).toBe(1);
      expect(await page.getByTestId('feed-shipment').innerText()).toContain(second.reference);

      // Every shipment again; mark all seen clears the badge and the "new" marks.
      await page.getByLabel('Show changes of').selectOption({ label: 'Every shipment' });
      await expect.poll(() => page.getByTestId('feed-shipment').count()).toBe(3);
      await page.getByRole('button', { name: 'Mark all seen' }).click();
      await expect.poll(() => page.locator('.work-header .summary').innerText()).toBe('All seen');
      await expect.poll(() => page.getByTestId('nav-badge-changes').count()).toBe(0);
      expect(await page.locator('.feed-item.is-new').count()).toBe(0);

      // A change opens its shipment.
      await box(first.reference).getByRole('button').first().click();
      await expect.poll(() => page.locator('.detail-title').innerText(), { timeout: 15_000 }).toContain(first.reference);
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 150_000);
});
