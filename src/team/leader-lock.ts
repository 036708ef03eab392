/**
 * One sync leader per API key: the desk whose dedicated connection holds a session-level advisory
 * lock on the key. The lock ends with the connection, so when the leader's process dies (even by
 * kill -9) PostgreSQL releases it and the next desk that tries takes it over. The same connection
 * LISTENs for the team's hints (snapshots.ts).
 */
import type pg from 'pg';
import type { TeamSession } from './session.js';

/** First half of the lock's key (fixed; "QSLD"); the second is hashtext(account). */
const LEADER_LOCK_CLASS = 0x51534c44;

/** The desk holding the key's leader lock now, or null. */
export async function currentLeader(session: TeamSession): Promise<string | null> {
  const row = await session.db.query<{ desk: string }>(
    `SELECT d.desk FROM desks d
     JOIN pg_locks l ON l.pid = d.session_pid
     WHERE d.account = $1 AND l.locktype = 'advisory' AND l.granted
       AND l.classid = $2::bigint::oid AND l.objid = hashtext($1)::oid AND l.objsubid = 2
     ORDER BY d.last_seen_at DESC LIMIT 1`,
    [session.account, LEADER_LOCK_CLASS],
  );
  return row.rows[0]?.desk ?? null;
}

/** This desk's bid for leadership, on a connection of its own. */
export class LeaderLock {
  private client: pg.Client | null = null;
  private held = false;

  constructor(
    private readonly session: TeamSession,
    /** A NOTIFY for this key on the same connection: `data` (another desk wrote: pull now) or `sync` (a desk asks the leader for a round). */
    private readonly hint: (kind: 'data' | 'sync') => void = () => undefined,
  ) {}

  get isLeader(): boolean {
    return this.held && this.client !== null;
  }

  /**
   * Says this desk is alive (its last-seen time and the connection's pid, by which others see
   * who leads) and tries to take the lock if it does not hold it. A lost connection loses the
   * lock: false, and the next call reconnects. Throws when the team database cannot be reached.
   */
  async beat(): Promise<boolean> {
    if (!this.client) {
      const client = await this.session.db.session(`quayside ${this.session.desk} (leader)`);
      const lost = () => {
        if (this.client === client) {
          this.client = null;
          this.held = false;
        }
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        if (message.payload === this.session.account) this.hint('data');
        else if (message.payload === `sync:${this.session.account}`) this.hint('sync');
      });
      this.client = client;
      this.held = false;
      try {
        await client.query('LISTEN quayside_team');
      } catch (err) {
        await this.drop();
        throw this.session.db.translate(err);
      }
    }
    const client = this.client;
    try {
      await client.query(
        `INSERT INTO desks (account, desk_id, desk, session_pid) VALUES ($1, $2, $3, pg_backend_pid())
         ON CONFLICT (account, desk_id) DO UPDATE SET desk = excluded.desk, last_seen_at = now(), session_pid = pg_backend_pid()`,
        [this.session.account, this.session.deskId, this.session.desk],
      );
      if (!this.held) {
        const got = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [LEADER_LOCK_CLASS, this.session.account]);
        this.held = got.rows[0]?.got === true;
      }
      return this.held;
    } catch (err) {
      await this.drop();
      throw this.session.db.translate(err);
    }
  }

  /** Gives the lock up (closing the connection releases it). */
  async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    await client?.end().catch(() => undefined);
  }
}
