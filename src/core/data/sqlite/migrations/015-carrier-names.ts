/**
 * Migration 15: every shipment's carrier name chosen again by the one rule (shipments/carrier-name.ts),
 * from the newest answer the cache keeps for it (raw payloads are kept so a rule can be applied
 * again without spending credits). A record listed under one carrier but answered with another's
 * data and SCAC (the service's interface 1.7) gets the answering carrier's name, so the carrier
 * filter never shows one carrier's name over another's shipments. The facet counts follow through
 * their triggers.
 */
import type { Database } from 'better-sqlite3';
import { answerCompanyOf, chooseCarrierName, directoryMainNames } from '../../shipments/carrier-name.js';
import { decodeRawBody } from '../../shipments/raw-payloads.js';
import type { RawPayloadsRow } from '../../shipments/rows.js';
import type { TrackingData } from '../../../platform/api/types.js';
import type { Migration } from '../migrate.js';

const CARRIER_NAMES_NAME = "carrier names chosen on purpose: the answer's own carrier for its SCAC, else the directory's main name";

interface Answer {
  tracked_item?: { company_name?: string | null; data?: { data?: TrackingData | null } | null } | null;
  data?: TrackingData | null;
}

function chooseCarrierNames(db: Database): void {
  const mainName = directoryMainNames(db);
  const newest = db.prepare<[number], Pick<RawPayloadsRow, 'encoding' | 'body'> & { dictionary: Buffer | null }>(
    `SELECT r.encoding, r.body, d.body AS dictionary FROM raw_payloads r LEFT JOIN raw_dictionaries d ON d.id = r.dictionary_id
      WHERE r.shipment_id = ? ORDER BY r.id DESC LIMIT 1`,
  );
  const rename = db.prepare<[string | null, number, string | null]>('UPDATE shipments SET carrier_name = ? WHERE id = ? AND carrier_name IS NOT ?');
  const shipments = db.prepare<[], { id: number; carrier_scac: string | null; carrier_name: string | null }>('SELECT id, carrier_scac, carrier_name FROM shipments').all();
  for (const s of shipments) {
    let answer: Answer = {};
    try {
      const raw = newest.get(s.id);
      if (raw) answer = JSON.parse(decodeRawBody(raw)) as Answer;
    } catch {
      // An answer that cannot be read again leaves the rule to the directory and the stored name.
    }
    const data = answer.tracked_item?.data?.data ?? answer.data ?? null;
    const name = chooseCarrierName(
      { scac: s.carrier_scac, answer: answerCompanyOf(data), listed: answer.tracked_item?.company_name ?? null, previous: s.carrier_name },
      mainName,
    );
    rename.run(name, s.id, name);
  }
}

export const migration15: Migration = {
  version: 15,
  name: CARRIER_NAMES_NAME,
  up: chooseCarrierNames,
};
