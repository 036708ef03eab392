/**
 * The simulator in a process of its own (`fork` with tsx's loader), for the strict-server bench:
 * the client's event loop and the server's never share a thread, as with the real service.
 * Started by `startSimProcess` (strict-load.ts); answers `stats` and `close` over the IPC channel.
 */
import { startSimulator } from '../../src/sim/index.js';

interface SimProcessOptions {
  apiKey: string;
  credits: number;
  timeScale: number;
  latencyMs: number;
  strict: boolean;
}

const options = JSON.parse(process.argv[2] ?? '{}') as SimProcessOptions;
const sim = await startSimulator({
  timeScale: options.timeScale,
  strictRateLimits: options.strict,
  accounts: [{ apiKey: options.apiKey, credits: options.credits, shipments: 0 }],
  faults: { latencyMs: options.latencyMs },
});
process.send!({ url: sim.url });
process.on('message', (message: string) => {
  if (message === 'stats') process.send!({ stats: sim.control.stats(options.apiKey) });
  if (message === 'close') {
    void sim.close().then(() => {
      process.send!({ closed: true }, () => process.exit(0));
    });
  }
});
