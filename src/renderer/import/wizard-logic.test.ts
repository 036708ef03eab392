import { describe, expect, it } from 'vitest';
import type { ImportMappingColumn } from '../../shared/contract';
import { changeText, choiceOf, choicesFor, creditCheck, fileProblem, mappingProblem, percentDone, percentSubmitted, startLabel, timeLeft, withColumnChoice } from './wizard-logic';

const col = (column: string, header: string, role: ImportMappingColumn['role'], field: string, source: 'detected' | 'override' = 'detected'): ImportMappingColumn => ({ column, header, role, field, source, samples: [] });

describe('column mapping', () => {
  const container = col('A', 'Cntr', 'container', 'container');
  const weight = col('F', 'Weight (kg)', 'local', 'Weight (kg)');
  const customer = col('C', 'Kunde', 'local', 'customer');

  it('shows a kept column under its field, and offers to keep an unnamed one under its own header', () => {
    expect(choiceOf(container)).toBe('container');
    expect(choiceOf(customer)).toBe('customer');
    expect(choiceOf(weight)).toBe('keep:Weight (kg)');
    expect(choicesFor(weight, weight).map((c) => c.value)).toContain('keep:Weight (kg)');
    expect(choicesFor(container, container).map((c) => c.value)).not.toContainEqual(expect.stringMatching(/^keep:/));
    expect(choicesFor(weight, weight).at(-1)?.value).toBe('ignore');
  });

  it("one of Quayside's own columns (a file it exported) reads as not stored, and can still be kept under its header", () => {
    const status: ImportMappingColumn = { ...col('H', 'Shipment status', 'ignore', 'ignore'), quaysideColumn: true };
    const choices = choicesFor(status, status);
    expect(choiceOf(status)).toBe('ignore');
    expect(choices.at(-1)).toEqual({ value: 'ignore', label: 'Not stored: Quayside’s own column' });
    expect(choices.map((c) => c.value)).toContain('keep:Shipment status');
    expect(withColumnChoice({}, 'Shipment status', 'keep:Shipment status', status)).toEqual({ 'Shipment status': 'Shipment status' });
  });

  it('a changed column becomes an override by its header; choosing what was detected drops it again', () => {
    const ignored = withColumnChoice({}, 'Weight (kg)', 'ignore', weight);
    expect(ignored).toEqual({ 'Weight (kg)': 'ignore' });
    const asBl = withColumnChoice(ignored, 'Cntr', 'bl', container);
    expect(asBl).toEqual({ 'Weight (kg)': 'ignore', Cntr: 'bl' });
    expect(withColumnChoice(asBl, 'Weight (kg)', 'keep:Weight (kg)', weight)).toEqual({ Cntr: 'bl' });
    expect(withColumnChoice({}, 'Notes', 'keep:Notes', undefined)).toEqual({ Notes: 'Notes' });
    expect(withColumnChoice({}, 'Kunde', 'po', customer)).toEqual({ Kunde: 'po' });
  });

  it('needs a column with references before it can start', () => {
    expect(mappingProblem([container, weight])).toBeNull();
    expect(mappingProblem([col('A', 'Cntr', 'ignore', 'ignore', 'override'), weight])).toMatch(/choose which column holds them/);
  });
});

describe('credits', () => {
  it('says what is left when the estimate fits the balance', () => {
    const check = creditCheck({ creditsEstimated: 2, balance: 5000 });
    expect(check).toMatchObject({ fits: true, after: 4998 });
    expect(check.text).toBe('Up to 2 credits of 5,000; at least 4,998 credits left afterwards.');
  });

  it('offers to track what fits when the balance is short', () => {
    const check = creditCheck({ creditsEstimated: 1200, balance: 300 });
    expect(check).toMatchObject({ fits: false, fitting: 300, after: null });
    expect(check.text).toMatch(/needs up to 1,200 credits and the account has 300\. Track the first 300/);
  });

  it('says plainly when nothing needs tracking', () => {
    expect(creditCheck({ creditsEstimated: 0, balance: 10 }).text).toMatch(/^Nothing in this file needs tracking.*No credits will be spent\.$/);
  });

  it('a sheet sent again with new column values: nothing to spend, the updates said', () => {
    expect(creditCheck({ creditsEstimated: 0, balance: 10, counts: { updated: 3 } }).text).toBe(
      'Nothing new to track: 3 shipments already tracked get new column values. No credits will be spent and nothing is sent to the service.',
    );
  });

  it('the start button says what the click does', () => {
    expect(startLabel({ accepted: 2, updated: 0 })).toBe('Start tracking 2 references');
    expect(startLabel({ accepted: 0, updated: 1 })).toBe('Update 1 shipment');
    expect(startLabel({ accepted: 1, updated: 4 })).toBe('Start tracking 1 reference and update 4 shipments');
    expect(startLabel({ accepted: 0, updated: 0 })).toBe('Nothing to track');
  });

  it('a column change in words, a value the shipment lacked as (none)', () => {
    expect(changeText({ field: 'po', from: 'PO-1000', to: 'PO-1044' })).toBe('PO PO-1000 → PO-1044');
    expect(changeText({ field: 'promised date', from: null, to: '2025-03-09' })).toBe('Promised date (none) → 2025-03-09');
  });

  it('says so when the balance is unknown, without blocking', () => {
    expect(creditCheck({ creditsEstimated: 1, balance: null })).toMatchObject({ fits: true, text: expect.stringMatching(/could not be read/) });
  });
});

describe('progress', () => {
  it('percent from the live progress, else from the job', () => {
    expect(percentDone({ done: 500, total: 1200 })).toBe(42);
    expect(percentDone(null, { done: 3, references: 4 })).toBe(75);
    expect(percentDone(null, { done: 0, references: 0 })).toBe(0);
    expect(percentSubmitted({ batchesSubmitted: 3, batchesTotal: 4 })).toBe(75);
    expect(percentSubmitted(null)).toBe(0);
  });

  it('time left in words', () => {
    expect(timeLeft(null)).toBe('working out the time left');
    expect(timeLeft(2000)).toBe('a few seconds left');
    expect(timeLeft(2000, 0)).toBe('waiting for the first results');
    expect(timeLeft(40_000)).toBe('about 40 s left');
    expect(timeLeft(3 * 60_000)).toBe('about 3 min left');
    expect(timeLeft(3 * 3_600_000)).toBe('about 3 h left');
  });
});

describe('files', () => {
  it('refuses old Excel, empty and huge files with what to do', () => {
    expect(fileProblem('week.xls', 10)).toMatch(/save it as \.xlsx or \.csv/);
    expect(fileProblem('week.csv', 0)).toMatch(/is empty/);
    expect(fileProblem('week.csv', 200 * 1024 * 1024)).toMatch(/split it/);
    expect(fileProblem('week.xlsx', 4000)).toBeNull();
  });
});
