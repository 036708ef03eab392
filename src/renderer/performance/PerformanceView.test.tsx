// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PerformanceFilters } from '../../shared/performance';
import { PerformanceView } from './PerformanceView';
import { group, sampleBacktest, sampleReport } from './test-support/report';

afterEach(cleanup);

function card(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

/** Plot loads with the first chart: the charts are drawn once it is there. */
async function chartsDrawn(count: number): Promise<void> {
  await waitFor(() => expect([...document.querySelectorAll('.perf-plot')].filter((box) => box.querySelector('svg')).length).toBe(count));
}

describe('PerformanceView', () => {
  it('draws every chart from the report, with the figures in short and what was left out', async () => {
    render(<PerformanceView report={sampleReport()} backtest={sampleBacktest()} filters={{}} onFiltersChange={() => undefined} />);
    await chartsDrawn(4);
    const short = screen.getByLabelText('The figures in short');
    expect(within(short).getByText('240')).toBeTruthy();
    expect(within(short).getByText('(35 still on the way)')).toBeTruthy();
    expect(within(short).getByText('55%')).toBeTruthy();
    expect(screen.getByText(/Left out: 7 without a departure event/)).toBeTruthy();
    for (const title of ['On time by carrier', 'Days late by carrier', 'Days late by lane', 'Transit time by lane']) {
      const svg = card(title).querySelector('svg');
      expect(svg, title).toBeTruthy();
      expect(card(title).querySelector('[role="img"]')!.getAttribute('aria-label')).toBeTruthy();
    }
    // One bar per carrier, one box per lane.
    expect(card('On time by carrier').querySelectorAll('.perf-mark-bar rect')).toHaveLength(3);
    expect(card('Days late by lane').querySelectorAll('.perf-mark-box rect')).toHaveLength(2);
    expect(card('How good the likely arrival has been').textContent).toMatch(/7 days before arrival, the likely arrival's p50 was off by 0\.96 d on average, the carriers' ETAs by 1\.67 d; p10–p90 held 81% of 180 arrivals/);
  });

  it('puts each chart\'s numbers in a table behind a toggle', () => {
    render(<PerformanceView report={sampleReport()} filters={{}} onFiltersChange={() => undefined} />);
    const onTime = card('On time by carrier');
    const toggle = within(onTime).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const table = within(onTime).getByRole('table');
    const msc = within(table).getByRole('row', { name: /MSC/ });
    expect(within(msc).getAllByRole('cell').map((c) => c.textContent)).toEqual(['120', '120', '31%', '+2.3 d', '+2 d', '+4 d']);
    expect(within(onTime).getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe('true');
    expect(onTime.querySelector('svg')).toBeNull();
  });

  it('switches the delay measure, and the boxes follow', () => {
    render(<PerformanceView report={sampleReport()} filters={{}} onFiltersChange={() => undefined} />);
    const byCarrier = card('Days late by carrier');
    fireEvent.change(within(byCarrier).getByRole('combobox', { name: 'Measure' }), { target: { value: 'arrivalVsEta7' } });
    fireEvent.click(within(byCarrier).getByRole('button', { name: 'Show table' }));
    const row = within(within(byCarrier).getByRole('table')).getByRole('row', { name: /MSC/ });
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe('+1 d');
  });

  it('hands filter changes up as a whole filter object', () => {
    const changes: PerformanceFilters[] = [];
    const { rerender } = render(<PerformanceView report={sampleReport()} filters={{ lane: 'CNSHA-NLRTM' }} onFiltersChange={(f) => changes.push(f)} />);
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'MSCU' } });
    fireEvent.change(screen.getByLabelText('Arrived since'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'Acme Textiles' } });
    expect(changes).toEqual([
      { lane: 'CNSHA-NLRTM', carrier: 'MSCU' },
      { lane: 'CNSHA-NLRTM', since: '2026-10-01' },
      { lane: 'CNSHA-NLRTM', customer: 'Acme Textiles' },
    ]);
    expect((screen.getByLabelText('Lane') as HTMLSelectElement).value).toBe('CNSHA-NLRTM');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(changes.at(-1)).toEqual({});
    rerender(<PerformanceView report={sampleReport()} filters={{}} onFiltersChange={(f) => changes.push(f)} />);
    expect((screen.getByRole('button', { name: 'Clear filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when nothing has arrived, and offers the export only when it can be done', () => {
    const onExport = vi.fn();
    const empty = { ...sampleReport(), total: group({ n: 0, shipments: 0 }), carriers: [], lanes: [], laneMonths: [] };
    const { rerender } = render(<PerformanceView report={empty} filters={{}} onFiltersChange={() => undefined} />);
    expect(screen.getByText(/No shipment has arrived yet \(35 shipments on the way\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export to Excel…' })).toBeNull();
    rerender(<PerformanceView report={empty} filters={{ carrier: 'MSCU' }} onFiltersChange={() => undefined} onExport={onExport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel…' }));
    expect(onExport).toHaveBeenCalledOnce();
  });

  it('draws a report of 18 carriers and 12 lanes over 12 months quickly (figure recorded, not asserted)', async () => {
    // Plot's own loading is not the drawing's.
    render(<PerformanceView report={sampleReport()} filters={{}} onFiltersChange={() => undefined} />);
    await chartsDrawn(4);
    cleanup();
    const base = sampleReport();
    const carriers = Array.from({ length: 18 }, (_, i) => group({ carrier: { scac: `C${i}`, name: `Carrier ${i}` }, n: 5000 - i * 100, late: (i % 5) - 1, share: 0.3 + i / 40 }));
    const lanes = Array.from({ length: 12 }, (_, i) => group({ lane: { key: `L${i}`, portOfLoading: { key: `A${i}`, name: `Port A${i}` }, portOfDischarge: { key: `B${i}`, name: `Port B${i}` } }, n: 8000 - i * 300 }));
    const months = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}`);
    const laneMonths = lanes.flatMap((l, i) => months.map((month, m) => group({ lane: l.lane, month, transit: 28 + i + (m % 3) })));
    const started = performance.now();
    render(<PerformanceView report={{ ...base, carriers, lanes, laneMonths }} filters={{}} onFiltersChange={() => undefined} />);
    const total = performance.now() - started;
    const charts = [...document.querySelectorAll<HTMLElement>('.perf-plot')].map((el) => Number(el.dataset.renderMs));
    expect(charts).toHaveLength(4);
    console.info(`Performance view in jsdom: ${total.toFixed(0)} ms in all; Plot drawing per chart: ${charts.map((ms) => ms.toFixed(1)).join(', ')} ms`);
  });
});
