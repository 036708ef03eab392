import { describe, expect, it } from 'vitest';
import { progressOf, type ProgressEvent } from './progress.js';
import { statusOf } from './status.js';

const at = (container: number, statusCode: string, date: string, options: Partial<ProgressEvent> = {}): ProgressEvent => ({
  container, statusCode, date, actual: true, atPod: true, ...options,
});

describe('what the recorded events say of the arrival', () => {
  it('says nothing before an arrival event happened, and never counts an expected one', () => {
    expect(progressOf([at(1, 'CLL', '2026-11-01T10:00:00', { atPod: false })], 1)).toBeNull();
    expect(progressOf([at(1, 'VAD', '2026-11-22T08:00:00', { actual: false })], 1)).toBeNull();
  });

  it('counts arrival, discharge and gate-out only at the POD (a transshipment port is not the arrival)', () => {
    expect(progressOf([at(1, 'VAD', '2026-11-10T08:00:00', { atPod: false })], 1)).toBeNull();
    const arrived = progressOf([at(1, 'VAD', '2026-11-22T08:00:00'), at(1, 'CDD', '2026-11-23T09:30:00')], 1);
    expect(arrived).toEqual({ kind: 'discharged', statusCode: 'CDD', date: '2026-11-23T09:30:00', containers: 1, of: 1, arrivedAt: '2026-11-22T08:00:00' });
    const said = statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: arrived });
    expect(said.text).toBe('Discharged at POD');
    expect(said.long).toBe('Discharged at POD 2026-11-23');
  });

  it('is as far as the furthest container, saying how many got there; arrived when the first one did', () => {
    const p = progressOf([at(1, 'VAD', '2026-11-22T08:00:00'), at(2, 'VAD', '2026-11-21T08:00:00'), at(2, 'CGO', '2026-11-25T14:00:00'), at(3, 'CDD', '2026-11-23T00:00:00')], 3);
    expect(p).toMatchObject({ kind: 'gated_out', containers: 1, of: 3, arrivedAt: '2026-11-21T08:00:00' });
    expect(statusOf({ shipmentStatus: 'IN_TRANSIT', outcome: 'OK', progress: p }).long).toBe('Gated out at POD 2026-11-25 (1 of 3 containers)');
  });

  it('a discharge without a vessel arrival recorded is the arrival; a delivery elsewhere is no arrival at the POD', () => {
    expect(progressOf([at(1, 'CDD', '2026-11-23T09:30:00')], 1)?.arrivedAt).toBe('2026-11-23T09:30:00');
    const p = progressOf([at(1, 'CDC', '2026-11-28T10:00:00', { atPod: false })], 1);
    expect(p).toMatchObject({ kind: 'delivered', arrivedAt: null });
  });
});
