/**
 * docs/cli.md, written from the command table itself (usage, summary, the help each command
 * prints), so the reference cannot drift from the CLI: `npm run docs:cli` writes it, and a test
 * fails while the file differs from what the commands say.
 */
import type { Command } from './context.js';

/** A data folder that is never there: a command's help reads nothing of a real cache here. */
const NO_CACHE = '/nonexistent/quayside-reference';

export function cliReference(commands: readonly Command[]): string {
  const lines = [
    '# The quayside CLI: every command',
    '',
    '<!-- Written by `npm run docs:cli` from src/cli/commands; a test fails while it differs. -->',
    '',
    'Global options go before or after the command: `--data-dir DIR` (env `QUAYSIDE_DATA_DIR`),',
    '`--api-base URL` (env `QUAYSIDE_API_BASE`), `--json` (only JSON on stdout), `--debug`. The API',
    'key comes from `QUAYSIDE_API_KEY`, else the system keychain (`quayside key set`). What each',
    'command does in full and its JSON: [cli-guide.md](cli-guide.md); how the CLI reads what you',
    'type: [cli-input.md](cli-input.md).',
    '',
    '| command | what |',
    '|---|---|',
    ...commands.map((c) => `| [\`${c.name}\`](#${c.name}) | ${c.summary.replace(/\|/g, '\\|')} |`),
  ];
  for (const c of commands) {
    lines.push('', `## ${c.name}`, '', '```', `quayside ${c.usage}`, '```', '', `${c.summary.charAt(0).toUpperCase()}${c.summary.slice(1)}.`);
    const more = c.help?.(NO_CACHE).trim();
    if (more) lines.push('', '```', more, '```');
  }
  return `${lines.join('\n')}\n`;
}
