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
import { closestTo } from '../shared/closest.js';
import { GLOBAL_OPTIONS, createContext, dataDirOf, type OptionSpec, type Values } from './context.js';
import { UsageError, UserError } from './errors.js';
import { createOutput, printable } from './output.js';

/** Errors whose message is already one sentence for a person; anything else is a bug. */
const KNOWN_ERRORS = [ApiError, UserError, ServiceError, LookupError, StoreError, SecretStoreError, ImportError, SchedulerClosedError, AppFailure, TeamDbError];

const HELP = `quayside: ocean shipment tracking from the command line (same cache as the desktop app)

Usage: quayside [global options] <command> [options]   (global options go before or after the command)

Commands:
${COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`).join('\n')}

Global options:
  --data-dir DIR     the cache folder (env QUAYSIDE_DATA_DIR; default: the desktop app's)
  --api-base URL     the tracking service address (env QUAYSIDE_API_BASE; remembered)
  --json             print only JSON on stdout
  --debug            print stack traces of errors
The API key comes from QUAYSIDE_API_KEY, else the system keychain ("quayside key set").
`;

/**
 * Where the command's name is: the first word that is not an option nor the value of a global
 * option (`quayside --data-dir D key set` is `key`), so global options go before or after it.
 */
function commandIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (!arg.startsWith('-') || arg === '-') return i;
    const name = arg.replace(/^--?/, '').split('=')[0]!;
    const global = GLOBAL_OPTIONS[name] ?? Object.values(GLOBAL_OPTIONS).find((o) => o.short === name);
    if (global?.type === 'string' && !arg.includes('=')) i++;
  }
  return -1;
}

/** node:util's parse errors, as one sentence with the option a person meant. */
function parseProblem(err: unknown, options: OptionSpec): string {
  const error = err as Error & { code?: string };
  const option = /'(-{1,2}[^'\s]+)/.exec(error.message)?.[1] ?? null;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== null) {
    const near = closestTo(option.replace(/^-+/, '').split('=')[0]!, Object.keys(options), (o) => o);
    return `There is no option ${option}${near ? `; did you mean --${near}?` : '.'}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== null) {
    const name = option.replace(/^-+/, '').split(/[\s=]/)[0]!;
    return options[name]?.type === 'boolean' ? `--${name} takes no value.` : `--${name} needs a value, as in --${name} VALUE.`;
  }
  return `${error.message.split('\n')[0]}.`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const debug = argv.includes('--debug');
  const json = argv.includes('--json');
  const out = createOutput({ json });
  const at = commandIndex(argv);
  const name = at === -1 ? undefined : argv[at];
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    if (name) {
      const near = closestTo(name, COMMANDS, (c) => c.name);
      out.note(`Unknown command "${name}"${near ? `: did you mean "quayside ${near.name}"?` : ';'} "quayside --help" lists the commands.`);
      return 2;
    }
    process.stdout.write(HELP);
    return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  const options = { ...GLOBAL_OPTIONS, ...command.options };
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv.filter((_, i) => i !== at), options, allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (err) {
    out.note(`${parseProblem(err, options)} Usage: quayside ${command.usage}`);
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
