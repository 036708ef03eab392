import { describe, expect, it } from 'vitest';
import { predictRemoval } from './removal.js';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now - h * 3600_000).toISOString();

describe('predictRemoval (the service interface 3.2)', () => {
  it('promises a refund only for a young record that is not in transit', () => {
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'DELIVERED', createdAt: hoursAgo(10) }, now)).toBe('deleted-refund');
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'UNKNOWN', createdAt: hoursAgo(71.9) }, now)).toBe('deleted-refund');
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', createdAt: hoursAgo(1) }, now)).toBe('archived');
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'DELIVERED', createdAt: hoursAgo(73) }, now)).toBe('archived');
  });

  it('deletes archived records without refund, and never promises a refund for an unknown age', () => {
    expect(predictRemoval({ trackingId: 'a', status: 'ARCHIVED', shipmentStatus: 'DELIVERED', createdAt: hoursAgo(1) }, now)).toBe('deleted');
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'DELIVERED', createdAt: null }, now)).toBe('archived');
  });

  it('keeps a record the service never tracked on this computer only', () => {
    expect(predictRemoval({ trackingId: null, status: null, shipmentStatus: null, createdAt: null }, now)).toBe('local-only');
  });

  it('counts the 72 hours in real time: no test knob compresses a record\'s age', () => {
    expect(predictRemoval({ trackingId: 'a', status: 'ACTIVE', shipmentStatus: 'STUCK', createdAt: hoursAgo(2) }, now)).toBe('deleted-refund');
    expect(predictRemoval.length).toBe(2);
  });
});
