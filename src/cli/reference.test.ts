import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.js';
import { cliReference } from './reference.js';

describe('docs/cli.md', () => {
  it('says what the command table says (run `npm run docs:cli` after changing a command)', () => {
    const written = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    expect(written).toBe(cliReference(COMMANDS));
  });

  it('names every command with its usage', () => {
    const text = cliReference(COMMANDS);
    for (const command of COMMANDS) expect(text).toContain(`quayside ${command.usage}`);
  });
});
