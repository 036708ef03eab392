/** The engine's schemas hold what reaches a URL path or a loop: ids, callback addresses, records. */
import { describe, expect, it } from 'vitest';
import { INPUT_SCHEMAS } from './index.js';

const ID = '3f2b8c1e-6d4a-4b7e-9c1f-2a5d8e7f6b3c';
const ok = (method: keyof typeof INPUT_SCHEMAS, input: unknown) => INPUT_SCHEMAS[method].safeParse(input).success;
const record = (keys: number, keyLength = 8) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`${String(i).padStart(keyLength, 'k')}`, 'v']));

describe('webhook ids', () => {
  it('are UUIDs: `..`, a path or anything else is refused before a URL is built', () => {
    for (const method of ['webhooks.delete', 'webhooks.test'] as const) {
      expect(ok(method, ID)).toBe(true);
      for (const bad of ['..', '../shipments', '.', `${ID}/..`, `${ID}?x=1`, 'abc', '']) expect(ok(method, bad), `${method} ${bad}`).toBe(false);
    }
    expect(ok('webhooks.update', { webhookId: '..', isActive: true })).toBe(false);
    expect(ok('webhooks.deliveries', { webhookId: '..', page: 1 })).toBe(false);
    expect(ok('webhooks.deliveries', { webhookId: ID, page: 1 })).toBe(true);
  });
});

describe('callback addresses', () => {
  const create = (callbackUrl: string) => ok('webhooks.create', { callbackUrl, eventTypes: ['tracking.test'], isActive: true });
  it('are https://, or http:// only on this computer', () => {
    for (const good of ['https://hooks.example.com/quayside', 'http://127.0.0.1:8080/in', 'http://localhost:3000/', 'http://[::1]:9000/']) expect(create(good), good).toBe(true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'http://hooks.example.com/', 'http://192.168.1.10/', 'ftp://example.com/', 'https://user:pass@example.com/', 'not a url']) {
      expect(create(bad), bad).toBe(false);
    }
    expect(ok('webhooks.update', { webhookId: ID, callbackUrl: 'javascript:alert(1)' })).toBe(false);
  });
});

describe('records from the window', () => {
  it('hold at most 50 names of at most 200 characters (filter.fields, import.mapping)', () => {
    const list = (fields: Record<string, string>) => ok('shipments.list', { offset: 0, limit: 50, fields });
    expect(list(record(50))).toBe(true);
    expect(list(record(51))).toBe(false);
    expect(list(record(1, 201))).toBe(false);
    expect(list({ customer: 'x'.repeat(201) })).toBe(false);
    const preview = (mapping: Record<string, string>) => ok('imports.preview', { fileId: 'a'.repeat(64), mapping });
    expect(preview(record(50))).toBe(true);
    expect(preview(record(51))).toBe(false);
    expect(ok('export.run', { format: 'csv', columns: ['reference'], scope: { kind: 'view', filter: { fields: record(51) } } })).toBe(false);
  });
});
