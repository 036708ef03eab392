/** The import report's CSV follows the one CSV rule (src/shared/csv.ts): the cells it repeats are the customer's. */
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../index.js';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import { reportCsv } from './jobs.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

describe('the import report as CSV', () => {
  let store: Data;
  let close: () => void;
  beforeEach(() => ({ store, close } = openTempStore()));
  afterEach(() => close());

  it('quotes a cell holding ; or a tab and neutralises a formula wherever a cell could start, so nothing runs where ; is the separator', () => {
    const jobId = Number(cacheDb(store).prepare(`INSERT INTO import_jobs (created_at, source_name, state) VALUES (?, ?, 'done')`).run('2026-11-20T10:00:00.000Z', 'acme.csv').lastInsertRowid);
    const item = cacheDb(store).prepare(`INSERT INTO import_items (job_id, row_number, reference, value, state, message) VALUES (?, ?, ?, ?, 'rejected', ?)`);
    item.run(jobId, 2, 'ACME;=1+1;', 'ACME;=1+1;', 'not a container, B/L or booking number');
    item.run(jobId, 3, '=2+3', '=2+3', 'tab\tinside');
    const text = reportCsv(cacheDb(store), jobId);
    const lines = text.split('\r\n');
    expect(lines[1]).toBe(`2,"ACME;'=1+1;","ACME;'=1+1;",,,rejected,,"not a container, B/L or booking number",`);
    expect(lines[2]).toBe(`3,'=2+3,'=2+3,,,rejected,,"tab\tinside",`);
    // Read with ; as the separator (not the writer's), no cell starts like a formula.
    const cells = Papa.parse<string[]>(text.trim(), { delimiter: ';', newline: '\r\n' }).data.flat();
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    // Read with the writer's separator, each value is as stored apart from the apostrophes.
    expect(Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data[1]![1]).toBe("ACME;'=1+1;");
  });
});
