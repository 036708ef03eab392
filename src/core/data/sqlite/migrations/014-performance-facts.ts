/**
 * Migration 14: what the carrier performance figures and the likely arrival keep beside the cache
 *, so neither reads every ETA of a large cache again when one shipment changed.
 *
 * `performance_voyages`: per shipment with tracking data, the facts its history gives (read by
 * src/core/features/performance from the change log, the events and the plans as first seen):
 * - `content_hash`, `rules`: what they were written from (the shipment's content hash, shipments.
 *   content_hash, and the version of the rules that read them): a row whose shipment was written
 *   with other content since, or read by other rules, is read again (since migration 16 the
 *   shipments to read are listed apart, and a row read again with the same facts keeps its hash);
 * - the carrier and the ports' names (a lane is named by its ports, the service sends no UN/LOCODE);
 * - `state` 0 arrived, 1 voyage over without a known arrival, 2 on the way;
 * - times as whole minutes (or days) of the port's own wall clock since 1970-01-01, counted on the
 *   naive dates as given (never through a time zone): the actual arrival and departure, the first
 *   ETA seen before the arrival, and the ETA as it stood 7 and 14 days before it;
 * - `samples`: arrival minus the ETA that stood at each lead checkpoint, little-endian 32-bit
 *   integers (-2147483648: none), what the likely arrival learns from an arrived shipment;
 * - `eta`: the carrier's ETA as given, for a shipment on the way.
 *
 * `likely_arrivals`: the band of each shipment on the way that has one (p10, p50, p90 as naive
 * timestamps of the port, never below the minimum sample), the ETA it corrects and the desk's day it
 * was forecast on; the table's sortable column and exports read it, the table only while its
 * `carrier_eta` is still the shipment's ETA.
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
