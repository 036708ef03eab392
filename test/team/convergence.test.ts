/*
 * In the spirit of Jepsen: three desks of one team make random edits of two fields and of the
 * note of a few shipments, each desk now and then cut off, the team database stopped or killed
 * at random, the service unreachable at random. After healing every desk holds the same values,
 * and every edit anyone made is current, in conflict or in the history on every desk: none gone.
 * The seed is printed; QUAYSIDE_CONVERGENCE_SEED=N runs that history again.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/core/context.js';
import { setFields } from '../../src/core/features/fields/index.js';
import { saveNote, sendWaitingNotes } from '../../src/core/features/notes/index.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { openCore } from '../../src/engine/open-core.js';
import type { Simulator } from '../../src/sim/index.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { seededRandom as random } from '../support/seeded-random.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';

const missing = postgresMissing();
if (missing) console.warn(`[skipped] convergence of three desks: ${missing}`);

const SEED = Number(process.env.QUAYSIDE_CONVERGENCE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = 150;
const SHIPMENTS = 4;
const FIELDS = ['Customer', 'PO'] as const;

describe.runIf(!missing)(`three desks converge (seed ${SEED})`, () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let teamUrl: string;
  const desks: Core[] = [];

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('convergence', { timeScale: 50, accounts: [{ apiKey: KEY, credits: 100, shipments: SHIPMENTS }] }));
    for (const name of ['Desk-1', 'Desk-2', 'Desk-3']) {
      const core = openCore({ dataDir: join(work, name), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, envTeamUrl: teamUrl, timeScale: 50, deskName: name, offlineGiveUpMs: 300 }).core;
      await syncShipments(core);
      desks.push(core);
    }
  }, 60_000);
  afterAll(async () => {
    for (const core of desks) core.close();
    await stopTeamTestbed({ sim, cluster, work });
  });

  it('holds the same values on every desk after healing, and every edit made', { timeout: 600_000 }, async () => {
    console.info(`[measure] convergence: seed ${SEED} (QUAYSIDE_CONVERGENCE_SEED=${SEED} runs it again)`);
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const trackingIds = desks[0]!.read.team.trackingIds().sort();
    expect(trackingIds).toHaveLength(SHIPMENTS);
    const idOn = (core: Core, trackingId: string) => core.read.getShipment(trackingId)!.id;
    const cutOff = new Set<number>();
    let teamDown = false;
    let serviceDown = false;
    const made: { kind: 'field' | 'note'; trackingId: string; name: string; value: string }[] = [];
    const exchange = async (core: Core) => {
      await core.ports.shared.push({ deadlineMs: 3_000 });
      await core.ports.shared.pull({ deadlineMs: 3_000 });
    };

    for (let step = 0; step < STEPS; step++) {
      const d = Math.floor(next() * desks.length);
      const core = desks[d]!;
      const roll = next();
      if (roll < 0.45) {
        const trackingId = pick(trackingIds);
        const name = pick(FIELDS);
        const value = `${name}-${step}-desk${d + 1}`;
        setFields(core, [idOn(core, trackingId)], { [name]: value });
        made.push({ kind: 'field', trackingId, name, value });
      } else if (roll < 0.6) {
        const trackingId = pick(trackingIds);
        const value = `note ${step} desk${d + 1}`;
        saveNote(core, idOn(core, trackingId), value);
        made.push({ kind: 'note', trackingId, name: '@note', value });
        if (!serviceDown) await sendWaitingNotes(core).catch(() => undefined);
      } else if (roll < 0.8) {
        if (!cutOff.has(d)) await exchange(core);
      } else if (roll < 0.86) {
        if (cutOff.has(d)) cutOff.delete(d);
        else cutOff.add(d);
      } else if (roll < 0.92) {
        if (teamDown) cluster.resume();
        else if (next() < 0.5) cluster.pause();
        else cluster.kill();
        teamDown = !teamDown;
      } else if (roll < 0.96) {
        serviceDown = !serviceDown;
        await sim.setReachable(!serviceDown);
      } else if (!serviceDown && !cutOff.has(d)) {
        await syncShipments(core).catch(() => undefined);
      }
    }

    // Healing: everything reachable, every desk in touch, until nothing moves.
    if (teamDown) cluster.resume();
    await sim.setReachable(true);
    for (let round = 0; round < 3; round++) {
      for (const core of desks) {
        await exchange(core);
        await sendWaitingNotes(core).catch(() => undefined);
        await syncShipments(core);
        await exchange(core);
      }
    }

    const why = `seed ${SEED}`;
    for (const trackingId of trackingIds) {
      const views = desks.map((core) => {
        const id = idOn(core, trackingId);
        const states = core.read.fields.states(id).map((f) => ({ key: f.key, value: f.value, conflicts: f.conflicts.map((c) => c.value).sort() }));
        return { states, note: core.read.getShipment(id)!.note };
      });
      expect(views[1], why).toEqual(views[0]);
      expect(views[2], why).toEqual(views[0]);
      expect(sim.control.shipment(KEY, trackingId)!.note ?? null, `${why}: the service holds the note every desk shows`).toBe(views[0]!.note);
      for (const core of desks) {
        const id = idOn(core, trackingId);
        const kept = new Map(core.read.fields.states(id).map((f) => [f.key, [f.current, ...f.conflicts, ...f.history].map((e) => e.value)]));
        const note = core.read.fields.note(id);
        kept.set('@note', note ? [note.current, ...note.conflicts, ...note.history].map((e) => e.value) : []);
        for (const edit of made.filter((m) => m.trackingId === trackingId)) {
          expect(kept.get(edit.kind === 'note' ? '@note' : edit.name.toLowerCase()) ?? [], `${why}: ${edit.value} on ${core.deskName()}`).toContain(edit.value);
        }
      }
    }
  });
});
