/**
 * The team database's address: a postgres:// URL with the role's password in it. It lives in the
 * OS keychain (or QUAYSIDE_TEAM_URL), never in SQLite; whatever is shown or logged goes through
 * `redactTeamAddress` or `teamLabel` first, so the password never appears.
 */
import { redactDatabaseAddress } from '../../core/platform/api/redact.js';
import { TeamDbError } from './errors.js';

export interface TeamAddress {
  /** The address as given, password included: only for connecting. */
  readonly url: string;
  /** The password, for scrubbing error messages of the driver (empty when none). */
  readonly password: string;
  /** user@host:port/database, for people. */
  readonly label: string;
}

/** Checks the shape of an address a person pasted; throws a readable TeamDbError. */
export function parseTeamAddress(text: string): TeamAddress {
  const trimmed = text.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    // The text may be a password pasted by mistake: never echo it.
    throw new TeamDbError('address', 'That is not a PostgreSQL address; give one such as postgres://quayside:PASSWORD@db.office.lan:5432/quayside.');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new TeamDbError('address', `A team address starts with postgres:// (not ${parsed.protocol}//); give one such as postgres://quayside:PASSWORD@db.office.lan:5432/quayside.`);
  }
  if (!parsed.hostname) throw new TeamDbError('address', 'The team address names no server; give one such as postgres://quayside:PASSWORD@db.office.lan:5432/quayside.');
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new TeamDbError('address', `The team address names no database; add it at the end, as in ${labelOf(parsed, 'quayside')}.`);
  return { url: trimmed, password: decodeURIComponent(parsed.password), label: labelOf(parsed, database) };
}

function labelOf(parsed: URL, database: string): string {
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `postgres://${user}${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}/${database}`;
}

/** `text` with the address's password (and any user:password@ part of any URL) replaced. */
export function redactTeamAddress(text: string, address?: Pick<TeamAddress, 'password'> | null): string {
  let out = redactDatabaseAddress(text);
  if (address?.password) out = out.split(address.password).join('<redacted>');
  return out;
}
