/**
 * `npm run sim -- --port N [--time-scale N] [--seed N] [--key UUID] [--credits N] [--shipments N] [--strict]`
 * Starts the simulator, prints the base URL and the API key, runs until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY, startSimulator } from './index.js';
import { parseTimeScale } from '../shared/time-scale.js';

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) {
    console.error(`--${name} must be a number, got "${value}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'time-scale': { type: 'string' },
      seed: { type: 'string' },
      key: { type: 'string' },
      credits: { type: 'string' },
      shipments: { type: 'string' },
      'no-rate-limits': { type: 'boolean' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run sim -- [--port N] [--time-scale N] [--seed N] [--key UUID] [--credits N] [--shipments N] [--no-rate-limits] [--strict]\n' +
        '  --strict: count each request to a limited endpoint when it arrives, refused ones too (a strict server)',
    );
    return;
  }
  const apiKey = values.key ?? DEFAULT_API_KEY;
  const started = Date.now();
  const sim = await startSimulator({
    port: numberOption(values.port, 'port') ?? 0,
    timeScale: numberOption(values['time-scale'], 'time-scale') ?? parseTimeScale(process.env.QUAYSIDE_TIME_SCALE),
    seed: numberOption(values.seed, 'seed'),
    rateLimits: !values['no-rate-limits'],
    strictRateLimits: Boolean(values.strict),
    accounts: [
      {
        apiKey,
        credits: numberOption(values.credits, 'credits') ?? 1000,
        shipments: numberOption(values.shipments, 'shipments') ?? 0,
      },
    ],
  });
  console.log(`Tracking service simulator listening on ${sim.url} (endpoints under /v2)`);
  console.log(`API key: ${apiKey}`);
  console.log(`Use it: export QUAYSIDE_API_BASE=${sim.url} QUAYSIDE_API_KEY=${apiKey}`);
  console.log(`Seed ${sim.seed}, time scale ${sim.timeScale}, started in ${Date.now() - started} ms. Ctrl-C to stop.`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // The server's timers are unref'd; the listening socket keeps the process alive.
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
