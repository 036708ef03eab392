import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, desktopContentSecurityPolicy } from './src/shared/csp.js';
import rendererConfig from './src/renderer/vite.config.js';

// The desktop shell, laid out as src/main/index.ts expects it:
//   out/main/index.js           main (ESM, package.json "type": "module"); dependencies stay external
//   out/main/engine.js          the engine (src/engine/entry.ts), started by main as a utilityProcess
//   out/main/spreadsheet-worker.js  the engine's cage for customer spreadsheets (a worker thread)
//   out/preload/index.cjs       preload: one CommonJS file with everything but electron inlined,
//                               as a sandboxed preload cannot load modules or ESM
//   out/desktop-renderer/       the window, built with src/renderer/vite.config.ts's settings but
//                               with the desktop CSP in its <meta> tag (no sockets: the desktop page
//                               talks to main over IPC only). out/renderer, the web harness's build
//                               of the same page, keeps the harness's policy (its events use a socket).
//   out/native/electron-<v>/    better-sqlite3 for Electron's ABI (scripts/electron-native.mjs)

/** Swaps the page's meta CSP for the desktop one in the built file; fails the build if the tag changed. */
function desktopCsp(): Plugin {
  return {
    name: 'quayside-desktop-csp',
    apply: 'build',
    transformIndexHtml(html: string) {
      if (!html.includes(CONTENT_SECURITY_POLICY)) {
        throw new Error('src/renderer/index.html no longer carries CONTENT_SECURITY_POLICY (src/shared/csp.ts) in its <meta> tag; keep the two the same.');
      }
      // frame-ancestors only works as a header (main sends it); in a <meta> tag Chromium ignores it with a warning.
      return html.replace(CONTENT_SECURITY_POLICY, desktopContentSecurityPolicy(false).replace("; frame-ancestors 'none'", ''));
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve('out/main'),
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          engine: resolve('src/engine/entry.ts'),
          'spreadsheet-worker': resolve('src/core/features/imports/sheets/spreadsheet-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    plugins: [...(rendererConfig.plugins ?? []), desktopCsp()],
    build: {
      ...rendererConfig.build,
      outDir: resolve('out/desktop-renderer'),
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
