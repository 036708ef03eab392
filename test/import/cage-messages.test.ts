/**
 * The cage checks every message of its reader against a schema (cage-schema.ts): a reader that
 * answers in another shape, names an error code that does not exist, or throws something of its
 * own is one sentence (an ImportError), never a TypeError on the calling thread that the CLI would
 * print as "Something unexpected went wrong".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectSpreadsheet, validateSpreadsheetInCage } from '../../src/core/features/imports/sheets/cage.js';
import { ImportError } from '../../src/core/features/imports/sheets/errors.js';
import { CARRIERS, fixture } from '../fixtures/import/support.js';

let work: string;

/** A stand-in reader: a worker that posts `messages` (JavaScript expressions) in order, or runs `body`. */
function reader(name: string, body: string): URL {
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\n${body}\n`);
  return pathToFileURL(file);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'quayside-cage-messages-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function sentence(attempt: Promise<unknown>): Promise<ImportError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  const importError = error as ImportError;
  expect(importError.message.split('\n')).toHaveLength(1);
  expect(importError.message).toMatch(/\.$/);
  return importError;
}

describe('the cage checks what its reader says', () => {
  const validate = (url: URL) => validateSpreadsheetInCage(fixture('two-sheets.xlsx'), { carriers: CARRIERS, reader: url });

  it('a report without its fields is one sentence', async () => {
    const error = await sentence(validate(reader('no-fields', "parentPort.postMessage({ kind: 'report', report: {} });")));
    expect(error.code).toBe('reader-failed');
    expect(error.message).toMatch(/^Reading this file stopped unexpectedly \(it answered something that is not a report\)/);
  });

  it('a part whose entries are not references, sheets that are not names, an unknown kind, a bare value', async () => {
    const bodies = [
      "parentPort.postMessage({ kind: 'part', list: 'accepted', items: [{ row: 2 }] });",
      "parentPort.postMessage({ kind: 'part', list: 'everything', items: [] });",
      "parentPort.postMessage({ kind: 'sheets', sheets: [1, 2] });",
      "parentPort.postMessage({ kind: 'sheets' });",
      "parentPort.postMessage({ kind: 'done' });",
      'parentPort.postMessage(undefined);',
      "parentPort.postMessage('report');",
    ];
    for (const [i, body] of bodies.entries()) {
      const error = await sentence(validate(reader(`shape-${i}`, body)));
      expect(error.code, body).toBe('reader-failed');
    }
    const error = await sentence(inspectSpreadsheet(fixture('two-sheets.xlsx'), { reader: reader('inspect', "parentPort.postMessage({ kind: 'sheets', sheets: null });") }));
    expect(error.code).toBe('reader-failed');
  });

  it('a failure naming a code that does not exist is one sentence of its own', async () => {
    const error = await sentence(validate(reader('made-up-code', "parentPort.postMessage({ kind: 'failed', code: 'made-up', message: 'x' });")));
    expect(error.code).toBe('reader-failed');
  });

  it('a failure with a known code keeps its sentence; one the reader threw of its own says what to do', async () => {
    const known = await sentence(validate(reader('known', "parentPort.postMessage({ kind: 'failed', code: 'empty', message: 'The workbook is empty; export it again.' });")));
    expect([known.code, known.message]).toEqual(['empty', 'The workbook is empty; export it again.']);
    const thrown = await sentence(
      validate(reader('threw', "parentPort.postMessage({ kind: 'failed', code: null, message: \"Cannot read properties of undefined (reading 'map')\", stack: 'TypeError: …' });")),
    );
    expect(thrown.code).toBe('reader-failed');
    expect(thrown.message).toBe(
      "The reader could not make sense of this file (Cannot read properties of undefined (reading 'map')); open it in Excel and save it again as .xlsx, or export the sheet with the references as CSV.",
    );
  });
});
