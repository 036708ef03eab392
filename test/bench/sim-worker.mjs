// Worker threads do not inherit tsx's loader on Node 20: register it here, then load the TS.
import { register } from 'tsx/esm/api';

register();
await import('./sim-worker.ts');
