/**
 * One carrier name per shipment, chosen on purpose (the service's interface 1.7: carriers that share a data
 * source answer for each other, so a record listed under "Orient Overseas" may carry COSCO's data
 * and COSCO's SCAC). The name shown beside a SCAC is:
 * 1. the name the shipment's own answer gives for its carrier (`summary.company`), when that
 *    company carries the shipment's SCAC;
 * 2. else the carrier directory's main name for the SCAC (several directory names may share one:
 *    the one supporting the most reference types, then the shortest, then A–Z);
 * 3. else the name the service listed the record under, else the one stored before.
 * So every shipment under one SCAC reads the same wherever the carrier is named, and the carrier
 * filter's counts add up to the shipments shown under each name.
 */
import type { Database } from 'better-sqlite3';
import type { TrackingData } from '../../platform/api/types.js';

/** The carrier the answer's data names: its name and the SCACs it goes by. */
export interface AnswerCompany {
  name: string;
  scacs: readonly string[];
}

const nonEmpty = (value: string | null | undefined): string | null => (value === null || value === undefined || value.trim() === '' ? null : value);

export function answerCompanyOf(data: TrackingData | null): AnswerCompany | null {
  const company = data?.summary?.company;
  const name = nonEmpty(company?.full_name) ?? nonEmpty(company?.name);
  return company && name ? { name, scacs: (company.scacs ?? []).filter((s): s is string => typeof s === 'string') } : null;
}

export interface CarrierNameInput {
  scac: string | null;
  answer: AnswerCompany | null;
  /** The name the record was listed under (`tracked_item.company_name`), or none. */
  listed: string | null;
  previous: string | null;
}

export function chooseCarrierName(input: CarrierNameInput, directoryMainName: (scac: string) => string | null): string | null {
  const scac = input.scac?.toUpperCase() ?? null;
  if (scac !== null && input.answer && input.answer.scacs.some((s) => s.toUpperCase() === scac)) return input.answer.name;
  const main = scac === null ? null : directoryMainName(scac);
  return main ?? input.listed ?? input.previous ?? input.answer?.name ?? null;
}

/** The directory's main name for a SCAC (see the rule above), read from the cached directory. */
export function directoryMainNames(db: Database): (scac: string) => string | null {
  const main = db.prepare<[string], { name: string }>(
    'SELECT name FROM carriers WHERE scac = ? COLLATE NOCASE ORDER BY (cn + bl + bk) DESC, length(name), name LIMIT 1',
  );
  return (scac) => main.get(scac)?.name ?? null;
}
