// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportInput } from '../../shared/contract';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { COLUMNS_KEY, FORMAT_KEY, OFFERED_KEY, resetExportStore } from '../state/export';
import { useShipments } from '../state/shipments';
import { resetWatchlistsStore, useWatchlists } from '../state/watchlists';
import { ExportDialog } from './ExportDialog';

// As the core offers them: the reference, the imported columns, then Quayside's own; the default set marked.
const COLUMNS = [
  { id: 'reference', header: 'Reference', byDefault: true },
  { id: 'field:customer', header: 'Customer', byDefault: true },
  { id: 'carrier', header: 'Carrier', byDefault: true },
  { id: 'eta', header: 'ETA (port local time)', byDefault: true },
  { id: 'note', header: 'Note', byDefault: true },
  { id: 'likely', header: 'Likely arrival, p50 (port local, forecast)', byDefault: false },
];

let bridge: FakeBridge;
let saved: { name: string; type: string }[];

beforeEach(() => {
  localStorage.clear();
  bridge = createFakeBridge({
    'export.columns': () => COLUMNS,
    'export.run': (input: ExportInput) => ({
      fileName: `shipments-20261123-0900.${input.format}`,
      mimeType: input.format === 'csv' ? 'text/csv;charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      rows: input.scope.kind === 'ids' ? input.scope.ids.length : 40,
      sizeBytes: 26,
      savedTo: `/tmp/downloads/shipments-20261123-0900.${input.format}`,
      download: `/downloads/7d6f0c1e-0000-4000-8000-000000000001/shipments-20261123-0900.${input.format}`,
    }),
  });
  resetStores(bridge);
  resetExportStore();
  useShipments.setState({ total: 40 });
  saved = [];
  // jsdom has no downloads: record what the dialog asks the browser to fetch instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetStores();
  resetWatchlistsStore();
});

const checkbox = (name: string) => screen.getByRole('checkbox', { name: (n) => n === name || n === `${name} imported` }) as HTMLInputElement;

