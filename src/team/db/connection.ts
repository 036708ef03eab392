/**
 * Connections to the team database (node-postgres). A pool for short transactions (the rate
 * budget, reads and writes of team rows) and dedicated sessions for what lives as long as a
 * connection (the sync leader's advisory lock). Every error leaves here as a TeamDbError whose
 * message says what to do and never carries the password.
 */
import pg from 'pg';
import type { TeamAddress } from './address.js';
import { redactTeamAddress } from './address.js';
import { TeamDbError } from './errors.js';


export interface TeamDbOptions {
  /** Shown in pg_stat_activity: which desk this connection belongs to. */
  applicationName: string;
  connectTimeoutMs?: number;
  /** Pool size; the budget and team reads need few. */
  maxConnections?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 15_000;

/** SQLSTATE and socket codes a person can act on. */
function translateTeamError(err: unknown, address: TeamAddress): unknown {
  if (err instanceof TeamDbError) return err;
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  const where = address.label;
  const detail = redactTeamAddress(String(e?.message ?? err), address);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN', 'ENETUNREACH', 'EPIPE'].includes(code) || /timeout|terminated|Connection terminated/i.test(detail)) {
    return new TeamDbError('unreachable', `The team database at ${where} cannot be reached (${detail}); check the address and that the server is running, or work on alone: this desk keeps its own cache.`);
  }
  if (code === '28P01' || code === '28000') {
    return new TeamDbError('refused', `The team database at ${where} refused the user name or password; ask whoever set it up for the address again.`);
  }
  if (code === '3D000') return new TeamDbError('refused', `There is no database named in ${where}; create it first (docs/team.md: setting up a team).`);
  if (code === '42501') return new TeamDbError('refused', `The role in ${where} may not create or change Quayside's tables; make it the owner of the database (docs/team.md: setting up a team).`);
  if (code === '57P01' || code === '57P03' || code.startsWith('08')) {
    return new TeamDbError('unreachable', `The team database at ${where} is not available right now (${detail}); this desk keeps working on its own cache.`);
  }
  return new TeamDbError('failed', `The team database at ${where} answered with an error: ${detail}.`);
}

function clientConfig(address: TeamAddress, options: TeamDbOptions): pg.ClientConfig {
  return {
    connectionString: address.url,
    application_name: options.applicationName.slice(0, 63),
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A dead server is noticed by the kernel's keepalive, not after hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
    // A query on a connection whose network silently died fails instead of hanging.
    query_timeout: QUERY_TIMEOUT_MS,
  };
}

/** The pool of one desk process. */
export class TeamDatabase {
  readonly pool: pg.Pool;
  private closed = false;

  constructor(
    readonly address: TeamAddress,
    private readonly options: TeamDbOptions,
  ) {
    this.pool = new pg.Pool({ ...clientConfig(address, options), max: options.maxConnections ?? 4, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
    // An idle connection cut by the server must not end the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    // A connection cut while checked out (the server stopped) fails its query; the client's own
    // 'error' event must not end the process either.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /** The driver's error as a sentence for a person, without the password. */
  translate(err: unknown): unknown {
    return translateTeamError(err, this.address);
  }

  /** One statement, parameters apart; errors translated. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(sql, params);
    } catch (err) {
      throw translateTeamError(err, this.address);
    }
  }

  /** `work` in one transaction on one connection; rolled back when it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw translateTeamError(err, this.address);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw translateTeamError(err, this.address);
    } finally {
      client.release(broken);
    }
  }

  /** A connection of its own, for as long as the caller keeps it (a session lock, LISTEN). */
  async session(applicationName = this.options.applicationName): Promise<pg.Client> {
    const client = new pg.Client(clientConfig(this.address, { ...this.options, applicationName }));
    client.on('error', () => undefined);
    try {
      await client.connect();
      // The server drops this session within about 11 s of its desk vanishing from the network
      // (unplugged, asleep), releasing what the session holds (the sync leader's lock), instead
      // of after the system's default of two hours.
      await client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
    } catch (err) {
      await client.end().catch(() => undefined);
      throw translateTeamError(err, this.address);
    }
    return client;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end().catch(() => undefined);
  }
}
