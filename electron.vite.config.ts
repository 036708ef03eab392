import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './src/renderer/vite.config.js';

// The desktop shell, laid out as src/main/index.ts expects it:
//   out/main/index.js       main (ESM, package.json "type": "module"); dependencies stay external
//   out/preload/index.cjs   preload: one CommonJS file with everything but electron inlined,
//                           as a sandboxed preload cannot load modules or ESM
//   out/renderer/           the window, built with src/renderer/vite.config.ts's settings
//                           (the same bundle the web harness serves)
export default defineConfig({
  main: {
    build: {
      outDir: resolve('out/main'),
      rollupOptions: {
        input: { index: resolve('src/main/index.ts') },
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
    build: {
      ...rendererConfig.build,
      outDir: resolve('out/renderer'),
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
