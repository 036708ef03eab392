import { describe, expect, it } from 'vitest';
import { counted, pick } from './plural.js';

describe('singular or plural, by each language\'s own rule', () => {
  it('counts in English as the CLI and the window do', () => {
    expect(counted(0, 'shipment')).toBe('0 shipments');
    expect(counted(1, 'shipment')).toBe('1 shipment');
    expect(counted(2, 'duplicate')).toBe('2 duplicates');
    expect(counted(1200, 'page')).toBe('1,200 pages');
  });

  it('follows French, where 0 takes the singular, and German and Spanish, where only 1 does', () => {
    expect([0, 1, 2].map((n) => pick(n, 'fr', 'jour', 'jours'))).toEqual(['jour', 'jour', 'jours']);
    expect([0, 1, 2].map((n) => pick(n, 'de', 'Tag', 'Tage'))).toEqual(['Tage', 'Tag', 'Tage']);
    expect([0, 1, 2].map((n) => pick(n, 'es', 'día', 'días'))).toEqual(['días', 'día', 'días']);
  });
});
