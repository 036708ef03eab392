import { describe, expect, it } from 'vitest';
import { ImportError } from '../core/features/imports/index.js';
import { toAppError } from '../core/platform/failure.js';
import { TeamDbError } from '../team/db/errors.js';

describe('toAppError', () => {
  it('passes a spreadsheet problem on as bad input with its own sentence, not as an unexpected problem', () => {
    const err = new ImportError('no-header', 'No header row found in the first 20 rows of sheet "Notes"; name the column with the numbers "Container".');
    expect(toAppError(err)).toEqual({ code: 'invalid-input', message: err.message });
  });

  it('still calls an unknown error unexpected', () => {
    expect(toAppError(new Error('boom'))).toMatchObject({ code: 'internal', message: expect.stringContaining('unexpected problem (boom)') });
  });

  it('passes a team database problem on with its sentence and a code the window can act on', () => {
    const unreachable = new TeamDbError('unreachable', 'The team database at postgres://quayside@db.office.lan:5432/quayside cannot be reached (connect ECONNREFUSED); check the address and that the server is running, or work on alone: this desk keeps its own cache.');
    expect(toAppError(unreachable)).toEqual({ code: 'offline', message: unreachable.message });
    expect(toAppError(new TeamDbError('refused', 'The team database refused the user name or password.')).code).toBe('service');
    expect(toAppError(new TeamDbError('address', 'That is not a PostgreSQL address.')).code).toBe('invalid-input');
  });

  it('never lets a team address\'s password out in a message, whatever threw it', () => {
    const { message } = toAppError(new Error('connect to postgres://quayside:harbour-Secret-7731@db.office.lan/quayside failed'));
    expect(message).not.toContain('harbour-Secret-7731');
    expect(message).toContain('postgres://quayside:');
  });
});
