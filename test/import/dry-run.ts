/**
 * `quayside import FILE --dry-run --json` for many files in one process: the CLI's own command
 * (src/cli/commands/import.ts) with its own context and output, so each file takes exactly the
 * path a person's `quayside import --dry-run` takes (pre-scan, carrier directory, the cage, the
 * report), without a cold process start per file. What the CLI's main would do with an error is
 * mirrored: an ImportError is its one sentence; anything else would be "Something unexpected".
 */
import { Writable } from 'node:stream';
import { importCommand } from '../../src/cli/commands/import.js';
import { createContext } from '../../src/cli/context.js';
import { createOutput } from '../../src/cli/output.js';
import { ImportError } from '../../src/core/features/imports/sheets/errors.js';

interface DryRunPreview {
  rows: number;
  accepted: number;
  rejected: unknown[];
  duplicates: number;
  sheet: string | null;
  sheets: string[] | null;
  headerRow: number;
  warnings: string[];
}

export type DryRunAnswer =
  | { file: string; preview: DryRunPreview }
  | { file: string; sentence: { code: string; message: string } }
  /** What the CLI would print as "Something unexpected went wrong": never acceptable. */
  | { file: string; unexpected: string };

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function dryRun(file: string, env: NodeJS.ProcessEnv): Promise<DryRunAnswer> {
  const stdout = new Sink();
  const stderr = new Sink();
  const values = { 'dry-run': true, json: true };
  const ctx = createContext(values, createOutput({ json: true, stdout, stderr }), env);
  try {
    await importCommand.run(ctx, [file], values);
    return { file, preview: JSON.parse(stdout.text) as DryRunPreview };
  } catch (caught) {
    const error = ctx.translateError(caught);
    if (error instanceof ImportError) return { file, sentence: { code: error.code, message: error.message } };
    return { file, unexpected: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    ctx.close();
  }
}

/** Every file through `dryRun`, at most `parallel` at once (each holds a reader thread while it reads). */
export async function dryRunAll(files: readonly string[], env: NodeJS.ProcessEnv, parallel = 2): Promise<DryRunAnswer[]> {
  const answers: DryRunAnswer[] = new Array(files.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) answers[i] = await dryRun(files[i]!, env);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, lane));
  return answers;
}
