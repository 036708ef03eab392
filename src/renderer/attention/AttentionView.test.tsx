// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttentionItem, AttentionPage } from '../../shared/contract';
import { useDetail } from '../state/detail';
import { connectAttention, useAttention } from '../state/attention';
import { useUi } from '../state/ui';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { AttentionView } from './AttentionView';

const ARRIVED: AttentionItem = {
  id: 7,
  reference: 'MSKU4829150',
  trackingId: 'a-7',
  carrier: { scac: 'MAEU', name: 'Maersk' },
  pod: { name: 'Rotterdam', country: 'NL' },
  eta: '2026-11-18T23:30:00',
  shipmentStatus: 'IN_TRANSIT',
  reasons: [
    {
      kind: 'arrived_not_delivered',
      since: '2026-11-19T00:10:00.000Z',
      detail: 'Arrived at Rotterdam on 2026-11-18 23:30 (vessel arrival), 6 days ago; no delivery reported since.',
      acknowledged: false,
      acknowledgement: null,
    },
    { kind: 'eta_slipped', since: '2026-11-10T08:00:00.000Z', detail: 'ETA at Rotterdam moved 4 days later than when Quayside first saw it.', acknowledged: false, acknowledgement: null },
  ],
  lastFreeDay: '2026-11-22',
  daysLeft: -2,
};

let bridge: FakeBridge;
let acknowledged: { shipmentId: number; kind: string; comment?: string | null }[];

function page(includeAcknowledged: boolean): AttentionPage {
  const reasons = ARRIVED.reasons.map((r) => {
    const ack = acknowledged.find((a) => a.kind === r.kind);
    return ack ? { ...r, acknowledged: true, acknowledgement: { at: new Date().toISOString(), comment: ack.comment ?? null } } : r;
  });
  const open = reasons.some((r) => !r.acknowledged);
  const items = open || includeAcknowledged ? [{ ...ARRIVED, reasons }] : [];
  return { items, total: items.length, needAttention: open ? 1 : 0 };
}

