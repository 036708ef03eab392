import { describe, expect, it } from 'vitest';
import type { Carrier } from '../../platform/api/types.js';
import { buildCarrierDirectory } from '../imports/index.js';
import { readReference } from './reading.js';

const directory = buildCarrierDirectory([
  { name: 'Maersk', scac: 'MAEU', cn: true, bl: true, bk: true },
  { name: 'Hapag-Lloyd', scac: 'HLCU', cn: true, bl: true, bk: true },
  { name: 'Mediterranean Shipping Company', scac: 'MSCU', cn: true, bl: true, bk: false },
] satisfies Carrier[]);

describe('reading a typed reference before anything is sent', () => {
  it('reads a valid container as a container, its carrier from the owner code or AUTO', () => {
    expect(readReference('msku 123456-5', {}, directory)).toMatchObject({ value: 'MSKU1234565', type: 'container', typeFrom: 'check-digit', carrier: 'MAEU', carrierFrom: 'owner-code', problem: null });
    expect(readReference('TGHU1234567', {}, directory)).toMatchObject({ type: 'container', carrier: 'AUTO', carrierFrom: 'auto', problem: null });
    expect(readReference('MSKU1234565', { carrier: 'AUTO' }, directory)).toMatchObject({ carrier: 'AUTO', carrierFrom: 'given' });
  });

  it("guesses a B/L from a carrier's prefix, with that carrier, said as a guess", () => {
    expect(readReference('HLCUHAM123456789', {}, directory)).toMatchObject({ type: 'bl', typeFrom: 'prefix', carrier: 'HLCU', carrierName: 'Hapag-Lloyd', carrierFrom: 'bl-prefix', problem: null });
    expect(readReference('MEDUJ8765432', {}, directory)).toMatchObject({ type: 'bl', carrier: 'MSCU', carrierFrom: 'bl-prefix' });
  });

  it('guesses a booking from digits, and needs a carrier for it: AUTO is for containers only', () => {
    const booking = readReference('123456789', {}, directory);
    expect(booking).toMatchObject({ type: 'bk', typeFrom: 'digits', carrier: null, needs: 'carrier' });
    expect(booking.problem).toMatch(/Choose the carrier of this booking/);
    expect(readReference('123456789', { carrier: 'AUTO' }, directory).problem).toMatch(/AUTO.*containers only/);
    expect(readReference('123456789', { carrier: 'maersk' }, directory)).toMatchObject({ type: 'bk', carrier: 'MAEU', carrierFrom: 'given', problem: null });
  });

  it('takes the type and carrier a person chose over the guesses, and refuses a carrier that does not track that type', () => {
    expect(readReference('MAEU123456789', { type: 'bk' }, directory)).toMatchObject({ type: 'bk', typeFrom: 'given', carrier: null, needs: 'carrier' });
    expect(readReference('998877', { type: 'bk', carrier: 'MSCU' }, directory).problem).toMatch(/does not track bookings/);
    expect(readReference('HLCU123', { carrier: 'ZZZZ' }, directory)).toMatchObject({ carrier: 'ZZZZ', carrierFrom: 'given', problem: null });
  });

  it('offers the corrected container number for a wrong check digit, and asks for a number when empty', () => {
    expect(readReference('MSKU1234566', {}, directory)).toMatchObject({ type: null, suggestion: 'MSKU1234565', needs: 'number' });
    expect(readReference('  ', {}, directory)).toMatchObject({ type: null, needs: 'number' });
  });
});
