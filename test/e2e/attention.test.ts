/**
 * What needs attention, in Chromium against the harness on sample data (`--demo` on an empty data
 * folder): without any action the Changes feed has entries of several kinds and the Attention view
 * every kind of reason, with the count in the header; a reason is marked as handled with a comment
 * and taken back; free days set in Settings put a sortable clock in the table and the detail.
 * Screenshots: attention, attention-dark, attention-clock-table, attention-settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionPage, FeedPage } from '../../src/shared/contract/index.js';
import { REASON_KINDS } from '../../src/shared/contract/index.js';
import type { Harness } from '../../src/harness/server.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium, windowDates } from './support/index.js';

/** A day as the window may write it: 2026-11-27, 27.11.2026, 27/11/2026 or 11/27/2026. */
const DAY = '(\\d{4}-\\d{2}-\\d{2}|\\d{2}[./]\\d{2}[./]\\d{4})';

describe.skipIf(skipWithoutChromium())('the Attention view in Chromium', () => {
  let demo: DemoHarness;
  let harness: Harness;
  const value = <T,>(method: string, input?: unknown): Promise<T> => demo.value<T>(method, input);

  beforeAll(async () => {
    demo = await startDemoHarness('attention');
    harness = demo.harness;
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('shows every reason worst first, marks one as handled with a comment and takes it back, and puts the clock in the table', async () => {
    const before = await value<AttentionPage>('attention.list', { limit: 2000 });
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(harness.pageUrl, { waitUntil: 'load' });

      // The header's count, without any action.
      const nav = page.getByRole('navigation', { name: 'Main' });
      const badge = page.getByTestId('nav-badge-attention');
      const badgeCount = () => badge.locator('[aria-hidden="true"]').innerText();
      await badge.waitFor({ state: 'visible', timeout: 20_000 });
      expect(await badgeCount()).toBe(String(before.needAttention));
      expect(await badge.innerText()).toContain(`${before.needAttention} shipments need attention`);

      // The Changes feed has a past: entries of several kinds.
      await nav.getByRole('button', { name: /^Changes/ }).click();
      await page.locator('.feed-item').first().waitFor({ timeout: 10_000 });
      const kinds = await page.locator('.feed-item').evaluateAll((items) => [...new Set(items.map((i) => [...i.classList].find((c) => c.startsWith('feed-') && c !== 'feed-item')))]);
      expect(kinds.length).toBeGreaterThanOrEqual(3);

      await nav.getByRole('button', { name: /^Attention/ }).click();
      await page.getByRole('heading', { name: 'Attention', level: 1 }).waitFor();
      const cards = page.getByTestId('attention-card');
      await cards.first().waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('attention-summary').innerText()).toBe(`${before.needAttention} shipments need attention`);
      // Every kind of reason, in the forwarder's words, worst first as the engine answers.
      const shownKinds = await page.locator('.attention-reason').evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-kind')))]);
      // Likely later than promised too: the sample's promised-date column against its likely arrivals.
      expect(shownKinds.sort()).toEqual([...REASON_KINDS].sort());
      // Grouped by their worst open reason, the groups in the order of their worst shipment, a group
      // past four folded to its worst three: the engine's order within each.
      const grouped = new Map<string, string[]>();
      for (const i of before.items) {
        const lead = i.reasons.find((r) => !r.acknowledged)!.kind;
        grouped.set(lead, [...(grouped.get(lead) ?? []), i.reference]);
      }
      const shownRefs = [...grouped.values()].flatMap((g) => (g.length <= 4 ? g : g.slice(0, 3)));
      expect(await cards.locator('.attention-reference').allInnerTexts()).toEqual(shownRefs);
      for (const label of ['ETA slipped', 'Vessel changed', 'Stuck', 'Arrived, not delivered', 'Not found at the carrier']) {
        expect(await page.locator('.reason-tag', { hasText: label }).count(), label).toBeGreaterThan(0);
      }
      // Naive dates as the carrier gave them: an ETA is shown as its wall-clock text, never shifted.
      // (One that has not arrived: an arrival stands where the ETA was.)
      const withEta = before.items.find((i) => i.eta !== null && !i.progress?.arrivedAt && shownRefs.includes(i.reference))!;
      const card = cards.filter({ hasText: withEta.reference });
      // Written the one way the window writes dates: the browser's locale, no choice made in Settings.
      const dates = await windowDates(page);
      expect(await card.locator('.attention-meta').innerText()).toContain(dates.day(withEta.eta));
      await screenshot(page, 'attention');

      // "Customer told" on the worst shipment's first reason, by keyboard, with a comment.
      const worst = before.items[0]!;
      const worstCard = cards.filter({ hasText: worst.reference }).first();
      const reason = worst.reasons[0]!;
      await worstCard.getByRole('button', { name: /^Customer told/ }).first().focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type('told Müller GmbH by phone');
      await page.keyboard.press('Enter');
      const open = worst.reasons.filter((r) => !r.acknowledged).length;
      const expected = open === 1 ? before.needAttention - 1 : before.needAttention;
      await expect.poll(() => page.getByTestId('attention-summary').innerText(), { timeout: 10_000 }).toBe(`${expected} shipments need attention`);
      await expect.poll(badgeCount, { timeout: 10_000 }).toBe(String(expected));
      const stored = await value<AttentionPage>('attention.list', { includeAcknowledged: true, limit: 2000 });
      const handled = stored.items.find((i) => i.id === worst.id)!.reasons.find((r) => r.kind === reason.kind)!;
      expect(handled).toMatchObject({ acknowledged: true, acknowledgement: { comment: 'told Müller GmbH by phone' } });

      // Shown among the handled, with the comment, and taken back with Undo.
      await page.getByLabel('Show handled').check();
      // Every group open: the handled reason's shipment now leads with another reason, maybe folded.
      await expect.poll(() => page.getByTestId('attention-group').count()).toBeGreaterThan(1);
      const folded = page.locator('.attention-more[aria-expanded="false"]');
      while ((await folded.count()) > 0) await folded.first().click();
      const handledRow = cards.filter({ hasText: worst.reference }).first().locator(`.attention-reason[data-kind="${reason.kind}"]`);
      await handledRow.locator('.reason-since', { hasText: 'told Müller GmbH by phone' }).waitFor({ timeout: 10_000 });
      await handledRow.scrollIntoViewIfNeeded();
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'attention-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await handledRow.getByRole('button', { name: /^Undo/ }).click();
      await expect.poll(badgeCount, { timeout: 10_000 }).toBe(String(before.needAttention));

      // No free days: no clock anywhere, never a guess.
      const arrived = before.items.find((i) => i.reasons.some((r) => r.kind === 'arrived_not_delivered'))!;
      expect(arrived.lastFreeDay).toBeNull();
      // A reference opens the shipment in the table's detail.
      await cards.filter({ hasText: arrived.reference }).first().getByRole('button', { name: arrived.reference, exact: true }).click();
      const opened = page.getByRole('region', { name: 'Shipment detail' });
      await expect.poll(() => opened.getByRole('heading', { level: 2 }).innerText(), { timeout: 10_000 }).toBe(arrived.reference);
      expect(await nav.getByRole('button', { name: /^Shipments/ }).getAttribute('aria-current')).toBe('page');
      await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('[role="row"][data-id] .free-time').count()).toBe(0);

      // Free days for the carrier in Settings, then the table sorted by the clock.
      await nav.getByRole('button', { name: /^Settings/ }).click();
      const section = page.getByRole('region', { name: 'Attention and free time' });
      await section.getByLabel('By carrier (SCAC): name').fill(arrived.carrier.scac!);
      await section.getByLabel('By carrier (SCAC): free days').fill('4');
      await section.getByRole('button', { name: 'Set' }).first().click();
      await section.getByText(`${arrived.carrier.scac}: 4 free days`).waitFor({ timeout: 10_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'attention-settings');
      const clocked = await value<AttentionPage>('attention.list', { limit: 2000 });
      const withClock = clocked.items.find((i) => i.id === arrived.id)!;
      expect(withClock.lastFreeDay).not.toBeNull();

      await nav.getByRole('button', { name: /^Shipments/ }).click();
      await page.getByRole('button', { name: /^Free time/ }).click();
      const firstRow = page.locator('[role="row"][data-id]').first();
      await expect.poll(() => firstRow.locator('.free-time').count(), { timeout: 10_000 }).toBe(1);
      const firstClock = await firstRow.locator('.free-time').getAttribute('title');
      expect(firstClock).toMatch(/^Last free day \S+ \(port local\): /);
      // The soonest last free day leads: none of the rows after it has an earlier one.
      const titles = await page.locator('[role="row"][data-id] .free-time').evaluateAll((els) => els.map((e) => e.getAttribute('title')!));
      const days = titles.map((t) => dates.parseDay(/^Last free day (\S+) /.exec(t)![1]!));
      expect(days.every((d) => d !== null)).toBe(true);
      expect(days).toEqual([...days].sort());
      await screenshot(page, 'attention-clock-table');

      // The detail shows the same clock.
      await firstRow.dblclick();
      const detail = page.getByRole('region', { name: 'Shipment detail' });
      await detail.getByText('Free time', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await detail.locator('.free-time').innerText()).toMatch(new RegExp(`^Last free day ${DAY}, `));

      // The Attention view leads with the clock run out, in the same words.
      await nav.getByRole('button', { name: /^Attention/ }).click();
      const lead = cards.first();
      await expect.poll(() => lead.locator('.attention-reference').innerText(), { timeout: 10_000 }).toBe(clocked.items[0]!.reference);
      expect(clocked.items[0]!.daysLeft).not.toBeNull();
      expect(await lead.locator('.free-time').innerText()).toMatch(new RegExp(`^Last free day ${DAY}, (\\d+ days? (left|charged)|last free day today)$`));
      await screenshot(page, 'attention-clock');

      // The clock shows in exports' column choices as well.
      const columns = await value<{ id: string }[]>('export.columns');
      expect(columns.map((c) => c.id)).toEqual(expect.arrayContaining(['lastFreeDay', 'daysLeft']));
      const feed = await value<FeedPage>('feed.list', { limit: 50 });
      expect(feed.items.length).toBeGreaterThan(0);
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
