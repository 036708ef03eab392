/**
 * Export in Chromium against the real cache: the table's view to CSV and a selection to XLSX,
 * each downloaded through the window's <a download> and read back: BOM, header, only the
 * chosen columns, a note that a spreadsheet would run neutralised, a number kept a number,
 * the column choice remembered between exports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData } from '../../src/core/data/index.js';
import { cacheFile } from '../../src/core/platform/paths.js';
import { runCli } from '../cli/run-cli.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type Stack } from './support/index.js';

const CHOSEN = ['Reference', 'ETA moved (days)', 'Note'];
const NOTE = '=SUM(1,2) call the consignee';

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

/** RFC 4180 fields of one CSV line (quotes doubled inside quoted fields). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i++;
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}

describe.skipIf(skipWithoutChromium())('export in Chromium', () => {
  let stack: Stack;
  let noted: { id: number; reference: string };
  let moved: { id: number; reference: string };

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 12, sync: true });
    const list = await stack.call('shipments.list', { offset: 0, limit: 12, sort: 'recent' });
    if (!list.ok) throw new Error(list.error.message);
    const [first, second] = list.value.rows;
    if (!first || !second) throw new Error('the cache holds fewer than two shipments');
    noted = { id: first.id, reference: first.reference };
    moved = { id: second.id, reference: second.reference };
    const note = await stack.call('notes.set', { shipmentId: noted.id, note: NOTE });
    if (!note.ok) throw new Error(note.error.message);
    // An ETA moved by the carrier, seen by a sync: "ETA moved (days)" is 3.
    stack.sim.control.moveEta(stack.apiKey, moved.reference, 3);
    await stack.sync();
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('exports the view to CSV and a selection to XLSX, with the chosen columns remembered', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(stack.url);
      // Every shipment, delivered ones too: the view the table opens on holds only those still moving.
      await page.getByRole('radio', { name: 'All shipments' }).click();
      await page.getByRole('checkbox', { name: `Select ${moved.reference}` }).waitFor({ timeout: 15_000 });

      // CSV of the whole view, three columns chosen.
      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export shipments' });
      await dialog.getByRole('checkbox', { name: 'Reference' }).waitFor();
      expect(await dialog.getByRole('radio', { name: /Current view/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: /Selected shipments/ }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Select none' }).click();
      await dialog.getByRole('alert').getByText('Choose at least one column to export.').waitFor();
      for (const header of CHOSEN) await dialog.getByRole('checkbox', { name: header, exact: true }).check();
      await dialog.getByRole('radio', { name: /CSV/ }).check();
      await screenshot(page, 'export-dialog');

      const csv = await downloaded(page, () => dialog.getByRole('button', { name: 'Export 12 shipments' }).click());
      expect(csv.download.suggestedFilename()).toMatch(/^Quayside – shipments – \d{4}-\d{2}-\d{2}\.csv$/);
      await expect.poll(() => dialog.getByRole('status').innerText()).toContain(`12 shipments exported to ${csv.download.suggestedFilename()}`);
      await screenshot(page, 'export-dialog-done');
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.bytes.subarray(3).toString('utf8').split('\r\n').filter((l) => l !== '');
      expect(lines).toHaveLength(13);
      expect(csvFields(lines[0]!)).toEqual(CHOSEN);
      const rows = new Map(lines.slice(1).map((l) => csvFields(l)).map((f) => [f[0], f]));
      expect(rows.get(noted.reference)).toEqual([noted.reference, '', `'${NOTE}`]);
      expect(rows.get(moved.reference)).toEqual([moved.reference, '3', '']);
      for (const fields of rows.values()) expect(fields).toHaveLength(3);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // XLSX of a selection: the dialog starts from the remembered columns.
      await page.getByRole('checkbox', { name: `Select ${noted.reference}` }).check();
      await page.getByRole('checkbox', { name: `Select ${moved.reference}` }).check();
      await page.getByRole('button', { name: 'Export…' }).click();
      await dialog.getByRole('checkbox', { name: 'Reference' }).waitFor();
      expect(await dialog.getByRole('checkbox', { name: 'Carrier', exact: true }).isChecked()).toBe(false);
      for (const header of CHOSEN) expect(await dialog.getByRole('checkbox', { name: header, exact: true }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: /Selected shipments/ }).isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: /Excel/ }).check();
      const xlsx = await downloaded(page, () => dialog.getByRole('button', { name: 'Export 2 shipments' }).click());
      expect(xlsx.download.suggestedFilename()).toMatch(/^Quayside – 2 selected shipments – \d{4}-\d{2}-\d{2}\.xlsx$/);
      await expect.poll(() => dialog.getByRole('status').innerText()).toContain('2 shipments exported to');
      const [sheet] = (await readXlsxFile(xlsx.bytes)) as unknown as { sheet: string; data: unknown[][] }[];
      expect(sheet!.sheet).toBe('Quayside – 2 selected shipments');
      expect(sheet!.data[0]).toEqual(CHOSEN);
      expect(sheet!.data).toHaveLength(3);
      const byReference = new Map(sheet!.data.slice(1).map((r) => [r[0], r]));
      expect(byReference.get(moved.reference)).toEqual([moved.reference, 3, null]);
      expect(typeof byReference.get(moved.reference)![1]).toBe('number');
      expect(byReference.get(noted.reference)).toEqual([noted.reference, null, NOTE]);

      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Export…' }).click();
      await dialog.getByRole('checkbox', { name: 'Reference' }).waitFor();
      await screenshot(page, 'export-dialog-dark');
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
  it('ticks the customer\'s columns by default, as quayside export writes them, and names the file after the watchlist (960 px, light and dark)', async () => {
    const list = await stack.call('shipments.list', { offset: 0, limit: 3, sort: 'reference' });
    if (!list.ok) throw new Error(list.error.message);
    const ids = list.value.rows.map((r) => r.id);
    // Columns of a customer's sheet, written as an import (or a CLI command beside the app) writes them.
    const store = openData(cacheFile(stack.dataDir));
    try {
      store.write((tx) => ids.forEach((id, i) => tx.fields.set(id, { customer: 'ACME Foods', po: `4500-${i}` })));
    } finally {
      store.close();
    }
    const created = await stack.call('watchlists.create', { name: 'ACME Foods', kind: 'list', shipmentIds: ids });
    if (!created.ok) throw new Error(created.error.message);
    const offered = await stack.call('export.columns');
    if (!offered.ok) throw new Error(offered.error.message);
    const headerOf = new Map(offered.value.map((c) => [c.id, c.header]));

    // quayside export on the same cache, without --columns: the headers it writes.
    const folder = mkdtempSync(join(tmpdir(), 'quayside-e2e-export-'));
    const cli = await runCli(['export', '--out', folder, '--format', 'xlsx', '--watchlist', 'ACME Foods', '--json'], { env: { QUAYSIDE_DATA_DIR: stack.dataDir } });
    expect(cli.code, cli.stderr).toBe(0);
    const written = JSON.parse(cli.stdout) as { file: string; columns: string[] };
    const cliHeaders = written.columns.map((id) => headerOf.get(id));
    expect(cliHeaders.slice(0, 3)).toEqual(['Reference', 'Customer', 'PO']);

    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.setViewportSize({ width: 960, height: 900 });
      await page.goto(stack.url);
      await page.getByRole('button', { name: /^Watchlists/ }).click();
      await page.getByRole('button', { name: 'Open ACME Foods in the table' }).click();
      await expect.poll(() => page.locator('.count').innerText(), { timeout: 15_000 }).toBe('3 shipments');
      // The theme is kept in the cache's settings: the first test left it dark.
      if ((await page.locator('html').getAttribute('data-theme')) === 'dark') await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });

      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export shipments' });
      await dialog.getByRole('checkbox', { name: 'Reference' }).waitFor();
      expect(await dialog.getByRole('checkbox', { name: 'Customer imported' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'PO imported' }).isChecked()).toBe(true);
      const boxes = dialog.locator('.export-column');
      const ticked: string[] = [];
      for (let i = 0; i < (await boxes.count()); i++) {
        if (await boxes.nth(i).getByRole('checkbox').isChecked()) ticked.push(await boxes.nth(i).locator('.export-column-name').innerText());
      }
      // The window's default and the CLI's are one set, in one order.
      expect(ticked).toEqual(cliHeaders);
      await dialog.getByRole('radio', { name: /Excel/ }).check();
      await screenshot(page, 'export-dialog-defaults-960');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Export…' }).click();
      await dialog.getByRole('checkbox', { name: 'Reference' }).waitFor();
      // The format is remembered; the columns were left as the default gave them.
      expect(await dialog.getByRole('radio', { name: /Excel/ }).isChecked()).toBe(true);
      await screenshot(page, 'export-dialog-defaults-960-dark');

      const xlsx = await downloaded(page, () => dialog.getByRole('button', { name: 'Export 3 shipments' }).click());
      // The same name as the CLI gave its file in a folder: the watchlist and the desk's day.
      expect(xlsx.download.suggestedFilename()).toBe(basename(written.file));
      expect(xlsx.download.suggestedFilename()).toMatch(/^ACME Foods – shipments – \d{4}-\d{2}-\d{2}\.xlsx$/);
      const [sheet] = (await readXlsxFile(xlsx.bytes)) as unknown as { sheet: string; data: unknown[][] }[];
      const [cliSheet] = (await readXlsxFile(await readFile(written.file))) as unknown as { sheet: string; data: unknown[][] }[];
      expect(sheet!.sheet).toBe('ACME Foods – shipments');
      expect(cliSheet!.sheet).toBe(sheet!.sheet);
      expect(sheet!.data[0]).toEqual(cliHeaders);
      expect(sheet!.data).toEqual(cliSheet!.data);
      expect(new Set(sheet!.data.slice(1).map((r) => r[1]))).toEqual(new Set(['ACME Foods']));
      await expect.poll(() => dialog.getByRole('status').innerText()).toContain('3 shipments exported to ACME Foods – shipments –');
      await screenshot(page, 'export-dialog-done-960-dark');
      expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    } finally {
      await browser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
