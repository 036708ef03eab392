import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const TEST_DOUBLES = { group: ['**/test/**', '**/test-support/**'], message: 'Test doubles live in test/support and tests; production code never imports them.' };
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'util', 'stream', 'events'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'build/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Production code never leans on test doubles.
    files: ['src/**'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [TEST_DOUBLES] }],
    },
  },
  {
    files: ['src/core/**', 'src/cli/**', 'src/sim/**', 'src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core runs under plain Node; only src/main may import electron.' }], patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'The core does not depend on the app shell.' }] }],
    },
  },
  {
    // Infrastructure (the API client, the scheduler, the database, secrets, the clock) knows no feature.
    files: ['src/core/platform/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core runs under plain Node; only src/main may import electron.' }], patterns: [{ group: ['**/features/**', '**/main/**', '**/renderer/**', '**/preload/**', '**/engine/**'], message: 'src/core/platform is infrastructure: it never imports a feature, the engine or the app shell.' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'src/shared is pure: no Electron.' }], patterns: [{ group: nodeBuiltins, message: 'src/shared is pure: no Node built-ins.' }, { group: ['**/core/**', '**/main/**', '**/renderer/**'], message: 'src/shared imports nothing from the layers above it.' }] }],
    },
  },
  {
    // The window is sandboxed: it reaches data only through the typed bridge (src/shared/contract/).
    // vite.config.ts is build tooling that runs under Node, not part of the window.
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    ignores: ['src/renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The renderer is sandboxed: no Electron; use the typed bridge.' }], patterns: [{ group: nodeBuiltins, message: 'The renderer is sandboxed: no Node built-ins.' }, { group: ['**/core/**', '**/main/**', '**/cli/**', '**/sim/**', '**/preload/**'], message: 'The renderer reaches the core only through the typed bridge (src/shared/contract/).' }] }],
    },
  },
  {
    // Electron main: windows, menus, dialogs, notifications. The cache, the scheduler and the
    // simulator live in the engine process; main reaches it only through the engine's client.
    files: ['src/main/**'],
    ignores: ['src/main/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**', '**/preload/**', '**/harness/**', '**/sim/**', '**/cli/**'], message: 'src/main imports only electron, src/shared, the engine client and small pure parts of src/core.' },
            { group: ['**/engine/*', '!**/engine/client.js'], message: 'Main starts the engine as its own process; it imports only src/engine/client.ts.' },
            { group: ['**/core/data/**', '**/core/platform/scheduler/**', '**/core/platform/secrets/**', '**/core/features/imports/**'], allowTypeImports: true, message: 'The cache, the scheduler, the key and the imports belong to the engine process, not to main.' },
            TEST_DOUBLES,
          ],
        },
      ],
    },
  },
  {
    // The preload runs sandboxed: electron's contextBridge/ipcRenderer and the contract, nothing else.
    files: ['src/preload/**'],
    ignores: ['src/preload/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: nodeBuiltins, message: 'The preload is sandboxed: no Node built-ins.' }, { group: ['**/core/**', '**/main/**', '**/renderer/**', '**/harness/**', '**/sim/**', '**/cli/**'], message: 'The preload imports only electron and src/shared.' }] }],
    },
  },
  {
    // The web harness runs under plain Node (tests, development): the core, the contract, and the
    // simulator for --demo; never Electron or the app shell.
    files: ['src/harness/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The web harness runs under plain Node; only src/main may import electron.' }], patterns: [{ group: ['**/main/**', '**/preload/**', '**/renderer/**', '**/cli/**'], message: 'The harness serves the built window; it imports only src/core, src/shared and src/sim.' }] }],
    },
  },
);
