/**
 * Watchlists in the window, end to end: a customer sheet imported through the contract, then
 * one list per customer made from the Watchlists view, counts seen, a list opened in the table.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src/shared/contract/index.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type Stack } from './support/index.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/import/semicolons.csv', import.meta.url));

async function must<T>(answer: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function importFixture(stack: Stack): Promise<ImportJobView> {
  const opened = await stack.call('imports.open', { path: FIXTURE });
  if (!opened.ok) throw new Error(opened.error.message);
  const started = await stack.call('imports.start', { fileId: opened.value.fileId });
  if (!started.ok) throw new Error(started.error.message);
  for (let i = 0; i < 600; i++) {
    const jobs = await stack.call('imports.jobs');
    if (!jobs.ok) throw new Error(jobs.error.message);
    const job = jobs.value.find((j) => j.jobId === started.value.jobId);
    if (job?.state === 'done') return job;
    if (job?.state === 'failed') throw new Error(`the import failed: ${job.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish in 60 s');
}

describe.skipIf(skipWithoutChromium())('watchlists in Chromium', () => {
  let stack: Stack;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 12, credits: 500, sync: true });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('makes one list per customer from an import, shows the counts, opens one in the table', async () => {
    const job = await importFixture(stack);
    expect(job.references).toBe(3);
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(stack.url, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Watchlists' }).click();
      await page.getByRole('heading', { name: 'Watchlists', level: 1 }).waitFor();
      await page.getByText('No watchlists yet').waitFor();

      await page.getByRole('button', { name: 'Lists from an import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Watchlists from an import' });
      await expect.poll(() => dialog.getByLabel('Import').locator('option:checked').innerText()).toContain('semicolons.csv');
      // Keyboard: the first choice has the focus.
      await expect.poll(() => page.locator('select:focus').getAttribute('class')).toContain('select');
      expect(await dialog.locator('select:focus').count()).toBe(1);
      // The customer column is chosen by itself; the preview names each list and its size.
      await expect.poll(() => dialog.getByLabel('One list per value of the column').inputValue()).toBe('customer');
      const preview = dialog.getByRole('table', { name: 'Lists that will be made' });
      await expect.poll(() => preview.locator('tbody tr').allInnerTexts()).toEqual(['ACME\t2\tNew list', 'Globex\t1\tNew list']);
      await screenshot(page, 'watchlists-from-import');
      await dialog.getByRole('button', { name: 'Make 2 lists' }).click();
      await dialog.waitFor({ state: 'detached' });

      const rows = page.locator('.watchlist-table tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      const acme = rows.filter({ hasText: 'ACME' });
      await expect.poll(() => acme.locator('td.num').innerText()).toBe('2');
      await expect.poll(() => rows.filter({ hasText: 'Globex' }).locator('td.num').innerText()).toBe('1');
      await expect.poll(() => acme.innerText()).toContain('Never');
      expect(await acme.locator('.wl-attention').innerText()).toBe('Nothing to look at');

      // The carrier moves an ACME ETA; after a refresh the list needs attention, and so does the nav.
      stack.sim.control.moveEta(stack.apiKey, 'MSKU1234565', 2);
      await stack.call('sync.now');
      await expect.poll(() => acme.locator('.wl-attention').innerText(), { timeout: 15_000 }).toContain('1 needs attention');
      expect(await acme.locator('.attention-parts').innerText()).toBe('ETA slipped 1');
      await expect.poll(() => page.getByTestId('nav-badge-watchlists').innerText()).toContain('1');
      expect(await rows.filter({ hasText: 'Globex' }).locator('.wl-attention').innerText()).toBe('Nothing to look at');
      await screenshot(page, 'watchlists-list');
      await page.getByRole('button', { name: /^Switch to dark theme/ }).click();
      await screenshot(page, 'watchlists-list-dark');
      await page.getByRole('button', { name: /^Switch to light theme/ }).click();

      await page.getByRole('button', { name: 'Open ACME in the table' }).click();
      await expect.poll(() => page.locator('.count').innerText(), { timeout: 15_000 }).toBe('2 shipments');
      const table = page.locator('#main');
      await expect.poll(() => table.innerText()).toContain('MSKU1234565');
      await expect.poll(() => table.innerText()).toContain('CMAU3000014');
      expect(await table.innerText()).not.toContain('HLXU8123451');
      // Opening it marks it viewed: its ETA moves count from now.
      const lists = await stack.call('watchlists.list');
      if (!lists.ok) throw new Error(lists.error.message);
      expect(lists.value.find((w) => w.name === 'ACME')?.lastViewedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await screenshot(page, 'watchlists-open-in-table');
      // Back on the list: looked at, but the slipped ETA still needs attention, as the Attention view says.
      await page.getByRole('button', { name: /^Watchlists/ }).click();
      await expect.poll(() => acme.innerText(), { timeout: 15_000 }).toContain('just now');
      expect(await acme.locator('.wl-attention').innerText()).toContain('1 needs attention');
      // Marked handled in Attention, it is off the list's count too.
      const slipped = await stack.call('shipments.list', { search: 'MSKU1234565', offset: 0, limit: 1 });
      if (!slipped.ok) throw new Error(slipped.error.message);
      const handled = await stack.call('attention.acknowledge', { shipmentId: slipped.value.rows[0]!.id, kind: 'eta_slipped' });
      if (!handled.ok) throw new Error(handled.error.message);
      await expect.poll(() => acme.locator('.wl-attention').innerText(), { timeout: 15_000 }).toBe('Nothing to look at');
      await expect.poll(() => page.getByTestId('nav-badge-watchlists').count()).toBe(0);
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('makes a list from the table\'s selection, removes a shipment from it, and saves a filter from the facets', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(stack.url, { waitUntil: 'load' });
      // The table opens on the shipments still moving, what arrives next first.
      const rows = await must(stack.call('shipments.list', { moving: true, order: [{ column: 'eta', direction: 'asc' }], offset: 0, limit: 2 }));
      const [a, b] = rows.rows.map((r) => r.reference) as [string, string];
      await page.getByRole('checkbox', { name: `Select ${a}` }).check();
      await page.getByRole('checkbox', { name: `Select ${b}` }).check();
      await page.getByRole('button', { name: /^Watchlists/ }).click();
      await page.getByRole('button', { name: 'New list from selection (2)' }).click();
      const naming = page.getByRole('dialog', { name: 'New list from the selection' });
      await naming.getByLabel('Name').fill('Initech');
      await naming.getByLabel('Name').press('Enter');
      await naming.waitFor({ state: 'detached' });
      const initech = page.locator('.watchlist-table tbody tr', { hasText: 'Initech' });
      await expect.poll(() => initech.locator('td.num').innerText()).toBe('2');

      await page.getByRole('button', { name: 'Remove shipments from Initech' }).click();
      const members = page.getByRole('dialog', { name: 'Remove shipments from "Initech"' });
      await members.getByRole('checkbox').first().waitFor();
      expect(await members.getByRole('checkbox').count()).toBe(2);
      await members.getByRole('checkbox').first().check();
      await screenshot(page, 'watchlists-remove-shipments');
      await members.getByRole('button', { name: 'Remove 1 shipment from the list' }).click();
      await members.waitFor({ state: 'detached' });
      await expect.poll(() => initech.locator('td.num').innerText()).toBe('1');

      // A saved filter on a carrier: its count is the carrier's count in the cache.
      const facets = await must(stack.call('shipments.facets'));
      const carrier = facets.carriers.find((c) => c.scac)!;
      await page.getByRole('button', { name: 'Save a filter…' }).click();
      const saving = page.getByRole('dialog', { name: 'Save a filter as a watchlist' });
      await saving.getByRole('button', { name: 'Save filter' }).click();
      await expect.poll(() => saving.getByRole('alert').innerText()).toContain('Give the saved filter a name');
      await saving.getByLabel('Name').fill(`All ${carrier.scac}`);
      await saving.getByRole('button', { name: 'Save filter' }).click();
      await expect.poll(() => saving.getByRole('alert').innerText()).toContain('Choose at least one condition');
      await saving.getByLabel('Carrier').selectOption(carrier.scac!);
      await screenshot(page, 'watchlists-saved-filter');
      await saving.getByRole('button', { name: 'Save filter' }).click();
      await saving.waitFor({ state: 'detached' });
      const saved = page.locator('.watchlist-table tbody tr', { hasText: `All ${carrier.scac}` });
      await expect.poll(() => saved.locator('td.num').innerText()).toBe(String(carrier.count));
      expect(await saved.locator('.wl-kind').innerText()).toBe(`Saved filter: Carrier ${carrier.scac}`);

      // Changed later to another carrier: name, conditions and count follow, in the same row.
      const other = facets.carriers.find((c) => c.scac && c.scac !== carrier.scac)!;
      await page.getByRole('button', { name: `Edit the filter All ${carrier.scac}` }).click();
      const editing = page.getByRole('dialog', { name: `Edit the saved filter "All ${carrier.scac}"` });
      expect(await editing.getByLabel('Carrier').inputValue()).toBe(carrier.scac);
      await editing.getByLabel('Name').fill(`All ${other.scac}`);
      await editing.getByLabel('Carrier').selectOption(other.scac!);
      await screenshot(page, 'watchlists-edit-filter');
      await editing.getByRole('button', { name: 'Save changes' }).click();
      await editing.waitFor({ state: 'detached' });
      const changed = page.locator('.watchlist-table tbody tr', { hasText: `All ${other.scac}` });
      await expect.poll(() => changed.locator('td.num').innerText()).toBe(String(other.count));
      expect(await changed.locator('.wl-kind').innerText()).toBe(`Saved filter: Carrier ${other.scac}`);
      expect(await saved.count()).toBe(0);
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
