/**
 * The headers of Quayside's own columns in the files it writes (an export, a customer update's
 * attachment), declared once: the export writes them, and an import recognises a file Quayside
 * wrote by them (and by the workbook's mark), so its own columns are never stored as the
 * customer's. An imported column is written under its name in words (fieldLabel), never these.
 */
export const EXPORT_HEADERS = {
  reference: 'Reference',
  type: 'Type',
  carrier: 'Carrier',
  scac: 'SCAC',
  status: 'Tracking',
  shipmentStatus: 'Shipment status',
  pol: 'Port of loading',
  pod: 'Port of discharge',
  eta: 'ETA (port local time)',
  etaMoved: 'ETA moved (days)',
  arrived: 'Arrived (port local time)',
  vessel: 'Vessel',
  voyage: 'Voyage',
  note: 'Note',
  lastFreeDay: 'Last free day (port local)',
  daysLeft: 'Free days left',
  lastChecked: 'Last checked (UTC)',
  likely: 'Likely arrival, p50 (port local, forecast)',
  likelyFrom: 'Likely arrival from, p10',
  likelyTo: 'Likely arrival to, p90',
  likelyShipments: 'Likely arrival: past shipments',
} as const;

export type ExportColumnId = keyof typeof EXPORT_HEADERS;

/**
 * Headers no customer's sheet has by chance (a unit or a time zone in brackets, Quayside's
 * wording): one of them says the file is Quayside's. "Vessel" or "Note" alone do not.
 */
export const TELLING_EXPORT_HEADERS: readonly ExportColumnId[] = [
  'eta', 'etaMoved', 'arrived', 'lastFreeDay', 'daysLeft', 'lastChecked', 'likely', 'likelyFrom', 'likelyTo', 'likelyShipments',
];

/** The custom document property Quayside puts in the workbooks it exports (kept when Excel saves the file again). */
export const EXPORT_MARK = { name: 'Written by', value: 'Quayside' } as const;
