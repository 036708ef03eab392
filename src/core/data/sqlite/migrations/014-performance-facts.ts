/**
 * Migration 14: what the carrier performance figures and the likely arrival keep beside the cache,
 * so neither reads every ETA of a large cache again when one shipment changed.
 * `performance_voyages`: per shipment with tracking data, the facts its history gives, with what
 * they were read from (`content_hash`; `rules`, the rules' version: either differing, the row is
 * read again); `state` 0 arrived, 1 over without a known arrival, 2 on the way; times as whole
 * minutes (or days) of the port's wall clock since 1970-01-01, from the naive dates as given;
 * `samples`: arrival minus the ETA at each lead checkpoint, little-endian int32 (-2147483648: none).
 * `likely_arrivals`: each band (p10, p50, p90, naive), the ETA it corrects and the day it was made.
 * docs/data.md ("Inside quayside.db") has every column.
 */
import type { Migration } from '../migrate.js';

const PERFORMANCE_NAME = 'carrier performance: the facts of each voyage kept beside the cache, the likely arrival of each shipment on the way';

const PERFORMANCE_FACTS = `
CREATE TABLE performance_voyages (
  shipment_id    INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  content_hash   TEXT,
  rules          INTEGER NOT NULL,
  carrier_scac   TEXT NOT NULL,
  carrier_name   TEXT NOT NULL,
  pol            TEXT NOT NULL,
  pod            TEXT NOT NULL,
  state          INTEGER NOT NULL CHECK (state IN (0, 1, 2)),
  arrival        INTEGER,
  departure_day  INTEGER,
  first_eta      INTEGER,
  eta_7          INTEGER,
  eta_14         INTEGER,
  eta_changes    INTEGER,
  vessel_changes INTEGER NOT NULL,
  promised       INTEGER NOT NULL,
  period_day     INTEGER,
  eta            TEXT,
  samples        BLOB
);

CREATE TABLE likely_arrivals (
  shipment_id    INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  carrier_eta    TEXT NOT NULL,
  earliest       TEXT NOT NULL,
  likely         TEXT NOT NULL,
  latest         TEXT NOT NULL,
  past_shipments INTEGER NOT NULL,
  level          TEXT NOT NULL CHECK (level IN ('carrier-lane', 'carrier', 'all')),
  lead_days      INTEGER NOT NULL,
  forecast_on    TEXT NOT NULL
);
CREATE INDEX likely_arrivals_by_likely ON likely_arrivals (likely);
`;

export const migration14: Migration = {
  version: 14,
  name: PERFORMANCE_NAME,
  up: (db) => db.exec(PERFORMANCE_FACTS),
};
