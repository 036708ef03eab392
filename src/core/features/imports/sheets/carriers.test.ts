import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../../../../test/fixtures/import/support.js';
import { buildCarrierDirectory, carrierFromBlPrefix, carrierFromContainerOwner, chooseCarrier, resolveCarrierText } from './carriers.js';

const directory = buildCarrierDirectory(CARRIERS);
const scacOf = (text: string) => resolveCarrierText(directory, text)?.scac ?? null;

describe('resolveCarrierText', () => {
  it.each([
    ['MAEU', 'MAEU'], ['maeu', 'MAEU'], ['Maersk', 'MAEU'], ['Maersk Line', 'MAEU'], ['MAERSK LINE A/S', 'MAEU'],
    ['MSC', 'MSCU'], ['Mediterranean Shipping', 'MSCU'], ['Mediterranean Shipping Company S.A.', 'MSCU'], ['MSC Mediterranean Shipping Company', 'MSCU'],
    ['Hapag', 'HLCU'], ['Hapag Lloyd', 'HLCU'], ['Hapag-Lloyd AG', 'HLCU'],
    ['CMA', 'CMDU'], ['CMA CGM', 'CMDU'], ['cma-cgm', 'CMDU'],
    ['COSCO', 'COSU'], ['Cosco Shipping Lines', 'COSU'], ['Evergreen', 'EGLV'], ['Evergreen Marine Corp.', 'EGLV'],
    ['ONE', 'ONEY'], ['Ocean Network Express', 'ONEY'], ['Yang Ming', 'YMLU'], ['YangMing Marine Transport', 'YMLU'],
    ['HMM', 'HDMU'], ['Hyundai', 'HDMU'], ['Hyundai Merchant Marine', 'HDMU'], ['ZIM', 'ZIMU'], ['OOCL', 'OOLU'],
    ['PIL', 'PCIU'], ['Pacific International Lines', 'PCIU'], ['Wan Hai', 'WHLC'], ['Wan Hai Lines', 'WHLC'],
    ['Hamburg Süd', 'SUDU'], ['Hamburg Sud', 'SUDU'], ['Matson', 'MATS'],
  ])('%s → %s', (text, scac) => {
    expect(scacOf(text)).toBe(scac);
  });

  it('knows no carrier for unknown names, or for two carriers at once', () => {
    expect(scacOf("Bob's Boats")).toBeNull();
    expect(scacOf('Maersk / MSC')).toBeNull();
  });

  it('maps an alias only to a SCAC the directory has', () => {
    const small = buildCarrierDirectory(CARRIERS.filter((c) => c.scac !== 'MSCU'));
    expect(resolveCarrierText(small, 'MSC')).toBeNull();
  });
});

describe('prefixes', () => {
  it('reads the carrier from a B/L prefix (SCAC, or MEDU for MSC)', () => {
    expect(carrierFromBlPrefix(directory, 'MAEU123456789')?.scac).toBe('MAEU');
    expect(carrierFromBlPrefix(directory, 'MEDUKR123456')?.scac).toBe('MSCU');
    expect(carrierFromBlPrefix(directory, '123456789')).toBeNull();
    expect(carrierFromBlPrefix(directory, 'ABCD12345')).toBeNull();
  });
  it('reads a hint from container owner codes', () => {
    expect(carrierFromContainerOwner(directory, 'MSKU1234565')?.scac).toBe('MAEU');
    expect(carrierFromContainerOwner(directory, 'MRKU2468102')?.scac).toBe('MAEU');
    expect(carrierFromContainerOwner(directory, 'MEDU1112224')?.scac).toBe('MSCU');
    expect(carrierFromContainerOwner(directory, 'CGMU1234567')?.scac).toBe('CMDU');
    expect(carrierFromContainerOwner(directory, 'HLBU1234567')?.scac).toBe('HLCU');
    expect(carrierFromContainerOwner(directory, 'TGHU5001239')).toBeNull();
  });
});

describe('chooseCarrier', () => {
  it('prefers the carrier cell, then the B/L prefix, then the default carrier', () => {
    const msc = resolveCarrierText(directory, 'MSC');
    expect(chooseCarrier(directory, 'bl', 'MAEU123456789', 'Hapag', msc)).toMatchObject({ ok: true, scac: 'HLCU', source: 'column' });
    expect(chooseCarrier(directory, 'bl', 'MAEU123456789', '', msc)).toMatchObject({ ok: true, scac: 'MAEU', source: 'bl-prefix' });
    expect(chooseCarrier(directory, 'bl', '123456789', '', msc)).toMatchObject({ ok: true, scac: 'MSCU', source: 'default' });
    expect(chooseCarrier(directory, 'container', 'CMAU3000014', '', msc)).toMatchObject({ ok: true, scac: 'MSCU', source: 'default' });
  });
  it('uses the owner code only when that carrier tracks containers, else AUTO', () => {
    expect(chooseCarrier(directory, 'container', 'MSKU1234565', '', null)).toMatchObject({ ok: true, scac: 'MAEU', source: 'owner-prefix' });
    expect(chooseCarrier(directory, 'container', 'SUDU6000012', '', null)).toMatchObject({ ok: true, scac: 'AUTO', source: 'auto' });
    expect(chooseCarrier(directory, 'container', 'TGHU5001239', '', null)).toMatchObject({ ok: true, scac: 'AUTO', source: 'auto' });
  });
  it('never sends a B/L or a booking as AUTO', () => {
    expect(chooseCarrier(directory, 'bl', '123456789', '', null)).toMatchObject({ ok: false, reason: expect.stringMatching(/^no carrier for this B\/L/) });
    expect(chooseCarrier(directory, 'bk', '123456789', 'AUTO', null)).toMatchObject({ ok: false, reason: expect.stringMatching(/^no carrier for this booking/) });
  });
  it('rejects a carrier that does not track the type', () => {
    expect(chooseCarrier(directory, 'bk', '555666777', 'ZIM', null)).toEqual({ ok: false, reason: 'ZIM (ZIMU) does not track bookings in the carrier directory' });
    expect(chooseCarrier(directory, 'container', 'SUDU6000012', 'Hamburg Süd', null)).toMatchObject({ ok: false });
  });
  it('sends a container with an unknown carrier name as AUTO, with a warning', () => {
    expect(chooseCarrier(directory, 'container', 'MSKU1234565', 'Bob Lines', null)).toMatchObject({ ok: true, scac: 'AUTO', warning: expect.stringContaining('"Bob Lines"') });
  });
});
