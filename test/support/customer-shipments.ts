/**
 * Customers and their shipments for the customer-update tests: a rule and shipments
 * in the shape the composer takes, with the carrier's naive dates as the simulator gives them.
 */
import { checkCustomerRule, type CustomerRule, type CustomerRuleInput } from '../../src/shared/customer-rules.js';
import type { CustomerShipment, RecordedEvent } from '../../src/core/features/customers/index.js';

export function customerRule(input: Partial<CustomerRuleInput> = {}): CustomerRule {
  const checked = checkCustomerRule({ name: 'ACME GmbH', to: ['einkauf@acme.example'], ...input });
  if (!checked.ok) throw new Error(checked.problems.map((p) => p.message).join(' '));
  return checked.rule;
}

export function customerShipment(id: number, patch: Partial<CustomerShipment> = {}): CustomerShipment {
  return {
    shipmentId: id,
    customerReference: `PO 47${String(id).padStart(2, '0')}`,
    reference: `MSKU12345${String(id).padStart(2, '0')}`,
    containers: [`MSKU12345${String(id).padStart(2, '0')}`],
    billOfLading: null,
    vessel: 'MAERSK SEVILLE',
    carrier: 'Maersk',
    pol: 'Shanghai',
    pod: 'Rotterdam',
    eta: { told: '2026-12-01T14:00:00', now: '2026-12-01T14:00:00', firstSeen: '2026-12-01T14:00:00' },
    events: [],
    freeTime: null,
    freeTimeTold: null,
    outcome: 'OK',
    daysWithoutData: null,
    noDataTold: false,
    open: true,
    ...patch,
  };
}

export function actualEvent(statusCode: string, port: RecordedEvent['port'], date: string | null, place: string | null, container: string | null = null): RecordedEvent {
  return { statusCode, actual: true, date, place, port, container };
}

/** Two delayed, one arrived, one below the threshold, one with nothing new. */
export function acmeWeek48(): CustomerShipment[] {
  return [
    customerShipment(1, { eta: { told: '2026-12-01T14:00:00', now: '2026-12-04T08:00:00', firstSeen: '2026-11-29T06:00:00' } }),
    customerShipment(2, { eta: { told: '2026-11-30T23:30:00', now: '2026-12-02T23:30:00', firstSeen: '2026-11-30T23:30:00' }, vessel: null }),
    customerShipment(3, {
      eta: { told: '2026-11-24T23:30:00', now: '2026-11-24T23:30:00', firstSeen: '2026-11-22T05:00:00' },
      events: [actualEvent('VAD', 'pod', '2026-11-24T23:30:00', 'Rotterdam', 'MSKU1234503')],
    }),
    customerShipment(4, { eta: { told: '2026-12-10T08:00:00', now: '2026-12-10T20:00:00', firstSeen: '2026-12-10T08:00:00' } }),
    customerShipment(5),
  ];
}

/**
 * The XLSX of a customer's open shipments as the wiring will make it with the export's writer;
 * here write-excel-file stands in, with the ETA as text exactly as the carrier gave it.
 */
export async function openShipmentsXlsx(shipments: readonly CustomerShipment[]): Promise<Uint8Array> {
  const { default: writeExcelFile } = await import('write-excel-file/node');
  const header = ['Your reference', 'Container', 'Vessel', 'ETA (port local)'].map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = shipments.map((s) => [s.customerReference ?? '', s.containers[0] ?? s.reference, s.vessel ?? '', s.eta.now ?? ''].map((value) => ({ value })));
  return writeExcelFile([header, ...rows]).toBuffer();
}
