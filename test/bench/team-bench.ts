/**
 * `npm run bench -- team [references per desk] [time scale]`: three desks of one team (each its
 * own cache and its own connections to a throwaway PostgreSQL cluster) importing their own new
 * references at once against the simulator with its limits on; then the three as team members:
 * the calls to GET /v2/shipments per sync round, how long a snapshot the leader writes takes to
 * reach the other desks' caches, and a person's watchlist and field edits (aim < 2 s); then how
 * soon another desk leads once the leader is gone (aim < 10 s at the office's 2 s beat, so < 5
 * beats). Prints figures; asserts nothing. Defaults: 5000 at scale 4.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { runImport } from '../../src/core/features/imports/index.js';
import { carrierDirectory } from '../../src/core/features/settings/index.js';
import { setFields } from '../../src/core/features/fields/index.js';
import { watchlistsFeature } from '../../src/core/features/watchlists/index.js';
import type { Core } from '../../src/core/context.js';
import { TeamMember } from '../../src/team/member.js';
import { currentLeader } from '../../src/team/leader-lock.js';
import { publishSnapshots } from '../../src/team/snapshots.js';
import { DESK_SETTING, teamSession } from '../../src/team/session.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { postgresMissing, startPostgresCluster } from '../support/postgres-cluster.js';
import { lowerBoundMs, startSimWorker } from './tracking-bench.js';
import { openCore } from '../../src/engine/open-core.js';
import { until } from '../support/until.js';

const DESKS = 3;
const PROPAGATION_SAMPLES = 20;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;


function noteOf(dataDir: string, trackingId: string): string | null {
  const db = new Database(join(dataDir, 'quayside.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT note FROM shipments WHERE tracking_id = ?').pluck().get(trackingId) as string | null | undefined) ?? null;
  } finally {
    db.close();
  }
}

const EDIT_SAMPLES = 10;

/**
 * A person's edits on the first desk, on the others: a watchlist made, a field typed (each kicks
 * the push, as the engine's team feature does; an attention mark takes the same push and pull).
 */
async function editFigures(desks: Core[], members: TeamMember[]): Promise<void> {
  const [editor, ...others] = desks as [Core, ...Core[]];
  const stops = [
    editor.events.on('watchlists.changed', ({ madeAt }) => {
      if (madeAt === 'this desk') members[0]!.kick();
    }),
    editor.events.on('fields.edited', () => members[0]!.kick()),
  ];
  try {
    const handlers = watchlistsFeature(editor).handlers;
    const trackingIds = editor.read.listShipmentRows({ status: 'ACTIVE', sort: 'recent', limit: EDIT_SAMPLES, offset: 0 }).map((row) => editor.read.getShipment(row.id)!.trackingId!);
    const lists: number[] = [];
    const fields: number[] = [];
    for (const [i, trackingId] of trackingIds.entries()) {
      const localId = editor.read.getShipment(trackingId)!.id;
      let made = performance.now();
      await handlers['watchlists.create']({ name: `bench list ${i}`, kind: 'list', shipmentIds: [localId] });
      await until('the list on every desk', () => others.every((d) => d.read.watchlistByName(`bench list ${i}`) !== null), 30_000);
      lists.push(performance.now() - made);
      made = performance.now();
      setFields(editor, [localId], { 'bench field': `value ${i}` });
      await until('the field on every desk', () => others.every((d) => d.read.fields.values(d.read.getShipment(trackingId)!.id)['bench field'] === `value ${i}`), 30_000);
      fields.push(performance.now() - made);
    }
    console.log(`  a watchlist made on one desk, on the others:  p50 ${percentile(lists, 50).toFixed(0)} ms, worst ${Math.max(...lists).toFixed(0)} ms (aim < 2000)`);
    console.log(`  a field typed on one desk, on the others:     p50 ${percentile(fields, 50).toFixed(0)} ms, worst ${Math.max(...fields).toFixed(0)} ms (aim < 2000)`);
  } finally {
    for (const stop of stops) stop();
  }
}

