// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportOptionsInput, ImportPreview, ImportReport } from '../../shared/contract';
import { resetImportsStore } from '../state/imports';
import { useUi } from '../state/ui';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { CREDITS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ImportView, ImportWindowDrop } from './ImportView';

const FILE_ID = 'ab'.repeat(32);

/** A workbook with a data sheet and a notes sheet: row 6 has a mistyped check digit. */
function previewFor(input: ImportOptionsInput, balance = 500): ImportPreview {
  if (input.sheet === 'Notes' && !input.mapping) throw { code: 'invalid-input', message: 'No header row found in the first 20 rows of sheet "Notes".' };
  const fixed = input.acceptSuggestions?.includes(6) ?? false;
  // The tests only ever map this column to `ignore`, one of the roles.
  const weight = input.mapping?.['Weight (kg)'] as ImportPreview['mapping'][number]['role'] | undefined;
  return {
    fileId: FILE_ID,
    fileName: 'acme.xlsx',
    sheet: 'Shipments',
    sheets: ['Notes', 'Shipments'],
    rows: 3,
    headerRow: 3,
    mapping: [
      { column: 'A', header: 'Container No.', role: 'container', field: 'container', source: 'detected', samples: ['MSKU1234565', 'CMAU3000015'] },
      { column: 'B', header: 'Customer', role: 'local', field: 'customer', source: 'detected', samples: ['ACME GmbH'] },
      weight
        ? { column: 'C', header: 'Weight (kg)', role: weight, field: weight, source: 'override', samples: [] }
        : { column: 'C', header: 'Weight (kg)', role: 'local', field: 'Weight (kg)', source: 'detected', samples: [] },
    ],
    counts: { accepted: fixed ? 2 : 1, rejected: fixed ? 0 : 1, duplicates: 0, alreadyTracked: 0, updated: 0 },
    accepted: [
      { row: 4, reference: 'MSKU1234565', type: 'container', scac: 'MAEU', carrierName: 'Maersk', fields: {}, warning: null },
      ...(fixed ? [{ row: 6, reference: 'CMAU3000014', type: 'container' as const, scac: 'CMDU', carrierName: 'CMA CGM', fields: {}, warning: null }] : []),
    ],
    rejected: fixed ? [] : [{ row: 6, value: 'CMAU3000015', reason: 'not a valid container number: check digit is 5, ISO 6346 gives 4', suggestion: 'CMAU3000014' }],
    duplicates: [],
    alreadyTracked: [],
    updated: [],
    creditsEstimated: fixed ? 2 : 1,
    balance,
    warnings: [],
    fieldNames: ['customer'],
  };
}

const REPORT: ImportReport = {
  jobId: 7, file: 'acme.xlsx', state: 'done', rows: 3, accepted: 2, found: 2, notFound: 0, failed: 0, duplicates: 0, alreadyTracked: 0,
  overBudget: 0, creditsEstimated: 2, creditsSpent: 2, rejected: [], failures: [], submitted: 2, batches: 1, duplicateRows: [], alreadyTrackedRows: [], updated: 0, updatedRows: [], createdAt: '2026-11-23T09:00:00Z', finishedAt: '2026-11-23T09:01:00Z', message: null,
};

let bridge: FakeBridge;
let balance = 500;

beforeEach(() => {
  balance = 500;
  bridge = createFakeBridge({
    'imports.open': ({ path }) => ({ fileId: FILE_ID, fileName: path.split('/').pop()!, format: 'xlsx', sheets: ['Notes', 'Shipments'], sizeBytes: 4057 }),
    'imports.preview': (input) => previewFor(input, balance),
    'imports.jobs': () => [],
    'imports.start': (input) => ({ jobId: 7, fileName: 'acme.xlsx', state: 'running', createdAt: '2026-11-23T09:00:00Z', finishedAt: null, references: input.goOnWithWhatFits ? 1 : 2, done: 0, updated: 0, message: null, progress: null }),
    'imports.report': () => REPORT,
    'settings.carriers': () => ({
      fetchedAt: '2026-11-23T08:00:00Z',
      carriers: [
        { name: 'Mediterranean Shipping Company', scac: 'MSCU', containers: true, bl: true, booking: true },
        { name: 'Maersk', scac: 'MAEU', containers: true, bl: true, booking: true },
      ],
    }),
    'credits.get': () => CREDITS,
  });
  resetStores(bridge);
  resetImportsStore();
});

afterEach(() => {
  cleanup();
  resetImportsStore();
  resetStores();
});

async function openWorkbook(): Promise<void> {
  // As in the window: the page, and the window-level part that listens for progress.
  render(
    <>
      <ImportView />
      <ImportWindowDrop />
    </>,
  );
  const input = screen.getByLabelText('Choose a spreadsheet to import');
  fireEvent.change(input, { target: { files: [new File(['PK fake workbook'], 'acme.xlsx')] } });
  await screen.findByRole('button', { name: 'Use CMAU3000014 for row 6' });
}

