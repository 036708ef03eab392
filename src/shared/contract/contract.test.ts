import { describe, expect, it } from 'vitest';
import { API_METHODS, CONTRACT, EVENT_NAMES, INPUT_SCHEMAS } from './index.js';

describe('the contract, written once', () => {
  it('lists every method once, each with its input schema, named domain.verb', () => {
    expect(new Set(API_METHODS).size).toBe(API_METHODS.length);
    expect(Object.keys(INPUT_SCHEMAS).sort()).toEqual([...API_METHODS].sort());
    for (const method of API_METHODS) {
      expect(method).toMatch(/^[a-z]+\.[a-z]+$/i);
      expect(INPUT_SCHEMAS[method]).toBe(CONTRACT[method].input);
    }
    expect(EVENT_NAMES).toContain('feed.new');
  });

  it('refuses a note over 40 characters and extra fields before the engine sees them', () => {
    expect(INPUT_SCHEMAS['notes.set'].safeParse({ shipmentId: 1, note: 'x'.repeat(40) }).success).toBe(true);
    expect(INPUT_SCHEMAS['notes.set'].safeParse({ shipmentId: 1, note: 'x'.repeat(41) }).success).toBe(false);
    expect(INPUT_SCHEMAS['settings.update'].safeParse({ apiKey: 'x' }).success).toBe(false);
    expect(INPUT_SCHEMAS['shipments.list'].safeParse({ offset: 0, limit: 501 }).success).toBe(false);
    expect(INPUT_SCHEMAS['shipments.list'].safeParse({ offset: 0, limit: 50, etaFrom: '12/01/2026' }).success).toBe(false);
    expect(INPUT_SCHEMAS['imports.open'].safeParse({ fileName: 'a.csv', base64: 'QQ==' }).success).toBe(false);
  });
});
