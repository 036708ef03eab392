/**
 * What a team test starts before its desks: the simulator, a throwaway PostgreSQL cluster with
 * one team database, and a work folder for the desks' caches; and stops after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

export interface TeamTestbed {
  sim: Simulator;
  cluster: PostgresCluster;
  /** The team database's address, with the test role's password. */
  teamUrl: string;
  /** A folder of its own for the desks' caches. */
  work: string;
}

export async function startTeamTestbed(database: string, simulator: Parameters<typeof startSimulator>[0]): Promise<TeamTestbed> {
  const sim = await startSimulator(simulator);
  const cluster = await startPostgresCluster();
  const teamUrl = await cluster.createDatabase(database);
  return { sim, cluster, teamUrl, work: mkdtempSync(join(tmpdir(), `quayside-team-${database}-`)) };
}

/** Stops what startTeamTestbed started (any part may be missing when the start failed). */
export async function stopTeamTestbed(bed: Partial<TeamTestbed>): Promise<void> {
  await bed.sim?.close();
  bed.cluster?.stop();
  if (bed.work) rmSync(bed.work, { recursive: true, force: true });
}
