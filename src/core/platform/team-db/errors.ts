/** Errors of the team database, each one sentence a person can act on; never the password. */
export type TeamDbErrorKind = 'address' | 'unreachable' | 'refused' | 'newer' | 'not-joined' | 'failed';

export class TeamDbError extends Error {
  constructor(
    readonly kind: TeamDbErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'TeamDbError';
  }
}
