import { describe, expect, it } from 'vitest';
import { parseTeamAddress, redactTeamAddress } from './address.js';
import { TeamDbError } from './errors.js';

describe('a team address', () => {
  it('is shown as user@host:port/database, never with its password', () => {
    const address = parseTeamAddress('  postgres://quayside:s3cr%40t-pw@db.office.lan:5433/ops  ');
    expect(address.label).toBe('postgres://quayside@db.office.lan:5433/ops');
    expect(address.password).toBe('s3cr@t-pw');
    expect(parseTeamAddress('postgresql://db.office.lan/quayside').label).toBe('postgres://db.office.lan/quayside');
  });

  it('is refused in one sentence when it is not a PostgreSQL address, without echoing what was pasted', () => {
    expect(() => parseTeamAddress('hunter2-pasted-by-mistake')).toThrow(TeamDbError);
    expect(() => parseTeamAddress('hunter2-pasted-by-mistake')).not.toThrow(/hunter2/);
    expect(() => parseTeamAddress('https://user:pw@db/x')).toThrow(/starts with postgres:\/\//);
    expect(() => parseTeamAddress('postgres://user:pw@db.office.lan')).toThrow(/names no database/);
    expect(() => parseTeamAddress('postgres://user:pw@db.office.lan')).not.toThrow(/pw/);
  });

  it('is scrubbed from any text: the user:password@ part of any postgres URL, and the password itself', () => {
    const address = parseTeamAddress('postgres://quayside:Harbour-7731@db/ops');
    expect(redactTeamAddress('failed: postgres://quayside:Harbour-7731@db/ops and postgresql://a:b@c/d', address)).toBe(
      'failed: postgres://quayside:<redacted>@db/ops and postgresql://a:<redacted>@c/d',
    );
    expect(redactTeamAddress('the password Harbour-7731 was wrong', address)).toBe('the password <redacted> was wrong');
  });
});
