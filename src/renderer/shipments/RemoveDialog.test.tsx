// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemovalPreview } from '../../shared/contract';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { useShipments } from '../state/shipments';
import { CREDITS, tableRow } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { RemoveDialog } from './RemoveDialog';

const PREVIEW: RemovalPreview = {
  items: [
    { id: 1, reference: 'MSCU1111111', outcome: 'deleted-refund', description: 'deleted, 1 credit refunded' },
    { id: 2, reference: 'MSCU2222222', outcome: 'archived', description: 'archived, no refund' },
    { id: 3, reference: 'MSCU3333333', outcome: 'deleted-refund', description: 'deleted, 1 credit refunded' },
    { id: 4, reference: 'MSCU4444444', outcome: 'deleted-refund', description: 'deleted, 1 credit refunded' },
  ],
  refunds: 3,
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({
    'shipments.removalPreview': () => PREVIEW,
    'shipments.remove': () => ({
      deleted: ['trk-1', 'trk-3', 'trk-4'],
      archived: ['trk-2'],
      localOnly: [],
      summary: '3 deleted (credits refunded), 1 archived',
    }),
    'credits.get': () => CREDITS,
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

describe('remove with a refund preview', () => {
  it('says per record what the service will do, with the totals', async () => {
    render(<RemoveDialog ids={[1, 2, 3, 4]} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Remove 4 shipments' });
    expect(await within(dialog).findByText('3 deleted with a refund (3 credits back), 1 archived, no refund')).toBeTruthy();
    expect(bridge.callsOf('shipments.removalPreview')).toEqual([[1, 2, 3, 4]]);

    const list = within(dialog).getByRole('list', { name: 'What happens to each shipment' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const outcomeOf = (ref: string) => items.find((li) => li.textContent?.includes(ref))?.textContent;
    expect(outcomeOf('MSCU1111111')).toContain('Deleted, 1 credit refunded');
    expect(outcomeOf('MSCU2222222')).toContain('Archived, no refund');
    expect(bridge.callsOf('shipments.remove')).toEqual([]);
  });

  it('confirm removes exactly those ids, then shows what the service did, by reference', async () => {
    // The table holds rows 1 to 3; the 4th (not loaded) can only be named by its tracking id.
    useShipments.setState({ total: 3, blocks: new Map([[0, [tableRow(0), tableRow(1), tableRow(2)]]]) });
    render(<RemoveDialog ids={[1, 2, 3, 4]} onClose={() => undefined} />);
    await screen.findByText('3 deleted with a refund (3 credits back), 1 archived, no refund');
    fireEvent.click(screen.getByRole('button', { name: 'Remove 4 shipments' }));

    expect(await screen.findByText('3 deleted (credits refunded), 1 archived')).toBeTruthy();
    expect(bridge.callsOf('shipments.remove')).toEqual([[1, 2, 3, 4]]);
    expect(screen.getByRole('dialog', { name: 'Removed' })).toBeTruthy();
    const deleted = screen.getByRole('region', { name: 'Deleted at the service' });
    expect(within(deleted).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MSCU1111111', 'MSCU3333333', 'trk-4']);
    const archived = screen.getByRole('region', { name: 'Archived at the service' });
    expect(within(archived).getByText('MSCU2222222').getAttribute('title')).toBe('Tracking id trk-2');
  });

  it('shows the readable message when the preview fails, and Escape closes', async () => {
    bridge.handlers['shipments.removalPreview'] = () => {
      throw { code: 'offline', message: 'The tracking service is not reachable; try again when you are online.' };
    };
    const onClose = vi.fn();
    render(<RemoveDialog ids={[1]} onClose={onClose} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The tracking service is not reachable; try again when you are online.');
    expect(screen.getByRole('button', { name: 'Remove 1 shipment' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps focus inside the dialog', async () => {
    render(<RemoveDialog ids={[1, 2, 3, 4]} onClose={() => undefined} />);
    await screen.findByText('3 deleted with a refund (3 credits back), 1 archived, no refund');
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    const confirm = screen.getByRole('button', { name: 'Remove 4 shipments' });
    confirm.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close dialog' }));
  });
});
