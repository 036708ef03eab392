import { describe, expect, it } from 'vitest';
import type { ImportMappingColumn } from '../../shared/contract';
import { choiceOf, choicesFor, creditCheck, fileProblem, mappingProblem, percentDone, percentSubmitted, timeLeft, withColumnChoice } from './wizard-logic';

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
