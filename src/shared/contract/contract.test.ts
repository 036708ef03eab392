import { describe, expect, it } from 'vitest';
import { API_METHODS, EVENT_NAMES, type ApiMethod, type EventName } from './contract.js';
import { INPUT_SCHEMAS } from './contract-schemas.js';

// Compile-time: the lists name every method and event of the interfaces, and nothing else.
type Missing<All, Listed> = Exclude<All, Listed>;
const everyMethodListed: Missing<ApiMethod, (typeof API_METHODS)[number]> extends never ? true : false = true;
const everyEventListed: Missing<EventName, (typeof EVENT_NAMES)[number]> extends never ? true : false = true;

describe('the IPC contract', () => {
  it('lists every method once, each with an input schema', () => {
    expect(everyMethodListed && everyEventListed).toBe(true);
    expect(new Set(API_METHODS).size).toBe(API_METHODS.length);
    expect(Object.keys(INPUT_SCHEMAS).sort()).toEqual([...API_METHODS].sort());
  });

  it('names methods as domain.verb', () => {
    for (const method of API_METHODS) expect(method).toMatch(/^[a-z]+\.[a-z]+$/i);
  });

  it('refuses a note over 40 characters and extra fields before the core sees them', () => {
    expect(INPUT_SCHEMAS['notes.set'].safeParse({ shipmentId: 1, note: 'x'.repeat(40) }).success).toBe(true);
    expect(INPUT_SCHEMAS['notes.set'].safeParse({ shipmentId: 1, note: 'x'.repeat(41) }).success).toBe(false);
    expect(INPUT_SCHEMAS['settings.update'].safeParse({ apiKey: 'x' }).success).toBe(false);
    expect(INPUT_SCHEMAS['shipments.list'].safeParse({ offset: 0, limit: 501 }).success).toBe(false);
    expect(INPUT_SCHEMAS['shipments.list'].safeParse({ offset: 0, limit: 50, etaFrom: '12/01/2026' }).success).toBe(false);
  });
});
