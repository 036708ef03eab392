import { describe, expect, it } from 'vitest';
import { customerRule } from '../../../../test/support/customer-shipments.js';
import { selects, shipmentsByCustomer } from './selection.js';

const shipment = (id: number, fields: Record<string, string>, watchlists: string[] = []) => ({ id, fields, watchlists });

describe('a customer\'s shipments', () => {
  it('are those whose customer column holds their value (trimmed, any case), or their watchlist\'s members', () => {
    const acme = customerRule({ name: 'ACME GmbH' });
    expect(selects(acme.who, shipment(1, { customer: ' acme gmbh ' }))).toBe(true);
    expect(selects(acme.who, shipment(2, { Customer: 'ACME GMBH' }))).toBe(true);
    expect(selects(acme.who, shipment(3, { customer: 'ACME Inc' }))).toBe(false);
    expect(selects(acme.who, shipment(4, { consignee: 'ACME GmbH' }))).toBe(false);
    const kunde = customerRule({ name: 'Müller', who: { kind: 'column', column: 'Kunde', value: 'Müller GmbH & Co. KG' } });
    expect(selects(kunde.who, shipment(5, { kunde: 'MÜLLER GMBH & CO. KG' }))).toBe(true);
    const nordic = customerRule({ name: 'Nordic', who: { kind: 'watchlist', watchlist: 'Nordic inbound' } });
    expect(selects(nordic.who, shipment(6, {}, ['nordic inbound']))).toBe(true);
    expect(selects(nordic.who, shipment(7, { customer: 'Nordic' }))).toBe(false);
  });

  it('come out of one pass for every customer at once, the same as asking each', () => {
    const rules = [
      customerRule({ name: 'ACME GmbH' }),
      customerRule({ name: 'ACME (PO column)', who: { kind: 'column', column: 'po', value: '4711' } }),
      customerRule({ name: 'Nordic', who: { kind: 'watchlist', watchlist: 'Nordic inbound' } }),
      customerRule({ name: 'Nobody' }),
    ];
    const shipments = [shipment(1, { customer: 'ACME GmbH', po: '4711' }), shipment(2, { customer: 'acme gmbh' }, ['Nordic inbound']), shipment(3, { customer: 'Other' })];
    const grouped = shipmentsByCustomer(rules, shipments);
    expect([...grouped].map(([name, list]) => [name, list.map((s) => s.id)])).toEqual([
      ['ACME GmbH', [1, 2]],
      ['ACME (PO column)', [1]],
      ['Nordic', [2]],
      ['Nobody', []],
    ]);
    for (const rule of rules) expect(grouped.get(rule.name)!.map((s) => s.id)).toEqual(shipments.filter((s) => selects(rule.who, s)).map((s) => s.id));
  });
});
