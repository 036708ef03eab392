// `npm run docs:cli`: writes docs/cli.md from the CLI's command table (src/cli/reference.ts).
import { writeFileSync } from 'node:fs';
import { COMMANDS } from '../src/cli/commands/index.js';
import { cliReference } from '../src/cli/reference.js';

writeFileSync(new URL('../docs/cli.md', import.meta.url), cliReference(COMMANDS));
console.log('docs/cli.md written from the command table.');
