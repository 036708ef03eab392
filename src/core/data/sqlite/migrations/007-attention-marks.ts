/**
 * Migration 7: what the Attention view and the demurrage clock need from a shipment's events, kept
 * per shipment so neither reads every event of a large cache. `attention_marks`: the newest actual
 * event date, the earliest expected one, whether a delivery (CDC) happened, the earliest vessel
 * arrival (VAD) and discharge (CDD) at the POD; dates naive, as the carrier gave them. Triggers keep
 * it (the write path deletes a shipment's events together before inserting the new ones).
 * `attention_plans`: the first and the last time an expected event was first seen (a plan changed
 * when they differ). `shipment_clocks` (a view): the last free day of each shipment arrived at its
 * POD and not delivered, from the free days set ('attention.freeDays': by the customer column it
 * names, else by carrier SCAC). No free days: no row, never a guess.
 */
import type { Migration } from '../migrate.js';
const V7_ATTENTION_MARKS = `
CREATE TABLE attention_marks (
  shipment_id       INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  last_actual       TEXT,
  next_expected     TEXT,
  delivered         INTEGER NOT NULL DEFAULT 0,
  arrived_vessel    TEXT,
  arrived_discharge TEXT
);

CREATE TRIGGER attention_marks_event_added AFTER INSERT ON events BEGIN
  INSERT INTO attention_marks (shipment_id, last_actual, next_expected, delivered, arrived_vessel, arrived_discharge)
  SELECT NEW.shipment_id,
         CASE WHEN NEW.actual = 1 THEN NEW.date END,
         CASE WHEN NEW.actual = 0 THEN NEW.date END,
         NEW.actual = 1 AND NEW.status_code = 'CDC',
         CASE WHEN NEW.actual = 1 AND NEW.status_code = 'VAD' AND NEW.location_id = s.pod_location THEN NEW.date END,
         CASE WHEN NEW.actual = 1 AND NEW.status_code = 'CDD' AND NEW.location_id = s.pod_location THEN NEW.date END
    FROM shipments s WHERE s.id = NEW.shipment_id
  ON CONFLICT (shipment_id) DO UPDATE SET
    last_actual = max(coalesce(excluded.last_actual, last_actual), coalesce(last_actual, excluded.last_actual)),
    next_expected = min(coalesce(excluded.next_expected, next_expected), coalesce(next_expected, excluded.next_expected)),
    delivered = max(delivered, excluded.delivered),
    arrived_vessel = min(coalesce(excluded.arrived_vessel, arrived_vessel), coalesce(arrived_vessel, excluded.arrived_vessel)),
    arrived_discharge = min(coalesce(excluded.arrived_discharge, arrived_discharge), coalesce(arrived_discharge, excluded.arrived_discharge));
END;

CREATE TRIGGER attention_marks_event_removed AFTER DELETE ON events BEGIN
  DELETE FROM attention_marks WHERE shipment_id = OLD.shipment_id;
END;

INSERT INTO attention_marks (shipment_id, last_actual, next_expected, delivered, arrived_vessel, arrived_discharge)
SELECT e.shipment_id,
       max(CASE WHEN e.actual = 1 THEN e.date END),
       min(CASE WHEN e.actual = 0 THEN e.date END),
       max(e.actual = 1 AND e.status_code = 'CDC'),
       min(CASE WHEN e.actual = 1 AND e.status_code = 'VAD' AND e.location_id = s.pod_location THEN e.date END),
       min(CASE WHEN e.actual = 1 AND e.status_code = 'CDD' AND e.location_id = s.pod_location THEN e.date END)
  FROM events e JOIN shipments s ON s.id = e.shipment_id
 GROUP BY e.shipment_id;

CREATE INDEX attention_marks_arrived ON attention_marks (shipment_id) WHERE delivered = 0 AND (arrived_vessel IS NOT NULL OR arrived_discharge IS NOT NULL);

CREATE INDEX attention_marks_next_expected ON attention_marks (next_expected);
CREATE INDEX shipments_not_found ON shipments (id) WHERE outcome = 'INFO_NOT_FOUND';

CREATE TABLE attention_plans (
  shipment_id INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  first_at    TEXT NOT NULL,
  last_at     TEXT NOT NULL
);
CREATE TRIGGER attention_plans_seen AFTER INSERT ON planned_events_seen BEGIN
  INSERT INTO attention_plans (shipment_id, first_at, last_at) VALUES (NEW.shipment_id, NEW.first_seen_at, NEW.first_seen_at)
  ON CONFLICT (shipment_id) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at);
END;
INSERT INTO attention_plans (shipment_id, first_at, last_at)
SELECT shipment_id, min(first_seen_at), max(first_seen_at) FROM planned_events_seen GROUP BY shipment_id;
CREATE INDEX attention_plans_changed ON attention_plans (shipment_id) WHERE first_at < last_at;

CREATE VIEW shipment_clocks AS
SELECT shipment_id, arrived, free_days,
       date(substr(arrived, 1, 10), printf('%+d days', free_days - 1)) AS last_free_day
  FROM (SELECT m.shipment_id,
               coalesce(m.arrived_vessel, m.arrived_discharge) AS arrived,
               coalesce(
                 (SELECT j.value FROM shipment_fields f, json_each(cfg.value, '$.customers') j
                   WHERE f.shipment_id = m.shipment_id AND f.name = json_extract(cfg.value, '$.customerField')
                     AND lower(j.key) = lower(trim(f.value))),
                 (SELECT j.value FROM json_each(cfg.value, '$.carriers') j WHERE j.key = upper(s.carrier_scac))) AS free_days
          FROM attention_marks m
          JOIN shipments s ON s.id = m.shipment_id
          JOIN settings cfg ON cfg.key = 'attention.freeDays' AND json_valid(cfg.value)
         WHERE m.delivered = 0 AND (m.arrived_vessel IS NOT NULL OR m.arrived_discharge IS NOT NULL)
           AND coalesce(s.shipment_status, '') <> 'DELIVERED')
 WHERE free_days IS NOT NULL AND typeof(free_days) = 'integer';
`;

export const migration7: Migration = {
  version: 7,
  name: 'attention: event marks per shipment (kept by triggers) and the demurrage clocks view',
  up: (db) => db.exec(V7_ATTENTION_MARKS),
};
