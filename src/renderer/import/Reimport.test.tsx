// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportReport } from '../../shared/contract';
import { ImportFilterChip } from '../shipments/ImportFilterChip';
import { resetImportsStore, useImports } from '../state/imports';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { CREDITS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ImportView, ImportWindowDrop } from './ImportView';

/*
 * The same sheet sent again. The mapping shows what each column holds, the preview lists
 * the column changes of shipments already tracked and offers to apply them (no credit), and the
 * report opens the table on the import's shipments.
 */
const FILE_ID = 'cd'.repeat(32);

const PREVIEW: ImportPreview = {
  fileId: FILE_ID,
  fileName: 'acme-week-12.csv',
  sheet: null,
  sheets: [],
  rows: 3,
  headerRow: 1,
  mapping: [
    { column: 'A', header: 'Container', role: 'container', field: 'container', source: 'detected', samples: ['MSKU1234565', 'CMAU3000014', 'TGHU1234560'] },
    { column: 'B', header: 'Customer', role: 'local', field: 'customer', source: 'detected', samples: ['ACME GmbH', 'Northwind'] },
    { column: 'C', header: 'PO', role: 'local', field: 'po', source: 'detected', samples: ['PO-1044', 'PO-1001'] },
    { column: 'D', header: 'Remarks', role: 'local', field: 'Remarks', source: 'detected', samples: [] },
  ],
  counts: { accepted: 0, rejected: 0, duplicates: 0, alreadyTracked: 3, updated: 2 },
  accepted: [],
  rejected: [],
  duplicates: [],
  alreadyTracked: [{ row: 2, value: 'MSKU1234565' }, { row: 3, value: 'CMAU3000014' }, { row: 4, value: 'TGHU1234560' }],
  updated: [
    { row: 2, reference: 'MSKU1234565', changes: [{ field: 'po', from: 'PO-1000', to: 'PO-1044' }] },
    { row: 3, reference: 'CMAU3000014', changes: [{ field: 'Promised date', from: null, to: '2026-12-09' }] },
  ],
  creditsEstimated: 0,
  balance: 500,
  warnings: [],
  fieldNames: ['customer', 'po'],
};

const REPORT: ImportReport = {
  jobId: 9, file: 'acme-week-12.csv', state: 'done', rows: 3, accepted: 1, found: 1, notFound: 0, failed: 0, duplicates: 0, alreadyTracked: 2, updated: 2,
  overBudget: 0, creditsEstimated: 1, creditsSpent: 1, rejected: [], failures: [], submitted: 1, batches: 1, duplicateRows: [],
  alreadyTrackedRows: [{ row: 2, value: 'MSKU1234565' }, { row: 3, value: 'CMAU3000014' }],
  updatedRows: [
    { row: 2, value: 'MSKU1234565', reference: 'MSKU1234565', changes: 'PO: PO-1000 → PO-1044' },
    { row: 3, value: 'CMAU3000014', reference: 'CMAU3000014', changes: 'Promised date: (none) → 2026-12-09' },
  ],
  createdAt: '2026-11-23T09:00:00Z', finishedAt: '2026-11-23T09:00:01Z', message: null,
};

const DONE_JOB = { jobId: 9, fileName: 'acme-week-12.csv', state: 'done' as const, createdAt: '2026-11-23T09:00:00Z', finishedAt: '2026-11-23T09:00:01Z', references: 0, done: 0, updated: 2, message: null, progress: null };

let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({
    'imports.open': () => ({ fileId: FILE_ID, fileName: 'acme-week-12.csv', format: 'csv', sheets: [], sizeBytes: 120 }),
    'imports.preview': () => PREVIEW,
    'imports.jobs': () => [],
    'imports.start': () => DONE_JOB,
    'imports.report': () => REPORT,
    'settings.carriers': () => ({ fetchedAt: '2026-11-23T08:00:00Z', carriers: [] }),
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

async function openSheet(): Promise<void> {
  // As in the window: the page, and the window-level part that listens for progress.
  render(
    <>
      <ImportView />
      <ImportWindowDrop />
    </>,
  );
  fireEvent.change(screen.getByLabelText('Choose a spreadsheet to import'), { target: { files: [new File(['Container,Customer,PO'], 'acme-week-12.csv')] } });
  await screen.findByRole('button', { name: 'Update 2 shipments' });
}

describe('a sheet sent again', () => {
  it('the mapping shows the first values of each column beside its header', async () => {
    await openSheet();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Column', 'Header in the file', 'First values', 'Used as']);
    const cells = (row: number) => within(rows[row]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(2)).toEqual(['B', 'Customer', 'ACME GmbHNorthwind', expect.any(String)]);
    expect(within(rows[3]!).getByText('PO-1044')).toBeTruthy();
    expect(cells(4)[2]).toBe('(empty)');
  });

  it('lists the column changes and offers to update, at no credit, instead of “Nothing to track”', async () => {
    await openSheet();
    const list = screen.getByRole('list', { name: 'Columns to update rows' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Row 2MSKU1234565POPO-1000→PO-1044', 'Row 3CMAU3000014Promised date(none)→2026-12-09']);
    expect(within(items[0]!).getByLabelText('PO PO-1000 → PO-1044')).toBeTruthy();
    expect(screen.getByRole('button', { name: /2\s*Columns to update/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/2 shipments already tracked have new values in this sheet/)).toBeTruthy();
    expect(screen.getByText(/^Nothing new to track: 2 shipments already tracked get new column values\. No credits/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nothing to track' })).toBeNull();

    bridge.handlers['imports.jobs'] = () => [DONE_JOB];
    fireEvent.click(screen.getByRole('button', { name: 'Update 2 shipments' }));
    await act(async () => undefined);
    expect(bridge.callsOf('imports.start')).toEqual([{ fileId: FILE_ID }]);
    act(() => bridge.emit('imports.progress', { jobId: 9, state: 'done', message: null, progress: null }));
    await screen.findByRole('region', { name: /^Report: acme-week-12\.csv/ });
    // The list of imports says what a job with nothing to track did.
    const job = await screen.findByRole('listitem', { name: 'Import 9: acme-week-12.csv' });
    expect(job.textContent).toMatch(/Started .* · 2 shipments updated/);
    expect(job.textContent).not.toContain('0 of 0');
  });

  it('the report lists the columns updated and shows the import’s shipments in the table', async () => {
    render(
      <>
        <ImportView />
        <ImportFilterChip />
      </>,
    );
    await act(() => useImports.getState().openReport(9));
    const report = screen.getByRole('region', { name: /^Report: acme-week-12\.csv/ });
    expect(within(report).getByText('Columns updated (no credit)').nextSibling?.textContent).toBe('2');
    expect(within(within(report).getByRole('list', { name: 'Columns updated' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 2MSKU1234565PO: PO-1000 → PO-1044',
      'Row 3CMAU3000014Promised date: (none) → 2026-12-09',
    ]);
    useShipments.getState().setFilters({ search: 'left over' });
    fireEvent.click(within(report).getByRole('button', { name: 'Show these 3 shipments in the table' }));
    expect(useUi.getState().view).toBe('shipments');
    expect(useShipments.getState().filters).toMatchObject({ importJobId: 9, search: '' });
    const remove = screen.getByRole('button', { name: 'Remove the filter by import 9' });
    fireEvent.click(remove);
    expect(useShipments.getState().filters.importJobId).toBeNull();
  });
});
