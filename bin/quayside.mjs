#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so `npx quayside` works right after `npm install`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
