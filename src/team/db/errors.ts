import type { AppError } from '../../shared/contract/index.js';
import { APP_ERROR_CODE, type SaysWhatToDo } from '../../core/platform/says-what-to-do.js';

/** Errors of the team database, each one sentence a person can act on; never the password. */
export type TeamDbErrorKind = 'address' | 'unreachable' | 'refused' | 'newer' | 'not-joined' | 'failed';

/** The window's code for each way the team database can fail; its sentence already says what to do. */
const CODES: Record<TeamDbErrorKind, AppError['code']> = {
  address: 'invalid-input',
  unreachable: 'offline',
  refused: 'service',
  newer: 'service',
  'not-joined': 'invalid-input',
  failed: 'service',
};

export class TeamDbError extends Error implements SaysWhatToDo {
  constructor(
    readonly kind: TeamDbErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'TeamDbError';
  }

  get [APP_ERROR_CODE](): AppError['code'] {
    return CODES[this.kind];
  }
}
