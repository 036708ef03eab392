/** Notes outbox: an edit the service refused for good is kept with its reason, not retried. */
import type { Migration } from '../migrate.js';
const V3_NOTES_OUTBOX = `
ALTER TABLE notes_outbox ADD COLUMN shipment_id INTEGER REFERENCES shipments (id) ON DELETE CASCADE;
ALTER TABLE notes_outbox ADD COLUMN failed_at TEXT;
CREATE INDEX notes_outbox_waiting ON notes_outbox (tracking_id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX shipments_by_carrier ON shipments (carrier_scac);
CREATE INDEX shipments_by_shipment_status ON shipments (shipment_status);
CREATE INDEX shipments_by_checked ON shipments (checked_at IS NULL, checked_at DESC, id DESC);
CREATE INDEX shipments_by_status_eta ON shipments (subscription_status, eta IS NULL, eta);
`;

export const migration3: Migration = {
  version: 3,
  name: 'notes outbox: shipment and refusal; indexes for the table filters and sorts',
  up: (db) => db.exec(V3_NOTES_OUTBOX),
};
