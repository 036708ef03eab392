/**
 * The real desktop app under Playwright's Electron driver: built with electron-vite, launched on
 * a temp data folder with the sample data (the simulator in-process), it shows the shipments table and
 * imports a fixture through File → Import (the dialog answered in main). Where the Electron binary
 * or better-sqlite3 for Electron is missing (CI, this machine), it is skipped and says why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, type ElectronApplication } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'import', 'bl-booking-carriers.csv');
const ELECTRON_VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;

function skipReason(): string | null {
  const dir = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile) || !existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()))) {
    return `Electron ${ELECTRON_VERSION}'s binary is not installed (run node node_modules/electron/install.js where the internet is reachable)`;
  }
  if (!existsSync(join(ROOT, 'out', 'native', `electron-${ELECTRON_VERSION}`, 'better_sqlite3.node'))) {
    return 'better-sqlite3 for Electron is not built (run node scripts/electron-native.mjs)';
  }
  return null;
}

const reason = skipReason();
if (reason) console.warn(`Electron smoke test skipped: ${reason}.`);

describe.skipIf(reason !== null)('the desktop app (Electron)', () => {
  let app: ElectronApplication;
  let dataDir: string;

  beforeAll(async () => {
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    dataDir = mkdtempSync(join(tmpdir(), 'quayside-electron-'));
    app = await electron.launch({
      args: [ROOT, '--demo'],
      cwd: ROOT,
      env: { ...process.env, QUAYSIDE_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
    });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the shipments table from the sample data', async () => {
    const page = await app.firstWindow();
    await page.getByRole('grid').first().waitFor({ timeout: 60_000 });
    await page.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    expect(await page.getByText('Demo data').count()).toBeGreaterThan(0);
    // Isolated and sandboxed: no Node in the page, only the typed bridge.
    const page_ = await page.evaluate('({ require: typeof require, process: typeof process, bridge: Object.keys(window.quayside).sort() })');
    expect(page_).toEqual({ require: 'undefined', process: 'undefined', bridge: ['call', 'on'] });
  }, 90_000);

  it('imports a fixture through File → Import', async () => {
    const page = await app.firstWindow();
    await app.evaluate(({ dialog, Menu }, file) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as typeof dialog.showOpenDialog;
      const file_ = Menu.getApplicationMenu()!.items.find((i) => i.label === 'File')!;
      file_.submenu!.items.find((i) => i.label === 'Import Spreadsheet…')!.click();
    }, FIXTURE);
    await page.getByText('bl-booking-carriers.csv').first().waitFor({ timeout: 30_000 });
  }, 60_000);
});
