// @vitest-environment jsdom
/**
 * Find and act in the Attention view: filters narrow the cards (asked of the engine),
 * similar cards grouped with the rest folded, the customer on each card, several cards chosen
 * (a box, shift for a range, "select all shown") and marked told with one comment, Undo for the
 * batch, and a reason that came back showing its earlier mark.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, AttentionItem, AttentionPage, ReasonKind } from '../../shared/contract';
import { useAttention } from '../state/attention';
import { resetWatchlistsStore } from '../state/watchlists';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { AttentionView } from './AttentionView';

const reason = (kind: ReasonKind, detail: string) => ({ kind, since: '2026-11-19T00:10:00.000Z', detail, acknowledged: false, acknowledgement: null, earlier: null });

function card(id: number, kind: ReasonKind, customer: string | null): AttentionItem {
  return {
    id,
    reference: `MSKU${String(id).padStart(7, '0')}`,
    trackingId: `t-${id}`,
    carrier: { scac: 'MAEU', name: 'Maersk' },
    pod: { name: 'Rotterdam', country: 'NL' },
    eta: '2026-11-28T08:00:00',
    shipmentStatus: kind === 'stuck' ? 'STUCK' : 'IN_TRANSIT',
    reasons: [reason(kind, kind === 'stuck' ? 'The service says this shipment is stuck.' : 'ETA at Rotterdam moved 4 days later than when Quayside first saw it.')],
    lastFreeDay: null,
    daysLeft: null,
    customer,
    watchlists: customer === 'Acme' ? [{ id: 3, name: 'Acme inbound' }] : [],
  };
}

/** Seven stuck (Müller GmbH's and Acme's), two slipped, one of them a slip told before that came back. */
const ALL: AttentionItem[] = [
  ...[1, 2, 3, 4, 5, 6, 7].map((id) => card(id, 'stuck', id <= 4 ? 'Müller GmbH' : 'Acme')),
  card(8, 'eta_slipped', 'Acme'),
  { ...card(9, 'eta_slipped', null), reasons: [{ ...reason('eta_slipped', 'ETA at Rotterdam moved 9 days later than when Quayside first saw it.'), earlier: { at: '2026-11-20T09:30:00.000Z', comment: 'booked haulier', by: 'Desk-B' } }] },
];

let bridge: FakeBridge;
/** What the fake engine holds: marks by shipment id. */
let marks: Map<number, string | null>;

function listed(q: ApiInput<'attention.list'>): AttentionPage {
  const withMarks = ALL.map((i) => {
    const mark = marks.get(i.id);
    return mark === undefined ? i : { ...i, reasons: i.reasons.map((r) => ({ ...r, acknowledged: true, acknowledgement: { at: '2026-11-24T10:00:00.000Z', comment: mark } })) };
  });
  const open = withMarks.filter((i) => i.reasons.some((r) => !r.acknowledged));
  const base = q.includeAcknowledged ? withMarks : open;
  const byKind = (i: AttentionItem) => !q.kinds || i.reasons.some((r) => q.kinds!.includes(r.kind));
  const byCustomer = (i: AttentionItem) => q.customer === undefined || (i.customer ?? null)?.toLowerCase() === q.customer?.toLowerCase();
  const items = base.filter((i) => byKind(i) && byCustomer(i));
  const kinds: Partial<Record<ReasonKind, number>> = {};
  for (const i of base.filter(byCustomer)) for (const r of i.reasons) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  const named = base.filter(byKind);
  const count = (name: string) => named.filter((i) => i.customer === name).length;
  return {
    items,
    total: items.length,
    needAttention: open.length,
    facets: {
      kinds,
      customerField: 'customer',
      customers: [{ name: 'Müller GmbH', count: count('Müller GmbH') }, { name: 'Acme', count: count('Acme') }].filter((c) => c.count > 0),
      withoutCustomer: named.filter((i) => i.customer === null).length,
    },
  };
}

