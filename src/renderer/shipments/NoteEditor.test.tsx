// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUi } from '../state/ui';
import { connectStores } from '../state/wire-events';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { CREDITS, SETTINGS, STATUS, pageOf } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ShipmentTable } from './ShipmentTable';

let bridge: FakeBridge;
let disconnect: () => void;

beforeEach(() => {
  bridge = createFakeBridge({
    'shipments.list': (q) => pageOf(q, 50),
    'notes.set': ({ shipmentId, note }) => ({ shipmentId, note, pending: true }),
    'notes.pending': () => [],
    'settings.get': () => SETTINGS,
    'settings.keyStatus': () => ({ apiBase: SETTINGS.apiBase, source: 'keychain', last4: '5555' }),
    'sync.statusBar': () => STATUS,
    'credits.get': () => CREDITS,
    'shipments.facets': () => ({ carriers: [], pods: [], shipmentStatuses: [], fieldNames: [], total: 50 }),
  });
  resetStores(bridge);
  disconnect = connectStores();
});

afterEach(() => {
  disconnect();
  cleanup();
  resetStores();
});

async function openEditorOnSecondRow(): Promise<HTMLInputElement> {
  render(<ShipmentTable viewportHeight={600} />);
  await screen.findByText('MSCU0000001');
  const grid = screen.getByRole('grid', { name: 'Shipments' });
  grid.focus();
  fireEvent.keyDown(grid, { key: 'ArrowDown' });
  fireEvent.keyDown(grid, { key: 'ArrowDown' });
  fireEvent.keyDown(grid, { key: 'n' });
  return (await screen.findByRole('textbox', { name: 'Note for MSCU0000001' })) as HTMLInputElement;
}

describe('note editing', () => {
  it('counts characters up to 40; a longer note is kept as typed, said too long, and cannot be saved', async () => {
    const input = await openEditorOnSecondRow();
    expect(screen.getByText('0/40')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Call the consignee' } });
    expect(screen.getByText('18/40')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'x'.repeat(37) } });
    expect(screen.getByText('37/40').className).toContain('warn');
    fireEvent.change(input, { target: { value: 'y'.repeat(45) } });
    // Never cut without a word: the text stays, the counter says by how much it is over.
    expect(input.value).toHaveLength(45);
    expect(screen.getByLabelText('45 of 40 characters: 5 too many').className).toContain('over');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Save note' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'y'.repeat(40) } });
    expect((screen.getByRole('button', { name: 'Save note' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a shipment the service does not track offers no note editor, and n says why', async () => {
    bridge.handlers['shipments.list'] = (q) => {
      const page = pageOf(q, 50);
      return { ...page, rows: page.rows.map((r) => (r.id === 2 ? { ...r, trackingId: null, outcome: 'INFO_NOT_FOUND' as const } : r)) };
    };
    render(<ShipmentTable viewportHeight={600} />);
    await screen.findByText('MSCU0000001');
    expect(screen.queryByRole('button', { name: 'Edit note for MSCU0000001' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit note for MSCU0000002' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Shipments' });
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'n' });
    expect(screen.queryByRole('textbox', { name: 'Note for MSCU0000001' })).toBeNull();
    expect(useUi.getState().toasts.map((t) => t.message)).toEqual(['MSCU0000001: A note can be added once the tracking service tracks this shipment.']);
  });

  it('Escape cancels without saving', async () => {
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'never saved' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note for MSCU0000001' })).toBeNull());
    expect(bridge.callsOf('notes.set')).toEqual([]);
  });

  it('saving (Enter submits the form) shows the note pending until the outbox says it was sent', async () => {
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'Customs hold' } });
    fireEvent.submit(input.closest('form')!);

    const row = () => screen.getByText('MSCU0000001').closest<HTMLElement>('[role="row"]')!;
    await waitFor(() => expect(within(row()).getByText('pending')).toBeTruthy());
    expect(bridge.callsOf('notes.set')).toEqual([{ shipmentId: 2, note: 'Customs hold' }]);
    expect(within(row()).getByText('Customs hold')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Note for MSCU0000001' })).toBeNull();

    act(() => bridge.emit('notes.outbox', { pending: [], sent: [{ shipmentId: 2, note: 'Customs hold' }], failed: [] }));
    expect(within(row()).queryByText('pending')).toBeNull();
    expect(within(row()).getByText('Customs hold')).toBeTruthy();
  });

  it('a note sent before its save was answered is not left pending', async () => {
    // The outbox event travels on the event channel and can overtake the answer of notes.set.
    bridge.handlers['notes.set'] = async ({ shipmentId, note }) => {
      bridge.emit('notes.outbox', { pending: [], sent: [{ shipmentId: 1, note: 'Other row' }], failed: [] });
      bridge.emit('notes.outbox', { pending: [], sent: [{ shipmentId, note }], failed: [] });
      return { shipmentId, note, pending: true };
    };
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'Sent at once' } });
    fireEvent.submit(input.closest('form')!);
    const row = () => screen.getByText('MSCU0000001').closest<HTMLElement>('[role="row"]')!;
    await waitFor(() => expect(within(row()).getByText('Sent at once')).toBeTruthy());
    expect(within(row()).queryByText('pending')).toBeNull();
  });

  it('an older note sent while a newer one is saved leaves the newer one pending', async () => {
    bridge.handlers['notes.set'] = async ({ shipmentId, note }) => {
      bridge.emit('notes.outbox', { pending: [], sent: [{ shipmentId, note: 'The note before' }], failed: [] });
      return { shipmentId, note, pending: true };
    };
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'The newest note' } });
    fireEvent.submit(input.closest('form')!);
    const row = () => screen.getByText('MSCU0000001').closest<HTMLElement>('[role="row"]')!;
    await waitFor(() => expect(within(row()).getByText('pending')).toBeTruthy());
    expect(within(row()).getByText('The newest note')).toBeTruthy();
  });

  it('a note the service refused for good shows its message', async () => {
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'Rejected' } });
    fireEvent.submit(input.closest('form')!);
    const row = () => screen.getByText('MSCU0000001').closest<HTMLElement>('[role="row"]')!;
    await waitFor(() => expect(within(row()).getByText('pending')).toBeTruthy());

    act(() => bridge.emit('notes.outbox', { pending: [], sent: [], failed: [{ shipmentId: 2, message: 'The service refused the note: too long' }] }));
    const badge = within(row()).getByText('not sent');
    expect(badge.getAttribute('title')).toBe('The service refused the note: too long');
  });

  it('a failed save keeps the editor open with the readable message', async () => {
    bridge.handlers['notes.set'] = () => {
      throw { code: 'storage', message: 'The disk is full; free some space and save again.' };
    };
    const input = await openEditorOnSecondRow();
    fireEvent.change(input, { target: { value: 'Will fail' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('The disk is full; free some space and save again.');
    expect(screen.getByRole('textbox', { name: 'Note for MSCU0000001' })).toBeTruthy();
  });
});
