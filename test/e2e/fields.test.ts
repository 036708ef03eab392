/**
 * A shipment's own fields in Chromium: added and edited in the detail, their history, Undo, a
 * field a colleague's desk changed without seeing this desk's change shown with both values
 * until one is kept, and one value given to several selected shipments at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData } from '../../src/core/data/index.js';
import { cacheFile } from '../../src/core/platform/paths.js';
import type { ShipmentTableRow } from '../../src/shared/contract/index.js';
import { buildRenderer, screenshot, skipWithoutChromium, startStack, type LaunchedBrowser, type Stack } from './support/index.js';
import { openWindow, pageErrors, rowOf } from './support/workspace.js';

async function looks(page: LaunchedBrowser['page'], name: string): Promise<void> {
  for (const size of [{ width: 960, height: 800 }, { width: 1440, height: 900 }]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(theme);
      await page.locator('.fields-section').scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-${size.width}-${theme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.skipIf(skipWithoutChromium())('fields in Chromium: edit, history, undo, two values', () => {
  let stack: Stack;
  let browser: LaunchedBrowser;
  let rows: ShipmentTableRow[];

  beforeAll(async () => {
    const [, started] = await Promise.all([buildRenderer(), startStack({ shipments: 4, credits: 50, sync: true })]);
    stack = started;
    const listed = await stack.call('shipments.list', { offset: 0, limit: 10, sort: 'reference' });
    if (!listed.ok) throw new Error(listed.error.message);
    rows = listed.value.rows;
    browser = await openWindow(stack);
    // The table opens on the shipments still moving; these tests take any, once all four are drawn.
    await browser.page.getByRole('radio', { name: 'All shipments' }).click();
    await browser.page.getByRole('grid', { name: 'Shipments' }).locator('.c-reference').nth(rows.length - 1).waitFor();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('adds and edits a field in the detail, lists its history, undoes, and keeps one of two values', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const shipment = rows[0]!;
    await rowOf(page, shipment.reference).dblclick();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).innerText()).toContain(shipment.reference);
    const fields = detail.getByRole('region', { name: 'Fields' });
    await fields.getByText(/No fields yet/).waitFor();

    await fields.getByRole('button', { name: 'Add a field' }).click();
    await fields.getByRole('textbox', { name: 'Field name' }).fill('Customer');
    await fields.getByRole('textbox', { name: 'Value' }).fill('ACME');
    await fields.getByRole('textbox', { name: 'Value' }).press('Enter');
    const customer = fields.locator('.field-row[data-field="Customer"]');
    await expect.poll(() => customer.locator('.field-value').innerText()).toBe('ACME');
    expect(await customer.locator('.field-origin').innerText()).toMatch(/^typed · on this desk · just now$/);

    await customer.getByRole('button', { name: 'Edit Customer' }).click();
    await customer.getByRole('textbox').fill('ACME GmbH');
    await customer.getByRole('textbox').press('Enter');
    await expect.poll(() => customer.locator('.field-value').innerText()).toBe('ACME GmbH');
    await customer.getByRole('button', { name: 'History (1)' }).click();
    expect(await customer.getByRole('list', { name: 'History of Customer' }).innerText()).toMatch(/^“ACME” typed · on this desk/);
    // The table shows the field's value too.
    await expect.poll(() => rowOf(page, shipment.reference).locator('.c-customer').innerText()).toBe('ACME GmbH');

    await customer.getByRole('button', { name: 'Undo the last change of Customer' }).click();
    await expect.poll(() => customer.locator('.field-value').innerText()).toBe('ACME');
    await looks(page, 'fields-history');

    // A colleague's desk changed it without having seen this desk's change (as the team's edit reaches this cache).
    const other = openData(cacheFile(stack.dataDir));
    try {
      const trackingId = other.read.getShipment(shipment.id)!.trackingId!;
      const later = new Date(Date.now() + 2_000).toISOString();
      other.write((tx) =>
        tx.team.fields.storePulled(
          [{ uid: 'colleague-1', seq: 1, trackingId, name: 'customer', value: 'Nordhafen Textiles', editedAt: later, deskId: 'desk-2', deskN: 1, deskName: 'Desk-2', seenSeq: 0, earlier: false, source: 'person', row: null, detail: null }],
          1,
        ),
      );
    } finally {
      other.close();
    }
    await page.keyboard.press('Escape');
    await rowOf(page, shipment.reference).dblclick();
    const conflict = fields.getByRole('group', { name: 'Customer has 2 values' });
    await conflict.waitFor();
    expect(await conflict.innerText()).toMatch(/2 values:[\s\S]*“Nordhafen Textiles” typed · by Desk-2 · just now · shown now[\s\S]*“ACME” undone · on this desk/);
    await looks(page, 'fields-conflict');
    await conflict.getByRole('button', { name: 'Keep “ACME”' }).click();
    await expect.poll(() => fields.getByRole('group').count()).toBe(0);
    expect(await customer.locator('.field-value').innerText()).toBe('ACME');
    expect(await customer.locator('.field-origin').innerText()).toMatch(/^chosen of two values · on this desk/);
    expect(pageErrors(browser)).toEqual([]);
  });

  it('gives several selected shipments one value of a field', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'All shipments' }).click();
    for (const row of rows.slice(1, 3)) await rowOf(page, row.reference).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set field…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a field of 2 shipments' });
    await dialog.getByRole('combobox', { name: 'Field' }).fill('PO');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('PO-4711');
    await dialog.getByRole('button', { name: 'Set on 2 shipments' }).click();
    await dialog.getByText('PO set on 2 shipments; each value before is kept in its history.').waitFor();
    await screenshot(page, 'fields-set-several-1440-light');
    await dialog.getByRole('button', { name: 'Done' }).click();
    for (const row of rows.slice(1, 3)) {
      const fields = await stack.call('fields.ofShipment', { shipmentId: row.id });
      expect(fields.ok && fields.value.map((f) => [f.name, f.value])).toEqual([['PO', 'PO-4711']]);
    }
  });
});
