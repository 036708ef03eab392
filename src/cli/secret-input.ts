import { createInterface } from 'node:readline';
import type { Context } from './context.js';

/**
 * A secret (the API key, the team database's address with its password): read whole from stdin
 * when it is piped, else asked for on stderr at a terminal with nothing echoed.
 */
export async function readSecret(ctx: Context, prompt: string): Promise<string> {
  if (!ctx.stdin.isTTY) {
    let text = '';
    for await (const chunk of ctx.stdin) text += String(chunk);
    return text.trim();
  }
  process.stderr.write(prompt);
  const rl = createInterface({ input: ctx.stdin, terminal: true });
  // readline has no public switch for a hidden answer: its echo goes through this method.
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  muted._writeToOutput = () => undefined;
  const line = await new Promise<string>((resolve) => rl.once('line', resolve));
  rl.close();
  process.stderr.write('\n');
  return line.trim();
}
