import { describe, expect, it } from 'vitest';
import { closestTo, editDistance } from './closest.js';

const same = (s: string) => s;

describe('the known word most like one a person typed', () => {
  it('counts letters inserted, dropped, replaced and swapped', () => {
    expect(editDistance('limt', 'limit')).toBe(1);
    expect(editDistance('lmiit', 'limit')).toBe(1);
    expect(editDistance('arival', 'arrived')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('offers a flag or a word a few letters off, and the sheet\'s longer name of a customer', () => {
    expect(closestTo('limt', ['status', 'search', 'field', 'limit', 'json'], same)).toBe('limit');
    expect(closestTo('arival', ['eta', 'departed', 'arrived', 'discharged', 'delivered', 'free-time', 'no-data'], same)).toBe('arrived');
    const values = [
      { value: 'Brightline Foods GmbH', shipments: 12 },
      { value: 'Brightwater Ltd', shipments: 3 },
    ];
    expect(closestTo('Brightline Foods', values, (v) => v.value)).toEqual({ value: 'Brightline Foods GmbH', shipments: 12 });
    expect(closestTo('brightline  foods, gmbh', values, (v) => v.value)).toEqual({ value: 'Brightline Foods GmbH', shipments: 12 });
    expect(closestTo('brightline foods gmbh', values, (v) => v.value)).toBeNull();
    expect(closestTo('Pena Food', [{ value: 'Peña Foods' }], (v) => v.value)).toEqual({ value: 'Peña Foods' });
  });

  it('offers nothing rather than a guess that is far off', () => {
    expect(closestTo('xyz', ['limit', 'status'], same)).toBeNull();
    expect(closestTo('', ['limit'], same)).toBeNull();
    expect(closestTo('Nordic Furniture', [{ value: 'ACME GmbH' }], (v) => v.value)).toBeNull();
  });
});
