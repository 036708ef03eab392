import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { TESTS_ALONE } from './scripts/tests-alone.mjs';

/**
 * The test run in five projects (`npm run test:unit|test:integration|test:e2e|test:electron`;
 * `npm test` runs them all; test:integration takes keychain with it):
 * - unit: no network, no child process, no browser: pure functions, components in jsdom
 *   (`// @vitest-environment jsdom` in the file), a SQLite file in a temp folder.
 * - integration: the simulator or another server over HTTP on 127.0.0.1, child processes (the
 *   CLI, the engine, the harness, python3), the keychain, the engine or the import cage in a
 *   worker: every test under test/ outside e2e and electron, and the files of src/ listed below.
 * - keychain: the two files of the system keychain, each in a process of its own (KEYCHAIN below).
 * - e2e: test/e2e/** (Chromium against the web harness).
 * - electron: test/electron/** (the desktop build and the Electron binary).
 *
 * Every test file is in exactly one project: src/ is unit unless listed here, test/ is
 * integration unless under e2e/ or electron/. A listed file that no longer exists stops the run,
 * so a rename cannot move a test to unit unnoticed.
 */
const INTEGRATION_IN_SRC = [
  // A real node:http server on 127.0.0.1 (test/support/api-test-server.ts).
  'src/core/platform/api/client.test.ts',
  'src/core/platform/api/errors.test.ts',
  'src/core/platform/api/validation.test.ts',
  // The app runtime against the simulator over HTTP.
  'src/core/features/sync/background-sync.test.ts',
  'src/engine/runtime.test.ts',
  'src/core/features/watchlists/import-values.test.ts',
  'src/engine/workday.test.ts',
  // python3 checks the archive (a child process).
  'src/core/features/export/xlsx.test.ts',
  // Spawns a process to have the id of a dead one.
  'src/core/data/sqlite/rate-budget.test.ts',
  // The harness as a child process, over HTTP.
  'src/harness/harness.test.ts',
  // The real engine in a worker standing in for the utility process.
  'src/main/shell.test.ts',
  // The simulator over HTTP.
  'src/sim/batch.test.ts',
  'src/sim/data.test.ts',
  'src/sim/faults.test.ts',
  'src/sim/rate-limit.test.ts',
  'src/sim/shipments.test.ts',
  'src/sim/webhooks.test.ts',
];

/**
 * Files that need a process of their own: keytar-unavailable points D-Bus at nothing for its whole
 * process, and libsecret keeps the connection it made first, so neither keychain test may share a
 * process with the other (or with a CLI the other starts). The `keychain` project runs them.
 */
const KEYCHAIN = ['src/core/platform/secrets/keytar-store.test.ts', 'src/core/platform/secrets/keytar-unavailable.test.ts'];

/**
 * A worker process runs file after file without starting afresh (vitest's `isolate: false`): a
 * file closes what it opens (servers, caches, browsers, processes) in its afterAll, so the next
 * one finds nothing of it but the modules already loaded. About three minutes less per `npm test`
 * on two cores (the engine, the simulator and playwright imported once per worker, not per file).
 * QUAYSIDE_FRESH_PROCESSES=1 gives every file a process of its own again (scripts/test.mjs does for
 * the files that time the event loop; use it too when a file seems to depend on another).
 */
const isolate = process.env.QUAYSIDE_FRESH_PROCESSES === '1';

const E2E = ['test/e2e/**/*.test.ts'];
const ELECTRON = ['test/electron/**/*.test.ts'];

const missing = [...INTEGRATION_IN_SRC, ...KEYCHAIN].filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) {
  throw new Error(`vitest.config.ts lists integration tests that do not exist: ${missing.join(', ')}. Update INTEGRATION_IN_SRC or KEYCHAIN.`);
}

// `npm test` runs the files of TESTS_ALONE in a second run of their own (scripts/test.mjs).
const exclude = [...configDefaults.exclude, 'out/**', ...(process.env.QUAYSIDE_TESTS_TOGETHER ? TESTS_ALONE : [])];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two test files at a time on two cores: most of a file's time is waiting (on the simulator's
    // compressed clock, a child process, Chromium), so two overlap well; vitest's default is one here.
    maxWorkers: 2,
    // The CLI the tests start runs bundled (test/support/build-node.ts): ~1 s less per start.
    globalSetup: ['test/support/build-node.ts'],
    // It imports its JSON schema without an import attribute, which Node's own loader refuses: Vite transforms it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: [...exclude, ...INTEGRATION_IN_SRC, ...KEYCHAIN], isolate } },
      { extends: true, test: { name: 'integration', include: [...INTEGRATION_IN_SRC, 'test/**/*.test.ts'], exclude: [...exclude, ...E2E, ...ELECTRON, ...KEYCHAIN], isolate } },
      { extends: true, test: { name: 'keychain', include: KEYCHAIN, exclude } },
      // A browser test waits for what the window shows "eventually": on a loaded 2-core machine a
      // preview read in the spreadsheet cage takes over the default second of expect.poll.
      { extends: true, test: { name: 'e2e', include: E2E, exclude, expect: { poll: { timeout: 10_000 } }, isolate } },
      { extends: true, test: { name: 'electron', include: ELECTRON, exclude } },
    ],
  },
});
