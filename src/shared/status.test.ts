import { describe, expect, it } from 'vitest';
import type { ShipmentProgress } from './progress.js';
import { arrivalOrEta, serviceSays, statusOf } from './status.js';

const step = (kind: ShipmentProgress['kind'], statusCode: string, date: string, extra: Partial<ShipmentProgress> = {}): ShipmentProgress => ({
  kind, statusCode, date, containers: 1, of: 1, arrivedAt: kind === 'delivered' ? null : date, ...extra,
});

describe('one status in words', () => {
  it('a container discharged at its POD is not "In transit", whatever the service still says', () => {
    const s = statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: step('discharged', 'CDD', '2026-11-23T09:30:00', { arrivedAt: '2026-11-22T08:00:00' }) });
    expect(s).toEqual({ text: 'Discharged at POD', detail: '2026-11-23', long: 'Discharged at POD 2026-11-23', tone: 'arrived', service: 'In transit', arrivedAt: '2026-11-22T08:00:00' });
    expect(serviceSays(s)).toBe('the service still says In transit');
  });

  it('delivered only when the service says so or a delivery event happened; never on an arrival, discharge or gate-out alone', () => {
    for (const p of [step('arrived', 'VAD', '2026-11-22T08:00:00'), step('discharged', 'CDD', '2026-11-23T08:00:00'), step('gated_out', 'CGO', '2026-11-24T08:00:00')]) {
      const s = statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: p });
      expect(s.text).not.toMatch(/deliver/i);
      expect(s.tone).toBe('arrived');
    }
    expect(statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: step('delivered', 'CDC', '2026-11-28T10:00:00') })).toMatchObject({ text: 'Delivered', tone: 'done', service: 'In transit' });
    const byService = statusOf({ shipmentStatus: 'DELIVERED', outcome: 'OK', progress: step('discharged', 'CDD', '2026-11-23T08:00:00') });
    expect(byService).toMatchObject({ text: 'Delivered', tone: 'done', service: null });
    expect(serviceSays(byService)).toBe('');
  });

  it('missing is missing: no data, waiting and failures are said as such, never as delivered', () => {
    expect(statusOf({ shipmentStatus: null, outcome: 'INFO_NOT_FOUND' })).toMatchObject({ text: 'No data from the carrier yet', tone: 'muted' });
    expect(statusOf({ shipmentStatus: 'DELIVERED', outcome: 'INFO_NOT_FOUND' }).text).toBe('No data from the carrier yet');
    expect(statusOf({ shipmentStatus: null, outcome: 'PENDING' })).toMatchObject({ text: 'Waiting for the tracking service', tone: 'waiting' });
    expect(statusOf({ shipmentStatus: null, outcome: 'ERROR' })).toMatchObject({ text: 'The service reported an error', tone: 'error' });
    expect(statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'ERROR' })).toMatchObject({ text: 'In transit', tone: 'error' });
    expect(statusOf({ shipmentStatus: null, outcome: 'OK' })).toMatchObject({ text: '—', tone: 'neutral' });
  });

  it('the service status where no event says more; an unknown code stays the service\'s word', () => {
    expect(statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: null })).toMatchObject({ text: 'In transit', tone: 'transit', service: null });
    expect(statusOf({ shipmentStatus: 'STUCK', outcome: 'OK' })).toMatchObject({ text: 'Stuck', tone: 'stuck' });
    expect(statusOf({ shipmentStatus: 'ON_HOLD', outcome: 'OK' })).toMatchObject({ text: 'On hold', tone: 'neutral' });
    expect(statusOf({ shipmentStatus: 'Zurückgehalten', outcome: 'OK' }).text).toBe('Zurückgehalten');
    // Stuck at the POD: where it is, in the tone of the service's warning.
    expect(statusOf({ shipmentStatus: 'STUCK', outcome: 'OK', progress: step('discharged', 'CDD', '2026-11-23T08:00:00') })).toMatchObject({ text: 'Discharged at POD', tone: 'stuck', service: 'Stuck' });
  });

  it('an ETA passed by an actual arrival is shown as the arrival', () => {
    const arrived = statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: step('arrived', 'VAD', '2026-11-22T08:00:00') });
    expect(arrivalOrEta('2026-11-28T01:59:00', arrived)).toEqual({ arrived: true, date: '2026-11-22T08:00:00' });
    expect(arrivalOrEta('2026-11-28T01:59:00', statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK' }))).toEqual({ arrived: false, date: '2026-11-28T01:59:00' });
  });
});
