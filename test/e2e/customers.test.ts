/**
 * Customer updates in Chromium against the harness on sample data: the Customers view
 * lists the sample customers; a person sets up a customer on one of the sample watchlists (an
 * address that is not an address refused at save, in one sentence), previews the next update and
 * makes a draft, which the browser gets as a .eml download that parses with mailparser and carries
 * `X-Unsent: 1`; the draft waits in the outbox until the person marks it sent. Sending stays off.
 * Screenshots: customers, customers-dark, customers-preview, customers-preview-dark, customers-editor-closest.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/harness/server.js';
import { DEMO_CUSTOMERS } from '../../src/sim/demo-customers.js';
import { startDemoHarness, type DemoHarness, launchBrowser, screenshot, skipWithoutChromium } from './support/index.js';

describe.skipIf(skipWithoutChromium())('the Customers view in Chromium', () => {
  let demo: DemoHarness;
  let harness: Harness;

  beforeAll(async () => {
    demo = await startDemoHarness('customers');
    harness = demo.harness;
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('sets up a customer, previews their update and makes a draft a mail program can open', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(harness.pageUrl, { waitUntil: 'load' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Customers/ }).click();
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Customers' });
      await list.waitFor({ timeout: 10_000 });
      for (const c of DEMO_CUSTOMERS) await list.getByRole('button', { name: `${c.rule.name}: open` }).waitFor();

      // A customer by a column value is chosen from the column's values with their counts; a
      // near miss is warned of, with the value the cache has offered in its place.
      await page.getByRole('button', { name: 'New customer' }).click();
      const chooser = page.getByRole('form', { name: 'New customer' });
      const values = chooser.getByRole('combobox', { name: 'Value in the column' });
      await values.waitFor();
      const offered = await values.locator('option').allInnerTexts();
      const sample = DEMO_CUSTOMERS[0]!.rule.name;
      expect(offered.find((o) => o.startsWith(`${sample} (`))).toMatch(new RegExp(`^${sample} \\(\\d+ shipments\\)$`));
      await chooser.getByLabel('Customer name').fill(sample.slice(0, -1));
      const near = chooser.getByRole('note');
      await near.waitFor();
      expect(await near.innerText()).toContain(`the closest value is "${sample}"`);
      await screenshot(page, 'customers-editor-closest');
      await near.getByRole('button', { name: `Use "${sample}"` }).click();
      expect(await values.inputValue()).toBe(sample);
      await chooser.getByRole('button', { name: 'Cancel' }).click();

      // A new customer on a sample watchlist, by keyboard where a person would use it.
      await page.getByRole('button', { name: 'New customer' }).click();
      const editor = page.getByRole('form', { name: 'New customer' });
      await editor.getByLabel('Customer name').fill('Kestrel Foods');
      await editor.getByRole('radio', { name: 'A watchlist' }).check();
      await editor.getByRole('combobox', { name: /^Watchlist/ }).selectOption(DEMO_CUSTOMERS[2]!.watchlist);
      await editor.getByRole('textbox', { name: /^To / }).fill('imports@kestrel-foods.example, not an address');
      await editor.getByRole('button', { name: 'Save customer' }).press('Enter');
      const problem = editor.locator('.field-problems li').first();
      await problem.waitFor();
      const sentence = await problem.innerText();
      expect(sentence).toMatch(/not an address/i);
      expect(sentence.trim().split(/(?<=\.)\s+/)).toHaveLength(1);

      await editor.getByRole('textbox', { name: /^To / }).fill('imports@kestrel-foods.example');
      await editor.getByRole('button', { name: 'Save customer' }).click();
      await page.getByRole('heading', { name: 'Kestrel Foods', level: 2 }).waitFor({ timeout: 10_000 });
      await list.getByRole('button', { name: 'Kestrel Foods: open' }).waitFor();

      // The preview of the next update: the sample watchlist's shipments have news.
      const preview = page.getByRole('region', { name: 'Next update to Kestrel Foods' });
      await preview.waitFor({ timeout: 15_000 });
      expect(await preview.locator('.preview-headers').innerText()).toContain('imports@kestrel-foods.example');
      const subject = (await preview.locator('.preview-subject').innerText()).trim();
      expect(subject).toContain('Kestrel Foods');
      // Sending stays off with the sample data; drafts work.
      expect(await preview.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true);
      expect(await preview.innerText()).toContain('Sending stays off with the sample data');
      await screenshot(page, 'customers');
      await preview.getByRole('button', { name: 'Plain text' }).click();
      const text = await preview.getByLabel('Update to Kestrel Foods as plain text').innerText();
      expect(text.length).toBeGreaterThan(40);
      await preview.getByRole('button', { name: 'As the customer sees it' }).click();
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, 'customers-preview');

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByRole('heading', { name: 'Customers', level: 1 }).scrollIntoViewIfNeeded();
      await screenshot(page, 'customers-dark');
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, 'customers-preview-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // A draft: the browser is offered the .eml; nothing is marked sent.
      await preview.getByRole('button', { name: 'Make a draft' }).click();
      const link = page.getByRole('link', { name: 'Download the draft (.eml)' });
      await link.waitFor({ timeout: 10_000 });
      const href = await link.getAttribute('href');
      const response = await page.request.get(new URL(href!, harness.url).toString());
      expect(response.status()).toBe(200);
      const mail = await simpleParser(await response.body());
      expect(mail.headers.get('x-unsent')).toBe('1');
      expect(mail.subject).toBe(subject);
      expect(JSON.stringify(mail.to)).toContain('imports@kestrel-foods.example');
      expect(mail.text ?? '').toContain('Kestrel Foods');

      const mine = page.getByRole('list', { name: 'Updates to Kestrel Foods' });
      const draft = mine.getByRole('listitem').first();
      await draft.locator('.pill', { hasText: 'Draft, not sent' }).waitFor();
      await draft.getByRole('button', { name: 'Mark as sent' }).click();
      await draft.locator('.pill', { hasText: /^Sent$/ }).waitFor({ timeout: 10_000 });
      expect(await draft.innerText()).toContain('marked sent');

      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
