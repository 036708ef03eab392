/*
 * The change history, each change once team-wide. The leader's cache records an ETA
 * moved A→B and then B→C while desk B is closed; B, started again, shows both moves, each once,
 * exactly as the leader recorded them (not A→C, not its own re-derivation); a desk joining later
 * has the whole history; a pull repeated stores nothing twice; a balance read on one desk shows on
 * the others. Desks are cores with the team member the engine runs, on a real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { Core } from '../../src/core/context.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { listAttention } from '../../src/core/features/attention/index.js';
import { creditsView, readCredits } from '../../src/core/features/credits/index.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { pullChanges } from '../../src/team/changes.js';
import { requestSyncRound } from '../../src/team/fields.js';
import { TeamMember } from '../../src/team/member.js';
import { pullSnapshots } from '../../src/team/snapshots.js';
import { DESK_SETTING, teamSession } from '../../src/team/session.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { until } from '../support/until.js';
import { cacheDb } from '../support/cache-db.js';
import { openCore } from '../../src/engine/open-core.js';

const missing = postgresMissing();
if (missing) console.warn(`[skipped] team history tests: ${missing}`);

const SCALE = 10;
const SHIPMENTS = 12;

interface Desk {
  service: Core;
  member: TeamMember;
}

describe.runIf(!missing)('the change history of a team', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let teamUrl: string;
  const open: Desk[] = [];

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('history', { timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 500, shipments: SHIPMENTS }] }));
  }, 60_000);
  afterAll(async () => {
    for (const desk of open.splice(0)) await closeDesk(desk);
    await stopTeamTestbed({ sim, cluster, work });
  });

  function startDesk(name: string): Desk {
    const service = openCore({ dataDir: join(work, name), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, envTeamUrl: teamUrl, timeScale: SCALE }).core;
    service.write((tx) => tx.setSetting(DESK_SETTING, name));
    const member = new TeamMember(service);
    member.start();
    const desk = { service, member };
    open.push(desk);
    return desk;
  }

  async function closeDesk(desk: Desk): Promise<void> {
    open.splice(open.indexOf(desk), 1);
    await desk.member.close();
    await desk.service.scheduler.close();
    desk.service.close();
  }

  const tracked = (desk: Desk) => cacheDb(desk.service).prepare('SELECT count(*) FROM shipments WHERE tracking_id IS NOT NULL').pluck().get() as number;
  /** A shipment's change history as its detail shows it (newest first): when, what, from, to. */
  const historyOf = (desk: Desk, trackingId: string) => (desk.service.read.getShipment(trackingId)?.changes ?? []).map(({ at, kind, from, to }) => ({ at, kind, from, to }));
  const etaMoves = (desk: Desk, trackingId: string) => historyOf(desk, trackingId).filter((c) => c.kind === 'eta_moved');
  /** The ETA moves in the changes feed, as the window lists them. */
  const feedMoves = (desk: Desk, reference: string) =>
    desk.service.read.changeFeed({ members: null, kinds: ['eta_moved'], limit: 500 }).filter((i) => i.reference === reference).map((i) => [i.from, i.to]);

  let leader: Desk;
  let trackingId: string;
  let reference: string;

  it('a desk closed during two ETA moves shows both when it starts again, each once, as the leader recorded them', { timeout: 90_000 }, async () => {
    leader = startDesk('Harbour');
    await until('Harbour to lead', () => leader.member.view().leader);
    await until('Harbour to sync', () => tracked(leader) === SHIPMENTS);
    let quay = startDesk('Quay');
    await until("Quay to have the leader's shipments", () => tracked(quay) === SHIPMENTS);
    // One still on its way (a delivered shipment's slip is no one's concern).
    trackingId = cacheDb(leader.service)
      .prepare(
        `SELECT s.tracking_id FROM shipments s LEFT JOIN attention_marks m ON m.shipment_id = s.id
          WHERE s.subscription_status = 'ACTIVE' AND s.eta IS NOT NULL AND coalesce(m.delivered, 0) = 0 AND coalesce(s.shipment_status, '') <> 'DELIVERED'
          ORDER BY s.id LIMIT 1`,
      )
      .pluck()
      .get() as string;
    expect(trackingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    reference = leader.service.read.getShipment(trackingId)!.reference;
    const etaBefore = leader.service.read.getShipment(trackingId)!.eta;
    await closeDesk(quay);

    const session = (await teamSession(leader.service))!;
    sim.control.moveEta(KEY, trackingId, 2);
    await requestSyncRound(session);
    await until('the first move on the leader', () => etaMoves(leader, trackingId).length === 1);
    sim.control.moveEta(KEY, trackingId, 3);
    await requestSyncRound(session);
    await until('the second move on the leader', () => etaMoves(leader, trackingId).length === 2);
    const etaAfter = leader.service.read.getShipment(trackingId)!.eta;
    // Newest first: B→C, then A→B.
    expect(etaMoves(leader, trackingId).map((c) => [c.from, c.to])).toEqual([
      [etaMoves(leader, trackingId)[1]!.to, etaAfter],
      [etaBefore, etaMoves(leader, trackingId)[0]!.from],
    ]);

    quay = startDesk('Quay');
    await until('both moves on Quay', () => etaMoves(quay, trackingId).length >= 2);
    // Give a second pull the chance to add anything twice.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(quay.service.read.getShipment(trackingId)!.eta).toBe(etaAfter);
    expect(historyOf(quay, trackingId)).toEqual(historyOf(leader, trackingId));
    expect(etaMoves(quay, trackingId)).toHaveLength(2);
    expect(feedMoves(quay, reference)).toEqual(feedMoves(leader, reference));
    expect(feedMoves(quay, reference)).toHaveLength(2);
    // The detail says which desk recorded them (the leader's own rows name none).
    expect(quay.service.read.getShipment(trackingId)!.changes.filter((c) => c.kind === 'eta_moved').map((c) => c.desk)).toEqual(['Harbour', 'Harbour']);
    expect(leader.service.read.getShipment(trackingId)!.changes.every((c) => c.desk === undefined)).toBe(true);
    // The Attention list sees the slip from the team's rows, as on the leader.
    const slipOn = (desk: Desk) =>
      listAttention(desk.service, { now: desk.service.now })
        .find((i) => i.trackingId === trackingId)
        ?.reasons.find((r) => r.kind === 'eta_slipped');
    expect(slipOn(quay)).toBeDefined();
    expect(slipOn(quay)).toEqual(slipOn(leader));
  });

  it('a desk joining later has the whole history, and a pull repeated stores nothing twice', { timeout: 60_000 }, async () => {
    const late = startDesk('Late');
    await until('Late to have the shipments', () => tracked(late) === SHIPMENTS);
    await until('the history on Late', () => etaMoves(late, trackingId).length >= 2);
    expect(historyOf(late, trackingId)).toEqual(historyOf(leader, trackingId));
    const count = () => late.service.read.countChanges();
    const before = count();
    expect(before).toBe(leader.service.read.countChanges());

    // As if the cache had lost its mark after storing a page: the same rows come again.
    late.service.write((tx) => tx.setSetting('team.changesPulledSeq', null));
    await pullChanges(late.service, (await teamSession(late.service))!, false);
    expect(count()).toBe(before);
    expect(feedMoves(late, reference)).toHaveLength(2);
  });

  it("a move a desk's own \"Refresh now\" saw is one row, the leader's, once the leader's round brings it", { timeout: 60_000 }, async () => {
    const quay = open.find((d) => d.service.read.getSetting(DESK_SETTING) === 'Quay')!;
    sim.control.moveEta(KEY, trackingId, 1);
    // A person on Quay asks the service at once (quayside sync): Quay records the move itself.
    await syncShipments(quay.service);
    expect(etaMoves(quay, trackingId)).toHaveLength(3);
    await requestSyncRound((await teamSession(leader.service))!);
    await until('the move on the leader', () => etaMoves(leader, trackingId).length === 3);
    await until("Quay's row to become the team's", () => quay.service.read.getShipment(trackingId)!.changes.filter((c) => c.kind === 'eta_moved' && c.desk === 'Harbour').length === 3);
    expect(etaMoves(quay, trackingId)).toHaveLength(3);
    expect(historyOf(quay, trackingId)).toEqual(historyOf(leader, trackingId));
  });

  it('a shipment deleted at the service shows as removed on every desk with one change, the leader\'s', { timeout: 60_000 }, async () => {
    const quay = open.find((d) => d.service.read.getSetting(DESK_SETTING) === 'Quay')!;
    const gone = cacheDb(leader.service).prepare("SELECT tracking_id FROM shipments WHERE subscription_status = 'ACTIVE' AND tracking_id <> ? ORDER BY id LIMIT 1").pluck().get(trackingId) as string;
    let result = await leader.service.api().deleteShipments([gone]);
    if (result.archived.includes(gone)) result = await leader.service.api().deleteShipments([gone]);
    expect(result.deleted).toContain(gone);
    await requestSyncRound((await teamSession(leader.service))!);
    const removals = (desk: Desk) => historyOf(desk, gone).filter((c) => c.kind === 'subscription_changed' && c.to === 'REMOVED');
    await until('the removal on Quay', () => removals(quay).length > 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(quay.service.read.getShipment(gone)!.status).toBe('REMOVED');
    expect(removals(quay)).toHaveLength(1);
    expect(historyOf(quay, gone)).toEqual(historyOf(leader, gone));
  });

  it("a change pulled before its shipment's snapshot waits for it; one of a shipment the desk will never get is passed over", { timeout: 30_000 }, async () => {
    // A desk driven by hand (no member): its changes pulled before any snapshot.
    const service = openCore({ dataDir: join(work, 'Dock'), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, envTeamUrl: teamUrl, timeScale: SCALE }).core;
    service.write((tx) => tx.setSetting(DESK_SETTING, 'Dock'));
    const dock = { service, member: new TeamMember(service) };
    open.push(dock);
    const session = (await teamSession(service))!;
    expect(await pullChanges(service, session, false)).toBe(0);
    expect(service.read.getSetting('team.changesPulledSeq')).toBeNull();
    await pullSnapshots(service, session);
    expect(await pullChanges(service, session, false)).toBeGreaterThanOrEqual(2);
    expect(historyOf(dock, trackingId)).toEqual(historyOf(leader, trackingId));
    // The removed shipment (never stored here) does not hold the pull up: the mark is at the team's last change.
    const last = (await session.db.query<{ seq: string }>('SELECT max(seq) AS seq FROM shipment_changes WHERE account = $1', [session.account])).rows[0]!.seq;
    expect(service.read.getSetting('team.changesPulledSeq')).toBe(last);
  });

  it('a balance read on the leader shows on the other desks', { timeout: 30_000 }, async () => {
    const quay = open.find((d) => d.service.read.getSetting(DESK_SETTING) === 'Quay')!;
    sim.control.setCredits(KEY, 437);
    const read = await readCredits(leader.service);
    expect(read.remaining).toBe(437);
    await until('the balance on Quay', () => creditsView(quay.service).remaining === 437);
    expect(creditsView(quay.service).checkedAt).toBe(read.checkedAt);
    expect(creditsView(quay.service).history.map((h) => h.remaining)).toContain(437);
  });
});
