import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The window's bundle. electron-vite reuses this for the desktop app and the web harness serves
// out/renderer, so paths are relative (`base: './'`): the page works from app://quayside/ (the desktop app) and from / (the harness).
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome128',
    sourcemap: true,
  },
});
