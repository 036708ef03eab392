import { describe, expect, it } from 'vitest';
import type { Carrier } from '../../platform/api/types.js';
import { planLookup } from './reference.js';

const carriers: Carrier[] = [
  { name: 'Maersk', scac: 'MAEU', cn: true, bl: true, bk: true },
  { name: 'Mediterranean Shipping Company', scac: 'MSCU', cn: true, bl: true, bk: false },
];

describe('planLookup', () => {
  it('infers a container from a valid ISO 6346 number, normalised', () => {
    expect(planLookup(' msku 123456-5 ', { carrier: 'AUTO' }, carriers)).toEqual({ value: 'MSKU1234565', type: 'container', company: 'AUTO', carrierFrom: 'given' });
  });

  it('offers the corrected number when only the check digit is wrong', () => {
    expect(() => planLookup('MSKU1234566', {}, carriers)).toThrow(/did you mean MSKU1234565/);
  });

  it('refuses AUTO with a B/L before anything is sent', () => {
    expect(() => planLookup('MAEU123456789', { type: 'bl', carrier: 'auto' }, carriers)).toThrow(/AUTO works for containers only/);
  });

  it('takes the carrier of a B/L from a known SCAC prefix, or from a carrier name', () => {
    expect(planLookup('MAEU123456789', { type: 'bl' }, carriers)).toEqual({ value: 'MAEU123456789', type: 'bl', company: 'MAEU', carrierFrom: 'bl-prefix' });
    expect(planLookup('123456789', { type: 'bl', carrier: 'Maersk Line' }, carriers).company).toBe('MAEU');
  });

  it('rejects a booking with a carrier that does not take bookings, and one without a carrier', () => {
    expect(() => planLookup('998877', { type: 'bk', carrier: 'MSCU' }, carriers)).toThrow(/does not track bookings/);
    expect(() => planLookup('998877', { type: 'bk' }, carriers)).toThrow(/pass --carrier SCAC/);
  });

  it('asks for the type when the reference is not a container, saying what it looks like', () => {
    expect(() => planLookup('2468013579', {}, carriers)).toThrow(/looks like a booking: pass --type bk \(or --type bl\) and --carrier SCAC/);
    expect(() => planLookup('MAEU123456789', {}, carriers)).toThrow(/looks like a B\/L of Maersk \(MAEU, from its first four letters\): pass --type bl/);
  });
});