/** The leader closed (its connection and its lock gone, as a kill -9 leaves them): how soon another desk leads. */
async function takeoverFigures(members: TeamMember[], scale: number): Promise<void> {
  const leader = members.findIndex((m) => m.view().leader);
  if (leader < 0) return;
  const gone = performance.now();
  const [closed] = members.splice(leader, 1);
  await closed!.close();
  await until('another desk leading', () => members.some((m) => m.view().leader), 60_000);
  const took = performance.now() - gone;
  const beat = Math.max(100, 2000 / scale);
  console.log(`  another desk leads once the leader is gone: ${took.toFixed(0)} ms at scale ${scale}, ${(took / beat).toFixed(1)} beats of ${beat} ms (aim < 5 beats: 10 s at the office's 2 s beat)`);
}

export async function runTeamBench(perDesk = 5_000, scale = 4): Promise<void> {
  const missing = postgresMissing();
  if (missing) {
    console.log(`  skipped: ${missing}`);
    return;
  }
  const key = randomUUID();
  const sim = startSimWorker(key, DESKS * perDesk + 1000, scale);
  const url = await sim.url;
  const cluster = await startPostgresCluster();
  const teamUrl = await cluster.createDatabase('bench');
  const dir = mkdtempSync(join(tmpdir(), 'quayside-team-bench-'));
  const dataDirs = Array.from({ length: DESKS }, (_, i) => join(dir, `desk-${i}`));
  const desks = dataDirs.map((dataDir) => openCore({ dataDir, apiBase: url, secrets: new MemorySecretStore(), envApiKey: key, envTeamUrl: teamUrl, timeScale: scale }).core);
  // Named before the first request opens their team session.
  desks.forEach((desk, i) => desk.write((tx) => tx.setSetting(DESK_SETTING, `desk ${i + 1}`)));
  const members: TeamMember[] = [];
  try {
    const files = desks.map((_, i) => join(dir, `sheet-${i}.csv`));
    files.forEach((file, i) => writeReferenceCsv(file, perDesk, 100_000 + i * perDesk));
    await Promise.all(desks.map((desk) => carrierDirectory(desk)));
    let firstTrackingAt = Infinity;
    const reports = await Promise.all(desks.map((desk, i) => runImport(desk, files[i]!, { onEstimate: () => (firstTrackingAt = Math.min(firstTrackingAt, performance.now())) })));
    const trackingMs = performance.now() - firstTrackingAt;
    const stats = await sim.stats();
    const bound = lowerBoundMs(DESKS * perDesk, scale);
    console.log(`  ${DESKS} desks × ${perDesk.toLocaleString('en')} new references at once, one key, time scale ${scale} (limits on)`);
    console.log(`  tracking phase:                        ${trackingMs.toFixed(0)} ms; single-key lower bound for ${(DESKS * perDesk).toLocaleString('en')} ${bound.toFixed(0)} ms`);
    console.log(`  tracking time / single-key bound:      ${(trackingMs / bound).toFixed(3)} (aim ≤ 1.10)`);
    console.log(`  429s received:                         ${stats.rateLimited} (aim 0)`);
    console.log(`  batch creations / polls sent:          ${stats.requests['POST /v2/tracking/batch'] ?? 0} / ${stats.requests['GET /v2/tracking/batch'] ?? 0}`);
    console.log(`  found ${reports.reduce((n, r) => n + r.found, 0)}, failed ${reports.reduce((n, r) => n + r.failed, 0)}; credits spent ${stats.creditsSpent}`);

    // The same desks as team members: one leads the sync, the others pull.
    const listCalls = async () => (await sim.stats()).requests['GET /v2/shipments'] ?? 0;
    const before = await listCalls();
    const roundStarted = performance.now();
    for (const desk of desks) {
      const member = new TeamMember(desk);
      members.push(member);
      member.start();
    }
    const session = (await teamSession(desks[0]!))!;
    await until('a leader', () => members.some((m) => m.view().leader), 120_000);
    const count = (dataDir: string) => {
      const db = new Database(join(dataDir, 'quayside.db'), { readonly: true });
      try {
        return db.prepare("SELECT count(*) FROM shipments WHERE tracking_id IS NOT NULL AND subscription_status = 'ACTIVE'").pluck().get() as number;
      } finally {
        db.close();
      }
    };
    // Each desk knows only its own imports until the round; after it, every desk has what the leader has.
    const leaderDir = () => dataDirs[members.findIndex((m) => m.view().leader)]!;
    await until('a sync round in the team database', async () => (await session.db.query('SELECT 1 FROM sync_rounds WHERE account = $1', [session.account])).rows.length > 0, 120_000);
    const tracked = count(leaderDir());
    await until('every desk holding the tracked shipments', () => dataDirs.every((d) => count(d) >= tracked), 120_000);
    const caughtUpMs = performance.now() - roundStarted;

    // Each desk's imported fields (customer, PO) pushed and pulled: every desk has all of them.
    const withFields = (dataDir: string) => {
      const db = new Database(join(dataDir, 'quayside.db'), { readonly: true });
      try {
        return db.prepare('SELECT count(DISTINCT shipment_id) FROM shipment_fields').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    const fieldsTarget = withFields(dataDirs[0]!) + withFields(dataDirs[1]!) + withFields(dataDirs[2]!);
    await until('every desk holding the imported fields', () => dataDirs.every((d) => withFields(d) >= Math.min(tracked, fieldsTarget)), 120_000);
    const fieldsMs = performance.now() - roundStarted;
    // Rounds asked for by the desks that pushed fields are over by now (one per 10 s / scale at most).
    await new Promise((r) => setTimeout(r, 25_000 / scale));
    const calls = (await listCalls()) - before;
    const rounds = members.reduce((n, m) => n + m.view().roundsLed, 0);
    console.log(`  GET /v2/shipments per sync round:      ${(calls / rounds).toFixed(1)} with ${DESKS} desks (${calls} calls, ${rounds} rounds; one desk's worth: ${Math.ceil(tracked / 500) + 1} pages)`);
    console.log(`  every desk had all ${tracked.toLocaleString('en')} shipments:  ${caughtUpMs.toFixed(0)} ms after the members started`);
    console.log(`  … and every desk's imported fields:    ${fieldsMs.toFixed(0)} ms after the members started`);

    // Desk-to-desk propagation: the leader writes a changed record, the others pull it.
    const leaderDesk = await currentLeader(session);
    const followers = dataDirs.filter((_, i) => !members[i]!.view().leader);
    const records = await session.db.query<{ shipment_id: string; record: string }>('SELECT shipment_id, record FROM shipment_snapshots WHERE account = $1 LIMIT $2', [session.account, PROPAGATION_SAMPLES]);
    const samples: number[] = [];
    for (const [i, row] of records.rows.entries()) {
      // As the service reports a change: a new note, a newer update time.
      const record = JSON.parse(row.record) as { note: string | null; tracked_item: { updated_at: string; checked_at: string } };
      record.note = `bench ${i}`;
      record.tracked_item.updated_at = record.tracked_item.checked_at = new Date().toISOString();
      const written = performance.now();
      await publishSnapshots(session, [record as never], [JSON.stringify(record)], new Date().toISOString());
      await until('the note on every follower', () => followers.every((d) => noteOf(d, row.shipment_id) === `bench ${i}`), 30_000);
      samples.push(performance.now() - written);
    }
    console.log(`  a change the leader (${leaderDesk}) writes, in the other desks' caches: p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms (LISTEN/NOTIFY, and a pull every ${Math.max(100, 2000 / scale)} ms)`);
    await editFigures(desks, members);
    await takeoverFigures(members, scale);
  } finally {
    for (const member of members) await member.close();
    for (const desk of desks) {
      await desk.scheduler.close();
      desk.close();
    }
    await sim.close();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
