import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../../../../test/fixtures/import/support.js';
import { EXPORT_HEADERS as H } from '../../../../shared/export-headers.js';
import type { ValidateOptions } from './types.js';
import { validateRows } from './validate.js';

const META = { format: 'csv', encoding: 'utf-8' } as const;
const run = (rows: string[][], options: Partial<ValidateOptions> = {}) => validateRows(rows, { carriers: CARRIERS, ...options }, META);

/** A default export as Quayside writes it: the reference, the customer's columns, then Quayside's own. */
const HEADER = [H.reference, 'Customer', 'PO', H.type, H.carrier, H.scac, H.status, H.shipmentStatus, H.pol, H.pod, H.eta, H.etaMoved, H.arrived, H.vessel, H.voyage, H.note, H.lastFreeDay, H.daysLeft, H.lastChecked];
const ROW = ['MSKU1234565', 'ACME', 'PO-4502', 'Container', 'Maersk', 'MAEU', 'Active', 'Discharged at POD', 'Shanghai, CN', 'Rotterdam, NL', '2026-11-28T01:59:00', '3', '2026-11-22T08:00:00', 'MAERSK ESSEX', '448W', 'Customs hold', '2026-11-29', '2', '2026-11-23T09:00:00.000Z'];

describe("Quayside's own export imported again", () => {
  it('stores only the customer\'s columns; its own are marked as not stored, with a warning saying so', () => {
    const report = run([HEADER, ROW, ['MAEU123456789', 'Brill', 'PO-7', 'B/L', 'Maersk', 'MAEU', 'Active', 'In transit', '', '', '', '', '', '', '', '', '', '', '']]);
    expect(report.accepted.map((a) => [a.reference, a.type, a.scac, a.fields])).toEqual([
      ['MSKU1234565', 'container', 'MAEU', { customer: 'ACME', po: 'PO-4502' }],
      ['MAEU123456789', 'bl', 'MAEU', { customer: 'Brill', po: 'PO-7' }],
    ]);
    const own = report.mapping.filter((m) => m.quaysideColumn).map((m) => m.header);
    expect(own).toEqual(HEADER.filter((h) => ![H.reference, 'Customer', 'PO', H.scac].includes(h)));
    expect(report.mapping.filter((m) => m.quaysideColumn).every((m) => m.role === 'ignore')).toBe(true);
    expect(report.mapping.find((m) => m.header === H.scac)).toMatchObject({ role: 'carrier' });
    expect(report.warnings).toEqual([
      `This file was written by Quayside (an export): its own 15 columns (${own.join(', ')}) are not stored, and the customer's columns Customer, PO are read as usual. ` +
        'To keep one of Quayside\'s columns anyway, choose what it is used for (in the terminal: --map "Header=field").',
    ]);
  });

  it('its Type column says what a reference is: a booking is tracked as a booking, not refused as "B/L or booking?"', () => {
    const report = run([[H.reference, H.type, H.scac, H.eta], ['EBKG0412345', 'Booking', 'MAEU', '']]);
    expect(report.rejected).toEqual([]);
    expect(report.accepted.map((a) => [a.reference, a.type])).toEqual([['EBKG0412345', 'bk']]);
  });

  it('a column mapped by hand stays as the person said; a customer\'s sheet with a "Vessel" column is not taken for an export', () => {
    const kept = run([HEADER, ROW], { mapping: { [H.vessel]: 'vessel' } });
    expect(kept.accepted[0]!.fields).toEqual({ customer: 'ACME', po: 'PO-4502', vessel: 'MAERSK ESSEX' });
    const theirs = run([['Container', 'Vessel', 'Note'], ['MSKU1234565', 'MAERSK ESSEX', 'urgent']]);
    expect(theirs.accepted[0]!.fields).toEqual({ Vessel: 'MAERSK ESSEX', Note: 'urgent' });
    expect(theirs.warnings).toEqual([]);
    // With the workbook's mark, even generic headers are Quayside's.
    const marked = run([['Reference', 'PO', 'Vessel'], ['MSKU1234565', 'PO-1', 'MAERSK ESSEX']], { quaysideExport: true });
    expect(marked.accepted[0]!.fields).toEqual({ po: 'PO-1' });
  });
});
