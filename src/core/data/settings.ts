/**
 * Carriers (the service's directory), credit-balance snapshots, and settings.
 */
import { type ZodType, z } from 'zod';
import type { CreditPoint } from '../../shared/contract/index.js';
import type { WritableDB } from './handles.js';
import type { Carrier } from '../platform/api/types.js';
import { invalidInputError } from './sqlite/errors.js';
import type { CarriersRow, CreditSnapshotsRow } from './shipments/rows.js';

/** A balance reading, as the window's history shows it. */
type CreditSnapshot = CreditPoint;

/** The schema of a setting kept as one JSON object whose members are read one by one. */
export const SETTING_OBJECT = z.record(z.string(), z.unknown());

/** Setting names that would hold a secret: those belong in the OS keychain, never here. */
const SECRET_NAME = /api[\s._-]*key|secret|token|password/i;

export interface DirectoryReads {
  listCarriers(): Carrier[];
  carriersFetchedAt(): string | null;
  latestCredits(): CreditSnapshot | null;
  /** Newest first. */
  creditHistory(limit: number): CreditSnapshot[];
  getSetting(key: string): string | null;
  /**
   * A setting kept as JSON, read through `schema`: null when it is not set, not JSON or not of
   * that shape (a damaged value reads as not set; the next change writes a good one).
   */
  setting<T>(key: string, schema: ZodType<T>): T | null;
}

export interface DirectoryWrites {
  replaceCarriers(list: readonly Carrier[], fetchedAt: string): void;
  addCreditSnapshot(remaining: number, checkedAt: string): void;
  /** Null removes the setting. */
  setSetting(key: string, value: string | null): void;
}

export function createDirectory(db: WritableDB, file: string): { reads: DirectoryReads; writes: DirectoryWrites } {
  const deleteCarriers = db.prepare('DELETE FROM carriers');
  const insertCarrier = db.prepare('INSERT OR REPLACE INTO carriers (name, scac, cn, bl, bk, fetched_at) VALUES (?, ?, ?, ?, ?, ?)');
  const carriers = db.prepare<[], CarriersRow>('SELECT * FROM carriers ORDER BY name COLLATE NOCASE, name');
  const carriersFetched = db.prepare<[], { at: string | null }>('SELECT max(fetched_at) AS at FROM carriers');
  const insertCredits = db.prepare('INSERT INTO credit_snapshots (remaining, checked_at) VALUES (?, ?)');
  const credits = db.prepare<[number], CreditSnapshotsRow>(
    'SELECT * FROM credit_snapshots ORDER BY checked_at DESC, id DESC LIMIT ?',
  );
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const putSetting = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const deleteSetting = db.prepare('DELETE FROM settings WHERE key = ?');

  const toSnapshot = (r: CreditSnapshotsRow): CreditSnapshot => ({ remaining: r.remaining, checkedAt: r.checked_at });

  const reads: DirectoryReads = {
    listCarriers: () =>
      carriers.all().map((r) => ({ name: r.name, scac: r.scac, cn: r.cn === 1, bl: r.bl === 1, bk: r.bk === 1 })),
    carriersFetchedAt: () => carriersFetched.get()?.at ?? null,
    latestCredits() {
      const row = credits.get(1);
      return row ? toSnapshot(row) : null;
    },
    creditHistory: (limit) => credits.all(Math.max(0, Math.trunc(limit))).map(toSnapshot),
    getSetting: (key) => getSetting.get(key)?.value ?? null,
    setting(key, schema) {
      const text = getSetting.get(key)?.value;
      if (text === undefined) return null;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return null;
      }
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
  };
  const writes: DirectoryWrites = {
    replaceCarriers(list, fetchedAt) {
      deleteCarriers.run();
      for (const c of list) insertCarrier.run(c.name, c.scac, c.cn ? 1 : 0, c.bl ? 1 : 0, c.bk ? 1 : 0, fetchedAt);
    },
    addCreditSnapshot(remaining, checkedAt) {
      if (!Number.isInteger(remaining)) throw invalidInputError(file, `A credit balance must be a whole number, not ${remaining}.`);
      insertCredits.run(remaining, checkedAt);
    },
    setSetting(key, value) {
      if (SECRET_NAME.test(key)) {
        throw invalidInputError(file, `The setting "${key}" looks like a secret; API keys are kept in the OS keychain, never in the cache.`);
      }
      if (value === null) deleteSetting.run(key);
      else putSetting.run(key, value);
    },
  };
  return { reads, writes };
}