beforeEach(() => {
  acknowledged = [];
  bridge = createFakeBridge({
    'attention.list': (q) => page(q.includeAcknowledged === true),
    'attention.count': () => ({ needAttention: page(false).needAttention }),
    'attention.acknowledge': (input) => {
      acknowledged.push(input);
      return { ...ARRIVED.reasons.find((r) => r.kind === input.kind)!, acknowledged: true, acknowledgement: { at: new Date().toISOString(), comment: input.comment ?? null } };
    },
    'attention.unacknowledge': (input) => {
      const before = acknowledged.length;
      acknowledged = acknowledged.filter((a) => a.kind !== input.kind);
      return { removed: acknowledged.length < before };
    },
    'shipments.get': () => {
      throw { code: 'not-found', message: 'not in this test' };
    },
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

describe('the Attention view', () => {
  it('shows the reasons in words with the carrier\'s dates as given, and the clock', async () => {
    render(<AttentionView />);
    const card = await screen.findByRole('listitem', { name: 'MSKU4829150' });
    expect(screen.getByTestId('attention-summary').textContent).toBe('1 shipment needs attention');
    expect(within(card).getByText('Arrived, not delivered')).toBeInstanceOf(HTMLElement);
    expect(within(card).getByText('ETA slipped')).toBeInstanceOf(HTMLElement);
    // The naive ETA as the carrier gave it, never shifted by the viewer's time zone.
    expect(card.querySelector('.attention-meta')!.textContent).toContain('2026-11-18 23:30');
    expect(card.querySelector('.free-time')!.textContent).toMatch(/^Last free day 2026-11-22, /);
  });

  it('marks a reason as handled with a comment, Escape cancels, and Undo takes it back', async () => {
    const off = connectAttention();
    render(<AttentionView />);
    const card = await screen.findByRole('listitem', { name: 'MSKU4829150' });
    const tell = within(card).getByRole('button', { name: 'Customer told: mark ETA slipped of MSKU4829150 as handled' });
    fireEvent.click(tell);
    const comment = within(card).getByLabelText('Comment (optional)');
    fireEvent.keyDown(comment, { key: 'Escape' });
    expect(within(card).queryByLabelText('Comment (optional)')).toBeNull();
    expect(bridge.callsOf('attention.acknowledge')).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Customer told: mark ETA slipped of MSKU4829150 as handled' }));
    fireEvent.change(within(card).getByLabelText('Comment (optional)'), { target: { value: '  told Müller GmbH  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(bridge.callsOf('attention.acknowledge')).toEqual([{ shipmentId: 7, kind: 'eta_slipped', comment: 'told Müller GmbH' }]));
    const undo = await within(card).findByRole('button', { name: 'Undo: ETA slipped of MSKU4829150 needs attention again' });
    expect(card.querySelector('.reason-eta_slipped .reason-since')!.textContent).toContain('“told Müller GmbH”');
    fireEvent.click(undo);
    await waitFor(() => expect(bridge.callsOf('attention.unacknowledge')).toEqual([{ shipmentId: 7, kind: 'eta_slipped' }]));
    await within(card).findByRole('button', { name: 'Customer told: mark ETA slipped of MSKU4829150 as handled' });
    off();
  });

  it('says on Undo what it puts back: the mark before, still covering the reason or shown as the earlier word', async () => {
    const marked = (covers: boolean): AttentionPage => {
      const slipped = {
        ...ARRIVED.reasons[1]!,
        acknowledged: true,
        acknowledgement: { at: '2026-11-24T09:00:00.000Z', comment: 'told the new ETA', replaces: { at: '2026-11-20T09:00:00.000Z', comment: 'booked haulier', by: 'Desk-2', covers } },
      };
      return { items: [{ ...ARRIVED, reasons: [ARRIVED.reasons[0]!, slipped] }], total: 1, needAttention: 1 };
    };
    bridge.handlers['attention.list'] = () => marked(false);
    const off = connectAttention();
    const { unmount } = render(<AttentionView />);
    let card = await screen.findByRole('listitem', { name: 'MSKU4829150' });
    await within(card).findByRole('button', { name: 'Undo: ETA slipped of MSKU4829150 needs attention again, the mark of 2026-11-20 by Desk-2 shown as the earlier word' });
    unmount();
    resetStores(bridge);
    bridge.handlers['attention.list'] = () => marked(true);
    render(<AttentionView />);
    card = await screen.findByRole('listitem', { name: 'MSKU4829150' });
    const undo = await within(card).findByRole('button', { name: 'Undo: ETA slipped of MSKU4829150 back to the mark of 2026-11-20 by Desk-2 (“booked haulier”), still handled' });
    fireEvent.click(undo);
    await waitFor(() => expect(bridge.callsOf('attention.unacknowledge')).toEqual([{ shipmentId: 7, kind: 'eta_slipped' }]));
    off();
  });

  it('follows the engine\'s count, and a reference opens the shipment in the table\'s detail', async () => {
    const off = connectAttention();
    useUi.getState().setView('attention');
    render(<AttentionView />);
    await screen.findByRole('listitem', { name: 'MSKU4829150' });
    const asked = bridge.callsOf('attention.list').length;
    bridge.emit('attention.changed', { needAttention: 0 });
    await waitFor(() => expect(useAttention.getState().needAttention).toBe(0));
    // On screen, the list is read again.
    await waitFor(() => expect(bridge.callsOf('attention.list').length).toBe(asked + 1));
    fireEvent.click(screen.getByRole('button', { name: 'MSKU4829150' }));
    expect(useUi.getState().view).toBe('shipments');
    expect(useDetail.getState().openId).toBe(7);
    off();
  });

  it('says so when nothing needs attention', async () => {
    bridge.handlers['attention.list'] = () => ({ items: [], total: 0, needAttention: 0 });
    render(<AttentionView />);
    expect(await screen.findByText('Nothing needs attention', { selector: 'strong' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByTestId('attention-summary').textContent).toBe('Nothing needs attention');
  });
});
