import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    files: ['src/core/**', 'src/cli/**', 'src/sim/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core runs under plain Node; only src/main may import electron.' }], patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'The core does not depend on the app shell.' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'src/shared is pure: no Electron.' }], patterns: [{ group: nodeBuiltins, message: 'src/shared is pure: no Node built-ins.' }, { group: ['**/core/**', '**/main/**', '**/renderer/**'], message: 'src/shared imports nothing from the layers above it.' }] }],
    },
  },
  {
    // The window is sandboxed: it reaches data only through the typed bridge (src/shared/contract.ts).
    // vite.config.ts is build tooling that runs under Node, not part of the window.
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    ignores: ['src/renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The renderer is sandboxed: no Electron; use the typed bridge.' }], patterns: [{ group: nodeBuiltins, message: 'The renderer is sandboxed: no Node built-ins.' }, { group: ['**/core/**', '**/main/**', '**/cli/**', '**/sim/**', '**/preload/**'], message: 'The renderer reaches the core only through the typed bridge (src/shared/contract.ts).' }] }],
    },
  },
  {
    // Electron main: the composition root over the core; never the window's code or the dev-only harness.
    // The simulator only through the sample data's module, loaded when sample data is asked for.
    files: ['src/main/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/renderer/**', '**/preload/**', '**/harness/**', '**/sim/**', '!**/sim/demo-backend.js', '**/cli/**'], message: 'src/main imports only electron, src/core and src/shared (and the sample data, src/sim/demo-backend.ts, loaded on demand).' }] }],
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
