/**
 * A throwaway PostgreSQL cluster for one test file: initdb in a temp folder, started on a free
 * port with its socket in that folder, stopped and deleted at the end. PostgreSQL refuses to run
 * as root (CI runs as root), so then the cluster runs as the `postgres` user through runuser.
 * Never a mock: the team database tests need the real locks, transactions and LISTEN/NOTIFY.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** postgres://quayside:…@127.0.0.1:port/<database> for a database of its own (created on demand). */
  createDatabase(name: string): Promise<string>;
  /** The superuser's address of a database (for tests that look behind the app's back). */
  adminUrl(database: string): string;
  port: number;
  /** Stops the server, keeping its data (a team database that went away). */
  pause(): void;
  /** Kills the server as a crash would (no clean shutdown; it recovers from its log when started again). */
  kill(): void;
  /** Starts it again on the same port. */
  resume(): void;
  stop(): void;
}

/** The password of the `quayside` role the app connects as; tests assert it never shows. */
export const TEST_ROLE_PASSWORD = 'harbour-Secret-7731';

function findBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && Number(v) >= 14 && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  if (!findBinDir()) return 'PostgreSQL 14+ is not installed (/usr/lib/postgresql/<version>/bin/initdb); CI installs Debian\'s postgresql package';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres'], { stdio: 'ignore' }).status !== 0) return 'running as root and there is no postgres user to run PostgreSQL as';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir();
  if (!bin) throw new Error(postgresMissing() ?? 'PostgreSQL is missing');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'quayside-pg-'));
  // The postgres user must be able to write there.
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  // Over the socket (the superuser's setup) trust; over TCP (the app) the password is checked.
  run('initdb', ['-D', data, '--auth-local=trust', '--auth-host=scram-sha-256', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () => run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const psql = (database: string, sql: string) => run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  // The role the app connects as: not a superuser, with a password, as an office's would be.
  psql('postgres', `CREATE ROLE quayside LOGIN PASSWORD '${TEST_ROLE_PASSWORD}'`);
  let stopped = false;
  // A run that ends without its afterAll (a failed hook, process.exit) still leaves no server behind.
  const stopAtExit = () => {
    if (!stopped) cluster.stop();
  };
  process.once('exit', stopAtExit);
  const cluster: PostgresCluster = {
    port,
    async createDatabase(name) {
      psql('postgres', `CREATE DATABASE "${name}" OWNER quayside`);
      return `postgres://quayside:${TEST_ROLE_PASSWORD}@127.0.0.1:${port}/${name}`;
    },
    adminUrl(database) {
      return `postgres://postgres@localhost/${database}?host=${encodeURIComponent(dir)}&port=${port}`;
    },
    pause() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    kill() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    resume() {
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopAtExit);
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped (a test paused it and failed before resuming).
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
