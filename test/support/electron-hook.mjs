// `node --import ./test/support/electron-hook.mjs --import tsx out/main/index.js`: see electron-resolve.mjs.
import { register } from 'node:module';

register('./electron-resolve.mjs', import.meta.url);
