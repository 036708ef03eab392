/**
 * The team in the window, in Chromium against the web harness and a real PostgreSQL cluster: a
 * second desk (a runtime of its own on its own cache) is in the team and leads; this desk joins
 * from Settings → Team (a wrong password refused in a sentence, then the right address typed by
 * keyboard), sees the leader and both desks in Settings and the status bar, sees the team database
 * go away and come back, and leaves after a confirmation. The password never reaches the page.
 * Desk-2's import gives a shipment its columns (the detail names Desk-2), and a sheet Desk-2
 * imports shows on this desk's Import page under "Team imports", with its name and progress.
 * Screenshots: team-join-refused, team-settings(-dark), team-offline(-dark), team-fields-origin,
 * team-imports-running, team-imports-done, team-imports-dark, team-leave-dark.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { teamAddressAccount } from '../../src/team/session.js';
import { runImport } from '../../src/core/features/imports/index.js';
import { containerNumbers } from '../import/make-references.js';
import { TEST_ROLE_PASSWORD, postgresMissing, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { buildRenderer, launchBrowser, screenshot, skipWithoutChromium, startStack, type Stack } from './support/index.js';
import { rowOf } from './support/workspace.js';

const missing = postgresMissing();
if (missing) console.warn(`[skipped] team in the window: ${missing}`);

describe.skipIf(skipWithoutChromium() || missing !== null)('the team in the window, in Chromium', () => {
  let cluster: PostgresCluster;
  let teamUrl: string;
  let stack: Stack;
  let otherDir: string;
  let otherDesk: AppRuntime;

  beforeAll(async () => {
    await buildRenderer();
    cluster = await startPostgresCluster();
    teamUrl = await cluster.createDatabase('harbour_office');
    stack = await startStack({ shipments: 6, sync: true });
    // Desk-2: another desk on the same key, joined first, so it leads the team's sync.
    otherDir = mkdtempSync(join(tmpdir(), 'quayside-e2e-desk2-'));
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(stack.sim.url), stack.apiKey);
    otherDesk = createAppRuntime({ dataDir: otherDir, apiBase: stack.sim.url, secrets, shell: 'harness', version: 'e2e', timeScale: 20 });
    const joined = await otherDesk.dispatch('team.join', { address: teamUrl, desk: 'Desk-2' });
    if (!joined.ok) throw new Error(joined.error.message);
  }, 180_000);

  afterAll(async () => {
    await otherDesk?.close();
    await stack?.close();
    cluster?.stop();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  it('joins from Settings → Team, shows the team there and in the status bar, offline too, and leaves', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = browser;
      await page.goto(stack.url);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Settings/ }).click();
      const section = page.getByRole('region', { name: 'Team' });
      const address = section.getByLabel('Team database address');
      expect(await address.getAttribute('type')).toBe('password');

      // A wrong password: refused in a sentence, nothing saved, the field emptied.
      await address.fill(teamUrl.replace(TEST_ROLE_PASSWORD, 'not-the-Password-1'));
      await section.getByLabel("This desk's name").fill('Anna');
      await section.getByRole('button', { name: 'Test and join' }).click();
      await section.getByRole('alert').getByText(/refused the user name or password; ask whoever set it up for the address again/).waitFor({ timeout: 15_000 });
      expect(await address.inputValue()).toBe('');
      expect(await stack.secrets.get(teamAddressAccount(stack.sim.url))).toBeNull();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'team-join-refused');

      // The right address, by keyboard: typed into the focused field, Enter submits.
      await address.focus();
      await page.keyboard.type(teamUrl);
      await page.keyboard.press('Enter');
      await section.getByText(/^Joined the team at postgres:\/\/quayside@127\.0\.0\.1:\d+\/harbour_office as desk "Anna"/).waitFor({ timeout: 15_000 });
      expect(await stack.secrets.get(teamAddressAccount(stack.sim.url))).toBe(teamUrl);

      const bar = page.getByRole('status', { name: 'Service status' });
      const teamMark = bar.getByRole('button', { name: /^Team: / });
      await expect.poll(() => teamMark.innerText(), { timeout: 15_000 }).toBe('Team: 2 desks online · leader Desk-2');
      await expect.poll(() => section.locator('.team-desks tbody tr').allInnerTexts(), { timeout: 15_000 }).toEqual([
        expect.stringMatching(/^Anna \(this desk\)\s+just now\s+Online$/),
        expect.stringMatching(/^Desk-2\s+just now\s+Online\s*Leader$/),
      ]);
      await section.getByText('Desk-2: it refreshes the shipments for every desk').waitFor();
      await section.getByText('2 of 2 desks on this API key').waitFor();
      // Following the leader: this desk pulled its snapshots.
      await expect.poll(() => section.locator('dd').nth(2).innerText(), { timeout: 15_000 }).toBe('just now');
      expect(await page.content()).not.toContain(TEST_ROLE_PASSWORD);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'team-settings');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'team-settings-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // The team database goes away: said in the status bar and the section; it comes back.
      cluster.pause();
      try {
        const offline = bar.getByRole('button', { name: "Team offline — working from this desk's cache" });
        await offline.waitFor({ timeout: 20_000 });
        await section.getByRole('alert').getByText(/^The team database at postgres:\/\/quayside@127\.0\.0\.1:\d+\/harbour_office (cannot be reached|is not available right now).*this desk keeps/).waitFor();
        await screenshot(page, 'team-offline');
        await page.emulateMedia({ colorScheme: 'dark' });
        await screenshot(page, 'team-offline-dark');
        await page.emulateMedia({ colorScheme: 'light' });
      } finally {
        cluster.resume();
      }
      await expect.poll(() => teamMark.innerText(), { timeout: 30_000 }).toMatch(/^Team: 2 desks online · leader /);

      // Columns from Desk-2's import (written as its push writes them) reach this desk, and the detail says whose they are.
      // The first row of the table as it opens: the shipments still moving, what arrives next first.
      const list = await stack.call('shipments.list', { moving: true, order: [{ column: 'eta', direction: 'asc' }], offset: 0, limit: 1 });
      if (!list.ok) throw new Error(list.error.message);
      const first = list.value.rows[0]!;
      const admin = new pg.Client({ connectionString: cluster.adminUrl('harbour_office') });
      await admin.connect();
      try {
        await admin.query(
          `INSERT INTO field_edits (account, uid, seq, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source, row_number, detail)
           SELECT account, 'desk-2-' || f.name, nextval('team_seq'), $1, f.name, f.value, $2, 'desk-2-id', f.n, 'Desk-2', 0, false, 'import', 4, 'mueller.csv'
           FROM desks, (VALUES ('Customer', 'Müller GmbH', 1), ('PO', 'PO-7731', 2)) AS f(name, value, n) WHERE desk = 'Desk-2'`,
          [first.trackingId, new Date().toISOString()],
        );
        await admin.query("SELECT pg_notify('quayside_team', account) FROM desks WHERE desk = 'Desk-2'");
      } finally {
        await admin.end();
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Shipments/ }).click();
      await rowOf(page, first.reference).dblclick();
      const detail = page.getByRole('region', { name: 'Shipment detail' });
      await detail.getByText('Müller GmbH').waitFor({ timeout: 15_000 });
      const origin = detail.locator('.field-row[data-field="Customer"] .field-origin');
      await expect.poll(() => origin.innerText(), { timeout: 15_000 }).toMatch(/^from mueller\.csv, row 4 · by Desk-2 · just now$/);
      await screenshot(page, 'team-fields-origin');

      // Desk-2 imports a sheet (its answers slowed, so it is seen running): this desk's Import page
      // lists it under the team's imports with Desk-2's name and its progress, kept current.
      const sheetName = 'Hamburg customer sheet – week 48, revised by the Bremen office (final).csv';
      const sheetPath = join(otherDir, sheetName);
      const numbers = containerNumbers(40, 880_000);
      writeFileSync(sheetPath, ['Container No.;Customer', ...numbers.map((n, i) => `${n};Customer ${i % 3}`)].join('\r\n'));
      stack.sim.control.setFaults({ latencyMs: 1_200 });
      const imported = runImport(otherDesk.core, sheetPath);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Import/ }).click();
      const teamJobs = page.getByRole('region', { name: 'Team imports' });
      const job = teamJobs.getByRole('listitem', { name: `${sheetName}, started by Desk-2` });
      await job.waitFor({ timeout: 15_000 });
      expect(await job.innerText()).toContain('Started by Desk-2');
      await expect.poll(() => job.innerText(), { timeout: 15_000 }).toMatch(/Running on Desk-2\n/);
      const progress = job.getByRole('progressbar', { name: `Progress of ${sheetName} (started by Desk-2)` });
      expect(await progress.getAttribute('aria-valuetext')).toMatch(/^\d+%: \d+ of 40 references done$/);
      await expect.poll(() => job.innerText(), { timeout: 15_000 }).toMatch(/\d+ of 40 references done · [1-9]\d* sent · \d+ tracked/);
      await screenshot(page, 'team-imports-running');
      stack.sim.control.setFaults({ latencyMs: 0 });
      const report = await imported;
      await expect.poll(() => job.innerText(), { timeout: 20_000 }).toMatch(new RegExp(`Finished by Desk-2\\s+40 of 40 references done · 40 sent · ${report.found} tracked`));
      expect(await progress.getAttribute('aria-valuenow')).toBe('100');
      // The bar's width eases in (0.3 s): pictured once it has.
      await job.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a: { finished: Promise<unknown> }) => a.finished)));
      // The list scrolls, so it takes the keyboard's focus.
      await teamJobs.getByRole('list').focus();
      await screenshot(page, 'team-imports-done');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'team-imports-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Settings/ }).click();

      // Leaving asks first; then the join form is back and the keychain entry gone.
      await section.getByRole('button', { name: 'Leave the team…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave the team?' });
      await dialog.waitFor();
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'team-leave-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await dialog.getByRole('button', { name: 'Leave the team' }).click();
      await section.getByRole('button', { name: 'Test and join' }).waitFor({ timeout: 15_000 });
      expect(await stack.secrets.get(teamAddressAccount(stack.sim.url))).toBeNull();
      expect(await bar.getByRole('button', { name: /^Team/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
