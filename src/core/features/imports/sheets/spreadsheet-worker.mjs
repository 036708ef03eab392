// The isolated reader when Quayside runs from its TypeScript sources (the CLI through tsx, vitest):
// a worker thread starts as plain Node and does not inherit tsx's loader, so it registers it here
// and then loads the reader. The desktop build runs the bundled spreadsheet-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./spreadsheet-worker.ts');