const lastPreview = (): ImportOptionsInput => bridge.callsOf('imports.preview').at(-1) as ImportOptionsInput;

describe('import wizard', () => {
  it('hands the chosen file to the engine once, by its path, then previews it with the detected sheet', async () => {
    await openWorkbook();
    expect(bridge.callsOf('imports.open')).toEqual([{ path: '/dropped/acme.xlsx' }]);
    expect(lastPreview()).toEqual({ fileId: FILE_ID });
    expect((screen.getByRole('radio', { name: 'Shipments' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Up to 1 credit of 500; at least 499 credits left afterwards.')).toBeTruthy();
  });

  it('accepts a suggested check digit in one click, and can undo it', async () => {
    await openWorkbook();
    fireEvent.click(screen.getByRole('button', { name: 'Use CMAU3000014 for row 6' }));
    await screen.findByRole('button', { name: 'Start tracking 2 references' });
    expect(lastPreview()).toEqual({ fileId: FILE_ID, sheet: 'Shipments', acceptSuggestions: [6] });

    fireEvent.click(screen.getByRole('button', { name: /To track$/ }));
    const accepted = screen.getByRole('list', { name: 'To track rows' });
    expect(within(accepted).getByText('CMAU3000015')).toBeTruthy();
    fireEvent.click(within(accepted).getByRole('button', { name: 'Undo the correction of row 6' }));
    await screen.findByRole('button', { name: 'Start tracking 1 reference' });
    expect(lastPreview()).toEqual({ fileId: FILE_ID, sheet: 'Shipments' });
  });

  it('a fixed column is sent as a mapping by header; choosing the detected use again drops it', async () => {
    await openWorkbook();
    const weight = screen.getByLabelText('Use column C (Weight (kg)) as') as HTMLSelectElement;
    expect(weight.value).toBe('keep:Weight (kg)');
    fireEvent.change(weight, { target: { value: 'ignore' } });
    await screen.findByText('changed');
    expect(lastPreview().mapping).toEqual({ 'Weight (kg)': 'ignore' });
    expect((screen.getByLabelText('Use column C (Weight (kg)) as') as HTMLSelectElement).value).toBe('ignore');

    fireEvent.change(screen.getByLabelText('Use column C (Weight (kg)) as'), { target: { value: 'keep:Weight (kg)' } });
    await act(async () => undefined);
    expect(lastPreview().mapping).toBeUndefined();
  });

  it('a default carrier for rows without one is chosen from the carrier directory and sent with the preview', async () => {
    await openWorkbook();
    const select = screen.getByLabelText('Default carrier, for rows without one') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Maersk (MAEU)' });
    expect([...select.options].map((o) => o.value)).toEqual(['', 'MAEU', 'MSCU']);
    fireEvent.change(select, { target: { value: 'MAEU' } });
    await act(async () => undefined);
    expect(lastPreview()).toEqual({ fileId: FILE_ID, sheet: 'Shipments', carrier: 'MAEU' });
    fireEvent.change(select, { target: { value: '' } });
    await act(async () => undefined);
    expect(lastPreview()).toEqual({ fileId: FILE_ID, sheet: 'Shipments' });
  });

  it('a sheet without a header says why; picking the data sheet again recovers', async () => {
    await openWorkbook();
    fireEvent.click(screen.getByRole('radio', { name: 'Notes' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No header row found/);
    expect(lastPreview().sheet).toBe('Notes');
    fireEvent.click(screen.getByRole('radio', { name: 'Shipments' }));
    await screen.findByRole('button', { name: 'Use CMAU3000014 for row 6' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a file opened outside the window (Open with…) opens the wizard on it', async () => {
    render(
      <>
        <ImportView />
        <ImportWindowDrop />
      </>,
    );
    act(() => bridge.emit('import.fileOpened', { fileId: FILE_ID, fileName: 'acme.xlsx', format: 'xlsx', sheets: ['Notes', 'Shipments'], sizeBytes: 4057 }));
    await screen.findByRole('button', { name: 'Use CMAU3000014 for row 6' });
    expect(useUi.getState().view).toBe('import');
    expect(bridge.callsOf('imports.open')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'acme.xlsx' })).toBe(document.activeElement);
  });

  it('where no header is recognised, a column is named by hand', async () => {
    await openWorkbook();
    fireEvent.click(screen.getByRole('radio', { name: 'Notes' }));
    await screen.findByRole('alert');
    const form = screen.getByRole('form', { name: 'Name a column by hand' });
    fireEvent.change(within(form).getByLabelText('Header text as written in the file'), { target: { value: ' Kennung ' } });
    fireEvent.change(within(form).getByLabelText('Used as'), { target: { value: 'bl' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Use CMAU3000014 for row 6' });
    expect(lastPreview()).toEqual({ fileId: FILE_ID, sheet: 'Notes', mapping: { Kennung: 'bl' } });
  });

  it('when the balance is short it offers to track what fits', async () => {
    balance = 1;
    await openWorkbook();
    fireEvent.click(screen.getByRole('button', { name: 'Use CMAU3000014 for row 6' }));
    const fit = await screen.findByRole('button', { name: 'Track the first 1 reference' });
    expect(screen.queryByRole('button', { name: /^Start tracking/ })).toBeNull();
    fireEvent.click(fit);
    await act(async () => undefined);
    expect(bridge.callsOf('imports.start')).toEqual([{ fileId: FILE_ID, sheet: 'Shipments', acceptSuggestions: [6], goOnWithWhatFits: true }]);
  });

  it('shows the started job’s progress from events, then opens its report', async () => {
    await openWorkbook();
    fireEvent.click(screen.getByRole('button', { name: 'Start tracking 1 reference' }));
    const current = await screen.findByRole('region', { name: 'Tracking acme.xlsx' });
    act(() =>
      bridge.emit('imports.progress', {
        jobId: 7,
        state: 'running',
        message: null,
        progress: { total: 2, done: 1, found: 1, notFound: 0, failed: 0, batchesSubmitted: 1, batchesProcessed: 0, batchesTotal: 1, remainingMs: 40_000 },
      }),
    );
    expect(within(current).getByRole('progressbar', { name: 'Progress of acme.xlsx' }).getAttribute('aria-valuenow')).toBe('50');
    expect(current.textContent).toContain('1 of 2 references done · 1 of 1 batch submitted, 0 processed · about 40 s left');

    act(() => bridge.emit('imports.progress', { jobId: 7, state: 'done', message: null, progress: null }));
    const report = await screen.findByRole('region', { name: /^Report: acme\.xlsx/ });
    expect(within(report).getByRole('button', { name: 'Download report (CSV)' })).toBeTruthy();
    expect(bridge.callsOf('imports.report')).toEqual([7]);
  });

  it('a job that stops before the answer to its start arrives is shown stopped, with Resume', async () => {
    const stopped = { jobId: 7, fileName: 'acme.xlsx', state: 'paused' as const, createdAt: '2026-11-23T09:00:00Z', finishedAt: null, references: 1, done: 0, updated: 0, message: 'The API key was refused.', progress: null };
    bridge.handlers['imports.jobs'] = () => [stopped];
    const answer = bridge.handlers['imports.start']!;
    // As over the harness's socket: the event that the job stopped overtakes the HTTP answer.
    bridge.handlers['imports.start'] = (input) => {
      bridge.emit('imports.progress', { jobId: 7, state: 'paused', message: stopped.message, progress: null });
      return answer(input);
    };
    await openWorkbook();
    fireEvent.click(screen.getByRole('button', { name: 'Start tracking 1 reference' }));
    const job = await screen.findByRole('listitem', { name: 'Import 7: acme.xlsx' });
    await screen.findByRole('button', { name: 'Resume acme.xlsx' });
    expect(job.textContent).toContain('Unfinished');
    expect(job.textContent).toContain('The API key was refused.');
    expect(screen.queryByRole('region', { name: 'Tracking acme.xlsx' })).toBeNull();
  });

  it('a late answer to an earlier read of the job list does not bring a stopped job back to running', async () => {
    const base = { jobId: 7, fileName: 'acme.xlsx', createdAt: '2026-11-23T09:00:00Z', finishedAt: null, references: 1, done: 0, updated: 0, progress: null };
    let answerFirstRead: (() => void) | null = null;
    let reads = 0;
    bridge.handlers['imports.jobs'] = () => {
      reads++;
      // The first read was made while the job ran; its answer comes last.
      if (reads === 1) return new Promise((resolve) => (answerFirstRead = () => resolve([{ ...base, state: 'running', message: null }])));
      return [{ ...base, state: 'paused', message: 'The API key was refused.' }];
    };
    const answer = bridge.handlers['imports.start']!;
    bridge.handlers['imports.start'] = (input) => {
      bridge.emit('imports.progress', { jobId: 7, state: 'running', message: null, progress: null });
      bridge.emit('imports.progress', { jobId: 7, state: 'paused', message: 'The API key was refused.', progress: null });
      return answer(input);
    };
    await openWorkbook();
    fireEvent.click(screen.getByRole('button', { name: 'Start tracking 1 reference' }));
    await screen.findByRole('button', { name: 'Resume acme.xlsx' });
    await act(async () => answerFirstRead?.());
    const job = screen.getByRole('listitem', { name: 'Import 7: acme.xlsx' });
    expect(job.textContent).toContain('Unfinished');
    expect(screen.getByRole('button', { name: 'Resume acme.xlsx' })).toBeTruthy();
  });
});
