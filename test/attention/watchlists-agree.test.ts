/**
 * One meaning of "needs attention": on the sample data, for every watchlist (a list per
 * carrier as a customer's list would be, a list of shipments on hold, a saved filter), the
 * Watchlists view counts exactly the shipments the Attention view lists for it, reason by reason;
 * and a list made just now shows what needs attention at once (it does not start "seen").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionPage, WatchlistView } from '../../src/shared/contract/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { startDemoBackend, type DemoBackend } from '../../src/sim/demo-backend.js';

let dataDir: string;
let backend: DemoBackend;
let runtime: AppRuntime;

async function call<T>(method: string, input?: unknown): Promise<T> {
  const r = await runtime.dispatch(method as never, input as never);
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
  return r.value as T;
}

/** What the Attention view lists for a watchlist: the shipments, and the shipments per reason kind. */
async function attentionOf(id: number): Promise<{ refs: string[]; byKind: Record<string, number> }> {
  const page = await call<AttentionPage>('attention.list', { watchlistId: id });
  const byKind: Record<string, number> = {};
  for (const item of page.items) for (const r of item.reasons) if (!r.acknowledged) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  return { refs: page.items.map((i) => i.reference), byKind };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-wl-agree-'));
  backend = await startDemoBackend({ dataDir });
  runtime = createAppRuntime({ dataDir: backend.dataDir, apiBase: backend.apiBase, secrets: backend.secrets, fetch: backend.fetch, shell: 'harness', demo: true, version: 'test', background: false });
  await backend.fill(runtime, () => undefined);
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Watchlists and Attention', () => {
  it('agree on what needs attention, for every sample list, from the moment a list is made', async () => {
    const rows = runtime.core.read.listShipmentRows({ sort: 'reference' });
    const byCarrier = new Map<string, number[]>();
    for (const r of rows) if (r.carrier.scac) byCarrier.set(r.carrier.scac, [...(byCarrier.get(r.carrier.scac) ?? []), r.id]);
    const onHold = rows.filter((r) => r.shipmentStatus === 'STUCK' || r.shipmentStatus === 'ON_HOLD').map((r) => r.id);
    expect(onHold.length).toBeGreaterThan(0);

    const made: WatchlistView[] = [];
    for (const [scac, ids] of [...byCarrier].slice(0, 6)) made.push(await call<WatchlistView>('watchlists.create', { kind: 'list', name: `Customer of ${scac}`, shipmentIds: ids }));
    made.push(await call<WatchlistView>('watchlists.create', { kind: 'list', name: 'On hold', shipmentIds: onHold }));
    made.push(await call<WatchlistView>('watchlists.create', { kind: 'filter', name: 'Active', filter: { status: 'ACTIVE' } }));

    // Made just now: what needs attention shows at once, the same as the Attention view says.
    for (const w of made) {
      const seen = await attentionOf(w.id);
      expect(w.needAttention, w.name).toEqual({ total: seen.refs.length, byKind: seen.byKind });
    }
    const hold = made.find((w) => w.name === 'On hold')!;
    expect(hold.needAttention.total).toBeGreaterThan(0);
    expect(hold.needAttention.byKind['stuck']).toBeGreaterThan(0);

    // And as the Watchlists view lists them.
    // Every list: the ones made here and the sample data's own (its customers' lists).
    const lists = await call<WatchlistView[]>('watchlists.list');
    expect(lists.map((w) => w.id)).toEqual(expect.arrayContaining(made.map((w) => w.id)));
    expect(lists.length).toBeGreaterThan(made.length);
    let needed = 0;
    for (const w of lists) {
      const seen = await attentionOf(w.id);
      expect(w.needAttention, w.name).toEqual({ total: seen.refs.length, byKind: seen.byKind });
      needed += w.needAttention.total;
    }
    expect(needed).toBeGreaterThan(0);
  }, 30_000);
});
