import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test run in five projects (`npm run test:unit|test:integration|test:e2e|test:electron`;
 * `npm test` runs them all; test:integration takes keychain with it), found by folder and suffix:
 * - unit: `src/**\/*.test.ts(x)`: no network, no child process, no browser: pure functions,
 *   components in jsdom (`// @vitest-environment jsdom`), a SQLite file in a temp folder.
 * - integration: `src/**\/*.integration.test.ts` (a server on 127.0.0.1, a child process, a worker
 *   with the engine) and every test under test/ outside e2e/ and electron/.
 * - keychain: `*.keychain.test.ts`, each file in a process of its own (libsecret keeps the D-Bus
 *   connection it made first, and one of them points D-Bus at nothing).
 * - e2e: test/e2e/** (Chromium against the web harness); electron: test/electron/**.
 */
const INTEGRATION_IN_SRC = ['src/**/*.integration.test.ts'];
const KEYCHAIN = ['src/**/*.keychain.test.ts'];

/**
 * A worker process runs file after file without starting afresh (vitest's `isolate: false`): a
 * file closes what it opens (servers, caches, browsers, processes) in its afterAll, so the next
 * one finds nothing of it but the modules already loaded. About three minutes less per `npm test`
 * on two cores (the engine, the simulator and playwright imported once per worker, not per file).
 * QUAYSIDE_FRESH_PROCESSES=1 gives every file a process of its own again (use it when a file seems
 * to depend on another).
 */
const isolate = process.env.QUAYSIDE_FRESH_PROCESSES === '1';

const E2E = ['test/e2e/**/*.test.ts'];
const ELECTRON = ['test/electron/**/*.test.ts'];

const exclude = [...configDefaults.exclude, 'out/**'];

export default defineConfig({
  // A worktree whose node_modules links to another checkout's: Vite serves the real folder too (the map's worker `?url`).
  server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
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
