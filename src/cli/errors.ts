/** A mistake in how the command was called: exit code 2, with the usage line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Something the person must do differently (a wrong note length, a missing key): exit code 1. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
