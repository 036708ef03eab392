// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LikelyArrival } from '../../shared/performance';
import { setSystemLocale } from '../lib/dates';
import { EtaStepChart, etaSteps } from './EtaStepChart';

// The window's type check has no Node types; the tests run under Node, whose TZ can be changed while running.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const savedTz = env.TZ;

beforeEach(() => {
  // A desk in Berlin whose system writes dates as in Germany: the seen times are its own clock's.
  setSystemLocale('de-DE');
  env.TZ = 'Europe/Berlin';
});

afterEach(() => {
  cleanup();
  setSystemLocale(null);
  env.TZ = savedTz;
});

const ETAS = [
  { seenAt: '2026-11-05T09:00:00.000Z', eta: '2026-11-20T08:00:00' },
  { seenAt: '2026-11-14T09:00:00.000Z', eta: '2026-11-25T08:00:00' },
  { seenAt: '2026-11-20T09:00:00.000Z', eta: '2026-11-28T08:00:00' },
  { seenAt: 'not a time', eta: '2026-11-29T08:00:00' },
];

const LIKELY: LikelyArrival = {
  kind: 'band',
  carrierEta: '2026-11-28T08:00:00',
  earliest: '2026-11-28T20:00:00',
  likely: '2026-11-30T08:00:00',
  latest: '2026-12-02T08:00:00',
  earliestDay: '2026-11-28',
  likelyDay: '2026-11-30',
  latestDay: '2026-12-02',
  basis: { level: 'carrier-lane', shipments: 37, carrier: { scac: 'MAEU', name: 'Maersk' }, lane: null, leadDays: 7 },
  sentence: 'likely 2026-11-28 – 2026-12-02, most likely 2026-11-30: p10–p90 and p50 of 37 past shipments, Maersk Ningbo→Felixstowe',
};

describe('EtaStepChart', () => {
  it('draws every ETA seen as steps, the arrival across, and says how many changes', async () => {
    render(<EtaStepChart etas={ETAS} arrival="2026-11-30T06:00:00" />);
    const region = screen.getByRole('region', { name: 'ETA history' });
    expect(region.textContent).toMatch(/3 ETAs seen, 2 changes\./);
    // Plot loads with the first chart.
    await waitFor(() => expect(region.querySelectorAll('.perf-mark-eta circle')).toHaveLength(3));
    expect(region.querySelector('.perf-mark-arrival')).toBeTruthy();
    expect(within(region).getByRole('img').getAttribute('aria-label')).toBe(
      'ETA history: 20.11.2026 08:00, then 25.11.2026 08:00, then 28.11.2026 08:00; arrived 30.11.2026 06:00',
    );
  });

  it("lists the steps in a table: when seen (the desk's clock), the ETA as given (the port's), how far it moved", () => {
    render(<EtaStepChart etas={ETAS} arrival="2026-11-30T06:00:00" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show table' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['05.11.2026 10:00', '20.11.2026 08:00', 'first seen'],
      ['14.11.2026 10:00', '25.11.2026 08:00', '+5 d'],
      ['20.11.2026 10:00', '28.11.2026 08:00', '+3 d'],
      ['Actual arrival', '30.11.2026 06:00', ''],
    ]);
  });

  it('shows the likely arrival band for a shipment on the way, in words too', async () => {
    render(<EtaStepChart etas={ETAS.slice(0, 3)} likely={LIKELY} />);
    const region = screen.getByRole('region', { name: 'ETA history' });
    await waitFor(() => expect(region.querySelector('.perf-mark-band rect')).toBeTruthy());
    expect(region.querySelector('.perf-mark-band-p50')).toBeTruthy();
    expect(region.textContent).toContain('Likely arrival: likely 28.11.–02.12.2026, most likely 30.11.2026: p10–p90 and p50 of 37 past shipments');
  });

  it('says plainly when no ETA was seen', () => {
    render(<EtaStepChart etas={[]} />);
    expect(screen.getByText('Quayside has not seen an ETA for this shipment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
    expect(etaSteps([{ seenAt: '2026-01-01T00:00:00Z', eta: 'next week' }])).toEqual([]);
  });
});
