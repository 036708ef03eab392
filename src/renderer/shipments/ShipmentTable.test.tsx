// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentListPage, ShipmentListQuery } from '../../shared/contract';
import { useShipments } from '../state/shipments';
import { type FakeBridge, createFakeBridge, deferred } from '../test-support/fake-bridge';
import { pageOf } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ShipmentTable } from './ShipmentTable';
import { ROW_HEIGHT } from './columns';

const TOTAL = 100_000;
let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({ 'shipments.list': (q) => pageOf(q, TOTAL) });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

const dataRows = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');

function scrollTo(grid: HTMLElement, top: number): void {
  grid.scrollTop = top;
  fireEvent.scroll(grid);
}

describe('shipments grid', () => {
  it('renders only a window of 100,000 rows and says how many there are', async () => {
    render(<ShipmentTable viewportHeight={600} />);
    expect(await screen.findByText('MSCU0000000')).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Shipments' });
    // One header row plus every shipment.
    expect(grid.getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
    const rows = dataRows();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    // The body is as tall as every row, so the scrollbar is true to size.
    const body = grid.querySelector<HTMLElement>('.grid-body')!;
    expect(body.style.height).toBe(`${TOTAL * ROW_HEIGHT}px`);
  });

  it('shows the rows of the new offset after scrolling, fetched by block', async () => {
    render(<ShipmentTable viewportHeight={600} />);
    await screen.findByText('MSCU0000000');
    const grid = screen.getByRole('grid', { name: 'Shipments' });

    scrollTo(grid, 50_000 * ROW_HEIGHT);
    expect(await screen.findByText('MSCU0050000')).toBeTruthy();
    expect(screen.queryByText('MSCU0000000')).toBeNull();
    const row = screen.getByText('MSCU0050000').closest('[role="row"]')!;
    expect(row.getAttribute('aria-rowindex')).toBe('50002');
    expect(dataRows().length).toBeLessThan(60);

    const offsets = bridge.callsOf('shipments.list').map((q) => (q as ShipmentListQuery).offset);
    expect(offsets).toContain(0);
    expect(offsets).toContain(50_000 - (50_000 % 200));
    expect(offsets.every((o) => o % 200 === 0)).toBe(true);

    scrollTo(grid, (TOTAL - 5) * ROW_HEIGHT);
    expect(await screen.findByText('MSCU0099999')).toBeTruthy();
  });

  it('never lets a late answer for an older query overwrite a newer one', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<ShipmentListPage>>>();
    bridge.handlers['shipments.list'] = (q) => {
      const d = deferred<ShipmentListPage>();
      answers.set(q.search ?? '', d);
      return d.promise;
    };
    render(<ShipmentTable viewportHeight={600} />);
    await waitFor(() => expect(answers.has('')).toBe(true));

    act(() => useShipments.getState().setFilters({ search: 'old' }));
    await waitFor(() => expect(answers.has('old')).toBe(true));
    act(() => useShipments.getState().setFilters({ search: 'new' }));
    await waitFor(() => expect(answers.has('new')).toBe(true));

    const q = { offset: 0, limit: 200 } as ShipmentListQuery;
    await act(async () => answers.get('new')!.resolve(pageOf(q, 3, 'NEWU')));
    expect(await screen.findByText('NEWU0000000')).toBeTruthy();
    await act(async () => {
      answers.get('old')!.resolve(pageOf(q, 500, 'OLDU'));
      answers.get('')!.resolve(pageOf(q, TOTAL, 'ALLU'));
    });
    expect(screen.queryByText('OLDU0000000')).toBeNull();
    expect(screen.queryByText('ALLU0000000')).toBeNull();
    expect(screen.getByText('NEWU0000000')).toBeTruthy();
    expect(useShipments.getState().total).toBe(3);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('4');
  });

  it('refetches what is shown when shipments change, keeping the old rows meanwhile', async () => {
    render(<ShipmentTable viewportHeight={600} />);
    await screen.findByText('MSCU0000000');
    bridge.handlers['shipments.list'] = (q) => pageOf(q, TOTAL, 'CHGU');
    act(() => useShipments.getState().invalidate());
    expect(screen.getByText('MSCU0000000')).toBeTruthy();
    expect(await screen.findByText('CHGU0000000')).toBeTruthy();
  });

  it('an empty table asks again: the first shipment tracked, and a search that found nothing then cleared', async () => {
    let total = 0;
    bridge.handlers['shipments.list'] = (q) => pageOf(q, q.search === 'nothing' ? 0 : total);
    render(<ShipmentTable viewportHeight={600} />);
    await waitFor(() => expect(useShipments.getState().total).toBe(0));
    total = 1;
    act(() => useShipments.getState().invalidate());
    expect(await screen.findByText('MSCU0000000')).toBeTruthy();

    act(() => useShipments.getState().setFilters({ search: 'nothing' }));
    await waitFor(() => expect(screen.queryByText('MSCU0000000')).toBeNull());
    expect(useShipments.getState().total).toBe(0);
    act(() => useShipments.getState().setFilters({ search: '' }));
    expect(await screen.findByText('MSCU0000000')).toBeTruthy();
  });

  it('moves the active row with the keyboard and scrolls it into view', async () => {
    render(<ShipmentTable viewportHeight={600} />);
    await screen.findByText('MSCU0000000');
    const grid = screen.getByRole('grid', { name: 'Shipments' });
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await waitFor(() => expect(useShipments.getState().activeIndex).toBe(1));
    const active = screen.getByText('MSCU0000001').closest('[role="row"]')!;
    expect(active.className).toContain('row-active');
    expect(grid.getAttribute('aria-activedescendant')).toBe(active.id);

    fireEvent.keyDown(grid, { key: 'End' });
    expect(await screen.findByText('MSCU0099999')).toBeTruthy();
    expect(useShipments.getState().activeIndex).toBe(TOTAL - 1);
  });

  it('a click makes a row the active one without ticking it; Ctrl+click and Shift+click tick, Ctrl+A ticks all matching', async () => {
    bridge.handlers['shipments.ids'] = () => Array.from({ length: TOTAL }, (_, i) => i + 1);
    render(<ShipmentTable viewportHeight={600} />);
    await screen.findByText('MSCU0000000');
    const cell = (i: number) => screen.getByText(`MSCU000000${i}`);
    fireEvent.click(cell(1));
    expect(useShipments.getState().activeIndex).toBe(1);
    expect(useShipments.getState().selection.size).toBe(0);
    expect(screen.getByRole('checkbox', { name: 'Select MSCU0000001' })).toHaveProperty('checked', false);
    fireEvent.click(cell(1), { ctrlKey: true });
    fireEvent.click(cell(3), { ctrlKey: true });
    expect([...useShipments.getState().selection]).toEqual([2, 4]);
    fireEvent.click(cell(6), { shiftKey: true });
    await waitFor(() => expect([...useShipments.getState().selection]).toEqual([4, 5, 6, 7]));
    expect(screen.getByRole('checkbox', { name: 'Select MSCU0000005' })).toHaveProperty('checked', true);

    const grid = screen.getByRole('grid', { name: 'Shipments' });
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    await waitFor(() => expect(useShipments.getState().selection.size).toBe(TOTAL));
  });
});