beforeEach(() => {
  marks = new Map();
  bridge = createFakeBridge({
    'attention.list': listed,
    'attention.count': () => ({ needAttention: listed({ limit: 500 }).needAttention }),
    'attention.acknowledgeMany': ({ shipmentIds, comment }) => {
      for (const id of shipmentIds) marks.set(id, comment ?? null);
      const marked = shipmentIds.map((id) => ({ shipmentId: id, reference: ALL.find((i) => i.id === id)!.reference, kind: ALL.find((i) => i.id === id)!.reasons[0]!.kind }));
      return { batchId: 'batch-1', at: '2026-11-24T10:00:00.000Z', marked, skipped: [] };
    },
    'attention.undoMany': ({ batchId }) => {
      expect(batchId).toBe('batch-1');
      const restored = marks.size;
      marks.clear();
      return { restored };
    },
    'watchlists.list': () => [],
  });
  resetStores(bridge);
  resetWatchlistsStore();
});

afterEach(() => {
  cleanup();
  resetStores();
});

const cardsShown = () => screen.getAllByTestId('attention-card').map((c) => c.getAttribute('data-id'));

describe('finding and acting in the Attention view', () => {
  it('groups similar cards with the rest folded, names the customer, and filters narrow the cards by reason and customer', async () => {
    render(<AttentionView />);
    await screen.findAllByTestId('attention-card');
    // Seven stuck: the worst three shown, then the slipped ones (a group of two shows whole).
    const stuck = screen.getByRole('region', { name: /^Stuck/ });
    expect(within(stuck).getAllByTestId('attention-card')).toHaveLength(3);
    expect(cardsShown()).toEqual(['1', '2', '3', '8', '9']);
    const first = screen.getByRole('listitem', { name: 'MSKU0000001' });
    expect(first.querySelector('.attention-customer')!.textContent).toBe('Müller GmbH');
    expect(screen.getByRole('listitem', { name: 'MSKU0000008' }).querySelector('.attention-lists')!.textContent).toBe('Acme inbound');
    fireEvent.click(within(stuck).getByRole('button', { name: 'Show 4 more Stuck' }));
    expect(within(stuck).getAllByTestId('attention-card')).toHaveLength(7);
    fireEvent.click(within(stuck).getByRole('button', { name: 'Show fewer Stuck' }));
    expect(within(stuck).getAllByTestId('attention-card')).toHaveLength(3);

    // A reason, with its count, asked of the engine; every matching card shown.
    const slipped = screen.getByRole('button', { name: 'ETA slipped 2' });
    expect(screen.getByRole('button', { name: 'Stuck 7' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(slipped);
    await waitFor(() => expect(cardsShown()).toEqual(['8', '9']));
    expect(bridge.callsOf('attention.list').at(-1)).toMatchObject({ kinds: ['eta_slipped'] });
    expect(slipped.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('attention-summary').textContent).toBe('2 shipments match · 9 need attention');

    // The customer: counts with the reason applied; choosing Acme leaves its slipped shipment.
    const customer = screen.getByLabelText('Customer') as HTMLSelectElement;
    expect([...customer.options].map((o) => o.textContent)).toEqual(['Every customer', 'Acme (1)', 'No customer (1)']);
    fireEvent.change(customer, { target: { value: 'Acme' } });
    await waitFor(() => expect(cardsShown()).toEqual(['8']));
    expect(bridge.callsOf('attention.list').at(-1)).toMatchObject({ kinds: ['eta_slipped'], customer: 'Acme' });

    // The reason off again: Acme's stuck ones too, whole (a reason chosen or not, Acme has four).
    fireEvent.click(slipped);
    await waitFor(() => expect(cardsShown()).toEqual(['5', '6', '7', '8']));
    // Kept while the app runs: the view opened again shows the same.
    cleanup();
    render(<AttentionView />);
    await waitFor(() => expect(cardsShown()).toEqual(['5', '6', '7', '8']));
    expect((screen.getByLabelText('Customer') as HTMLSelectElement).value).toBe('Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardsShown()).toEqual(['1', '2', '3', '8', '9']));
    expect(useAttention.getState().filters).toEqual({ kind: null, customer: undefined, watchlistId: null });
  });

  it('chooses cards by box, shift-click range and "select all shown", marks them all told with one comment, and Undo takes the batch back', async () => {
    render(<AttentionView />);
    await screen.findAllByTestId('attention-card');
    fireEvent.click(screen.getByLabelText('Choose MSKU0000001'));
    fireEvent.click(screen.getByLabelText('Choose MSKU0000008'), { shiftKey: true });
    // The range follows the cards as shown: 1, 2, 3 (of the stuck group), then 8.
    for (const id of [1, 2, 3, 8]) expect((screen.getByLabelText(`Choose MSKU000000${id}`) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Choose MSKU0000009') as HTMLInputElement).checked).toBe(false);
    const bulk = screen.getByRole('region', { name: 'Customer told for several shipments' });
    expect(within(bulk).getByText('4 shipments chosen')).toBeInstanceOf(HTMLElement);
    const all = within(bulk).getByLabelText('Select all shown (5)') as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(within(bulk).getByText('5 shipments chosen')).toBeInstanceOf(HTMLElement);

    fireEvent.change(within(bulk).getByLabelText('Comment for all (optional)'), { target: { value: ' told by mail ' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Customer told: mark 5 open reasons handled' }));
    await waitFor(() => expect(bridge.callsOf('attention.acknowledgeMany')).toEqual([{ shipmentIds: [1, 2, 3, 8, 9], comment: 'told by mail' }]));
    // Only the stuck ones not shown before are left; the batch can be taken back.
    await waitFor(() => expect(cardsShown()).toEqual(['4', '5', '6', '7']));
    const done = await within(bulk).findByRole('status');
    expect(done.textContent).toContain('Marked 5 reasons of 5 shipments as handled');
    fireEvent.click(within(done).getByRole('button', { name: 'Undo all 5' }));
    await waitFor(() => expect(bridge.callsOf('attention.undoMany')).toEqual([{ batchId: 'batch-1' }]));
    await waitFor(() => expect(cardsShown()).toEqual(['1', '2', '3', '8', '9']));
    expect(within(bulk).queryByRole('status')).toBeNull();
  });

  it('marks only the chosen reason when a reason is chosen in the filter, and keeps Undo when that empties the list', async () => {
    render(<AttentionView />);
    await screen.findAllByTestId('attention-card');
    fireEvent.click(screen.getByRole('button', { name: 'Stuck 7' }));
    await waitFor(() => expect(cardsShown()).toHaveLength(7));
    fireEvent.click(screen.getByLabelText('Select all shown (7)'));
    fireEvent.click(screen.getByRole('button', { name: 'Customer told: mark Stuck (7 reasons) handled' }));
    await waitFor(() => expect(bridge.callsOf('attention.acknowledgeMany')).toEqual([{ shipmentIds: [1, 2, 3, 4, 5, 6, 7], comment: null, kinds: ['stuck'] }]));
    // The list is empty now; the batch's Undo stays.
    await waitFor(() => expect(screen.queryAllByTestId('attention-card')).toHaveLength(0));
    expect(screen.getByText('Nothing here with these filters')).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Undo all 7' }));
    await waitFor(() => expect(cardsShown()).toHaveLength(7));
  });

  it('shows the earlier mark on a reason that came back, and the desk that made it', async () => {
    render(<AttentionView />);
    const slip = await screen.findByRole('listitem', { name: 'MSKU0000009' });
    const earlier = slip.querySelector('.reason-earlier')!;
    // Marked on another desk of the team: which one is said.
    expect(earlier.textContent).toBe('Told on 2026-11-20 by Desk-B: “booked haulier”; it has come back since.');
    // Still open: it can be marked again.
    expect(within(slip).getByRole('button', { name: 'Customer told: mark ETA slipped of MSKU0000009 as handled' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('listitem', { name: 'MSKU0000008' }).querySelector('.reason-earlier')).toBeNull();
  });
});
