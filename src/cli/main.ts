import { parseArgs } from 'node:util';
import { ApiError } from '../core/platform/api/errors.js';
import { AppFailure } from '../core/platform/failure.js';
import { redactAggressively } from '../core/platform/api/redact.js';
import { ImportError } from '../core/features/imports/index.js';
import { SchedulerClosedError } from '../core/platform/scheduler/errors.js';
import { SecretStoreError } from '../core/platform/secrets/index.js';
import { LookupError } from '../core/features/tracking/index.js';
import { ServiceError } from '../core/platform/failure.js';
import { StoreError } from '../core/data/index.js';
import { TeamDbError } from '../team/db/errors.js';
import { redactTeamAddress } from '../team/db/address.js';
import { COMMANDS } from './commands/index.js';
import { GLOBAL_OPTIONS, createContext, dataDirOf, type Values } from './context.js';
import { UsageError, UserError } from './errors.js';
import { createOutput, printable } from './output.js';

/** Errors whose message is already one sentence for a person; anything else is a bug. */
const KNOWN_ERRORS = [ApiError, UserError, ServiceError, LookupError, StoreError, SecretStoreError, ImportError, SchedulerClosedError, AppFailure, TeamDbError];

const HELP = `quayside: ocean shipment tracking from the command line (same cache as the desktop app)

Usage: quayside <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`).join('\n')}

Global options:
  --data-dir DIR     the cache folder (env QUAYSIDE_DATA_DIR; default: the desktop app's)
  --api-base URL     the tracking service address (env QUAYSIDE_API_BASE; remembered)
  --json             print only JSON on stdout
  --debug            print stack traces of errors
The API key comes from QUAYSIDE_API_KEY, else the system keychain ("quayside key set").
`;

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const debug = argv.includes('--debug');
  const json = argv.includes('--json');
  const out = createOutput({ json });
  const name = argv.find((a) => !a.startsWith('-'));
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    if (name) {
      out.note(`Unknown command "${name}"; run "quayside --help" for the list of commands.`);
      return 2;
    }
    process.stdout.write(HELP);
    return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv.filter((a, i) => i !== argv.indexOf(command.name)),
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    }) as { values: Values; positionals: string[] };
  } catch (err) {
    out.note(`${(err as Error).message.split('\n')[0]}. Usage: quayside ${command.usage}`);
    return 2;
  }
  if (parsed.values.help) {
    // A customer's column names are in it: through the one filter for text printed for people.
    const more = command.help ? `\n${printable(command.help(dataDirOf(parsed.values, env)))}` : '';
    process.stdout.write(`Usage: quayside ${command.usage}\n\n${command.summary}\n${more}`);
    return 0;
  }
  const ctx = createContext(parsed.values, out, env);
  try {
    await command.run(ctx, parsed.positionals, parsed.values);
    return 0;
  } catch (caught) {
    let err = caught;
    out.endProgress();
    if (err instanceof UsageError) {
      out.note(`${err.message} Usage: quayside ${command.usage}`);
      return 2;
    }
    // SQL outside the store's wrapper (a full disk mid-import) still reaches the person as the store's sentence.
    err = ctx.translateError(err);
    const message = err instanceof Error ? err.message : String(err);
    const known = KNOWN_ERRORS.some((kind) => err instanceof kind);
    out.note(redactTeamAddress(redactAggressively(known ? message : `Something unexpected went wrong: ${message}. Run again with --debug and report what it prints.`)));
    if (debug && err instanceof Error && err.stack) out.note(redactTeamAddress(redactAggressively(err.stack)));
    return 1;
  } finally {
    await ctx.handOverToTeam().catch(() => undefined);
    ctx.close();
  }
}

// `quayside list | head`: the reader left; what was printed is what was wanted, so stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
