import { describe, expect, it } from 'vitest';
import { exportFileName, exportSheetName, exportTitle } from './naming.js';

describe('an export named after what was exported', () => {
  it('says the watchlist or the customer, then the shipments in words', () => {
    expect(exportTitle({ watchlist: 'ACME Foods', filter: { status: 'ACTIVE' } })).toBe('ACME Foods – open shipments');
    expect(exportTitle({ watchlist: 'ACME Foods' })).toBe('ACME Foods – shipments');
    expect(exportTitle({})).toBe('Quayside – shipments');
    expect(exportTitle({ filter: { status: 'ARCHIVED' } })).toBe('Quayside – archived shipments');
    expect(exportTitle({ filter: { fields: { customer: 'ACME Foods', po: '4500012345' }, status: 'ACTIVE' } })).toBe('ACME Foods – open shipments, PO 4500012345');
    // A watchlist names the file; a customer column filtered on beside it is said as a condition.
    expect(exportTitle({ watchlist: 'Weekly', filter: { fields: { customer: 'ACME' } } })).toBe('Weekly – shipments, Customer ACME');
    expect(exportTitle({ selected: 3, filter: { status: 'ACTIVE' } })).toBe('Quayside – 3 selected shipments');
    expect(exportTitle({ selected: 1 })).toBe('Quayside – 1 selected shipment');
  });

  it('puts every condition of a filtered view in words', () => {
    const title = exportTitle({
      filter: { status: 'ACTIVE', carrier: 'MAEU', carrierName: 'Maersk', pod: 'Rotterdam', shipmentStatus: 'IN_TRANSIT', outcome: 'INFO_NOT_FOUND', etaFrom: '2026-12-01', etaTo: '2026-12-31', search: ' reefer ', importJobId: 7 },
    });
    expect(title).toBe('Quayside – open Maersk shipments to Rotterdam, in transit, no data from the carrier yet, ETA 2026-12-01 to 2026-12-31, matching “reefer”, from import 7');
    expect(exportTitle({ filter: { carrier: 'MSCU', etaTo: '2026-12-31', outcome: 'OK' } })).toBe('Quayside – MSCU shipments, with data from the carrier, ETA until 2026-12-31');
  });

  it('a sheet name Excel takes: at most 31 characters, none of []:*?/\\, cut between characters', () => {
    expect(exportSheetName('ACME Foods – open shipments')).toBe('ACME Foods – open shipments');
    expect(exportSheetName('Quayside – open Maersk shipments to Rotterdam')).toBe('Quayside – open Maersk shipmen…');
    expect(exportSheetName("'[ACME] A/S: *new?* – shipments'")).toBe('ACME A S new – shipments');
    // An emoji is two UTF-16 units: never cut in half.
    const cut = exportSheetName(`${'x'.repeat(29)}😀 – shipments`);
    expect(cut).toBe(`${'x'.repeat(29)}…`);
    expect(cut.length).toBeLessThanOrEqual(31);
    expect(exportSheetName('?*')).toBe('Shipments');
  });

  it('a file name Windows takes, with the desk\'s day', () => {
    expect(exportFileName('ACME Foods – open shipments', '2026-11-27', 'xlsx')).toBe('ACME Foods – open shipments – 2026-11-27.xlsx');
    expect(exportFileName('ACME A/S <EU>: "cold" | dry? * \\ – shipments', '2026-11-27', 'csv')).toBe('ACME A-S -EU- -cold- - dry- - - – shipments – 2026-11-27.csv');
    expect(exportFileName('CON. – shipments', '2026-11-27', 'csv')).toBe('_CON. – shipments – 2026-11-27.csv');
    expect(exportFileName('tab\tand\nline – shipments.. ', '2026-11-27', 'csv')).toBe('tab-and-line – shipments – 2026-11-27.csv');
    const long = exportFileName(`${'Long customer name '.repeat(20)}– shipments`, '2026-11-27', 'xlsx');
    expect(long).toMatch(/^Long customer name .*… – 2026-11-27\.xlsx$/);
    expect(long.length).toBeLessThanOrEqual(150);
    for (const name of [long, exportFileName('a:b', '2026-11-27', 'csv')]) expect(name).not.toMatch(/[<>:"/\\|?*\p{Cc}]|[. ]$/u);
  });
});