describe('export dialog', () => {
  it('ticks the default set the core marks, imported columns included, and exports the chosen ones in order', async () => {
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(COLUMNS.map((c) => checkbox(c.header).checked)).toEqual([true, true, true, true, true, false]);
    expect(screen.getByRole('checkbox', { name: 'Customer imported' })).toBeTruthy();
    fireEvent.click(checkbox('Carrier'));
    fireEvent.click(checkbox('Likely arrival, p50 (port local, forecast)'));
    expect(screen.getByText('5 of 6 chosen; the file has them in this order')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    expect(await screen.findByText('shipments-20261123-0900.csv')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('40 shipments exported to shipments-20261123-0900.csv');
    const input = bridge.callsOf('export.run')[0] as ExportInput;
    expect(input.columns).toEqual(['reference', 'field:customer', 'eta', 'note', 'likely']);
    expect(input.format).toBe('csv');
    // The view as the table shows it: the shipments still moving, in the table's order.
    expect(input.scope).toEqual({ kind: 'view', filter: { moving: true }, order: [{ column: 'eta', direction: 'asc' }] });
    expect(saved).toEqual([{ name: 'shipments-20261123-0900.csv', type: 'http://localhost:3000/downloads/7d6f0c1e-0000-4000-8000-000000000001/shipments-20261123-0900.csv' }]);
  });

  it('keeps a remembered choice, and ticks an imported column offered since (or never ticked by the old default)', async () => {
    // Remembered before imported columns were in the default set: no list of what was offered.
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(['reference', 'eta']));
    const first = render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(COLUMNS.map((c) => checkbox(c.header).checked)).toEqual([true, true, false, true, false, false]);
    fireEvent.click(checkbox('Customer'));
    expect(JSON.parse(localStorage.getItem(OFFERED_KEY) ?? 'null')).toEqual(COLUMNS.map((c) => c.id));
    first.unmount();

    // Unticked on purpose stays unticked; a column imported since is ticked.
    bridge.handlers['export.columns'] = () => [...COLUMNS, { id: 'field:po', header: 'PO', byDefault: true }];
    resetExportStore();
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(checkbox('Customer').checked).toBe(false);
    expect(checkbox('PO').checked).toBe(true);
    expect(checkbox('Reference').checked).toBe(true);
    expect(checkbox('Carrier').checked).toBe(false);
  });

  it('remembers the chosen columns and the format for the next export', async () => {
    const first = render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    fireEvent.click(checkbox('Note'));
    fireEvent.click(checkbox('Reference'));
    fireEvent.click(screen.getByRole('radio', { name: /Excel/ }));
    expect(JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? 'null')).toEqual(['note', 'reference']);
    expect(JSON.parse(localStorage.getItem(FORMAT_KEY) ?? 'null')).toBe('xlsx');
    first.unmount();

    resetExportStore();
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(COLUMNS.map((c) => checkbox(c.header).checked)).toEqual([true, false, false, false, true, false]);
    expect((screen.getByRole('radio', { name: /Excel/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    await screen.findByText('shipments-20261123-0900.xlsx');
    expect(bridge.callsOf('export.run')[0]).toMatchObject({ format: 'xlsx', columns: ['reference', 'note'] });
  });

  it('exports on Enter from a choice, and Escape closes', async () => {
    const onClose = vi.fn();
    render(<ExportDialog onClose={onClose} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.keyDown(checkbox('Note'), { key: 'Enter' });
    expect(await screen.findByText('shipments-20261123-0900.csv')).toBeTruthy();
    expect(bridge.callsOf('export.run')).toHaveLength(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses to export without a column and says what to do; select all chooses every column', async () => {
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one column to export.');
    expect(screen.getByRole('button', { name: 'Export 40 shipments' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(COLUMNS.every((c) => checkbox(c.header).checked)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports the selection when there is one, and the view with its watchlist when asked', async () => {
    useShipments.setState({ selection: new Set([7, 3]), filters: { ...useShipments.getState().filters, watchlistId: 4, carrier: 'MSCU' } });
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    const which = screen.getByRole('group', { name: 'Shipments' });
    expect((within(which).getByRole('radio', { name: /Selected shipments/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 shipments' }));
    await screen.findByText('2 shipments exported to', { exact: false });
    expect((bridge.callsOf('export.run')[0] as ExportInput).scope).toEqual({ kind: 'ids', ids: [7, 3] });
  });

  it('sends the view filters, watchlist included', async () => {
    useShipments.setState({ filters: { ...useShipments.getState().filters, watchlistId: 4, carrier: 'MSCU' } });
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(screen.getByRole('radio', { name: /Selected shipments/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /Current view/ }).closest('label')?.textContent).toContain('the watchlist shown in the table, as filtered now');
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    await screen.findByText('40 shipments exported to', { exact: false });
    expect((bridge.callsOf('export.run')[0] as ExportInput).scope).toEqual({ kind: 'view', filter: { carrier: 'MSCU', watchlistId: 4, moving: true }, order: [{ column: 'eta', direction: 'asc' }] });
  });

  it('exports a watchlist shown alone as that watchlist, named in the dialog', async () => {
    useWatchlists.setState({ lists: [{ id: 4, name: 'Acme Textiles', kind: 'list', filter: null, count: 40, attention: { etaMoved: 0, stuck: 0, notFound: 0, total: 0 }, needAttention: { total: 0, byKind: {} }, createdAt: '2026-11-01T00:00:00Z', lastViewedAt: null }] });
    // As Watchlists → Open in the table shows it: the whole list, delivered ones too.
    useShipments.setState({ filters: { ...useShipments.getState().filters, view: 'all', watchlistId: 4 } });
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    expect(screen.getByRole('radio', { name: /Current view/ }).closest('label')?.textContent).toContain('Current view: the watchlist “Acme Textiles” (40 shipments)');
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    await screen.findByText('40 shipments exported to', { exact: false });
    expect((bridge.callsOf('export.run')[0] as ExportInput).scope).toEqual({ kind: 'watchlist', watchlistId: 4 });
  });

  it('in the desktop app: says the folder the engine saved to, and offers no download', async () => {
    bridge.handlers['export.run'] = () => ({ fileName: 'acme.csv', mimeType: 'text/csv', rows: 40, sizeBytes: 9, savedTo: 'C:\\Users\\ops\\Documents\\acme.csv', download: null });
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    expect((await screen.findByText('Saved in', { exact: false })).textContent).toContain('Saved in C:\\Users\\ops\\Documents.');
    expect(screen.queryByRole('button', { name: 'Save again' })).toBeNull();
    expect(saved).toEqual([]);
  });

  it('goes back to the choices when the person cancels the save dialog', async () => {
    bridge.handlers['export.run'] = () => null;
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    // Back to the choices: the export button is offered (and usable) again, nothing says "exported".
    expect(((await screen.findByRole('button', { name: 'Export 40 shipments' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Exporting…' })).toBeNull();
    expect(screen.queryByText('exported to', { exact: false })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(checkbox('Reference').checked).toBe(true);
  });

  it('shows the readable message when the export fails, and keeps the choices', async () => {
    bridge.handlers['export.run'] = () => {
      throw { code: 'invalid-input', message: 'Unknown column field:gone; choose the columns again.' };
    };
    render(<ExportDialog onClose={() => undefined} />);
    await screen.findByRole('checkbox', { name: /^Reference/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export 40 shipments' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown column field:gone; choose the columns again.');
    expect(checkbox('Reference').checked).toBe(true);
    expect(saved).toEqual([]);
  });
});
