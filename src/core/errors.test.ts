import { describe, expect, it } from 'vitest';
import { ImportError } from './features/imports/sheets/errors.js';
import { toAppError } from './errors.js';

describe('toAppError', () => {
  it('passes a spreadsheet problem on as bad input with its own sentence, not as an unexpected problem', () => {
    const err = new ImportError('no-header', 'No header row found in the first 20 rows of sheet "Notes"; name the column with the numbers "Container".');
    expect(toAppError(err)).toEqual({ code: 'invalid-input', message: err.message });
  });

  it('still calls an unknown error unexpected', () => {
    expect(toAppError(new Error('boom'))).toMatchObject({ code: 'internal', message: expect.stringContaining('unexpected problem (boom)') });
  });
});
