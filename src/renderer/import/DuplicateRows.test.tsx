// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportReport } from '../../shared/contract';
import { resetImportsStore, useImports } from '../state/imports';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { CREDITS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ImportView } from './ImportView';

/* A container listed twice with two POs: both values shown, the later kept unless the person chooses. */
const FILE_ID = 'ef'.repeat(32);
const values = [{ row: 2, value: 'PO-4502' }, { row: 4, value: 'PO-4520' }];

function preview(keptRow: number): ImportPreview {
  const kept = values.find((v) => v.row === keptRow)!.value;
  return {
    fileId: FILE_ID, fileName: 'acme.csv', sheet: null, sheets: [], rows: 4, headerRow: 1,
    mapping: [
      { column: 'A', header: 'Container', role: 'container', field: 'container', source: 'detected', samples: [] },
      { column: 'B', header: 'PO', role: 'local', field: 'po', source: 'detected', samples: [] },
    ],
    counts: { accepted: 2, rejected: 0, duplicates: 2, alreadyTracked: 0, updated: 0, conflicting: 1 },
    accepted: [
      { row: 2, reference: 'MSKU1234565', type: 'container', scac: 'MAEU', carrierName: 'Maersk', fields: { po: kept }, warning: null },
      { row: 3, reference: 'CMAU3000014', type: 'container', scac: 'CMDU', carrierName: 'CMA CGM', fields: { po: 'PO-1' }, warning: null },
    ],
    rejected: [],
    duplicates: [
      { row: 4, value: 'MSKU1234565', firstRow: 2, reference: 'MSKU1234565', type: 'container', differences: [{ field: 'po', firstValue: 'PO-4502', value: 'PO-4520', values, kept, keptRow }] },
      { row: 5, value: 'CMAU3000014', firstRow: 3, reference: 'CMAU3000014', type: 'container', differences: [] },
    ],
    alreadyTracked: [], updated: [], creditsEstimated: 2, balance: 500, warnings: [], fieldNames: ['po'],
  };
}

const REPORT: ImportReport = {
  jobId: 4, file: 'acme.csv', state: 'done', rows: 4, accepted: 2, found: 2, notFound: 0, failed: 0, duplicates: 2, alreadyTracked: 0, updated: 0,
  overBudget: 0, creditsEstimated: 2, creditsSpent: 2, rejected: [], failures: [], submitted: 2, batches: 1, alreadyTrackedRows: [], updatedRows: [],
  duplicateRows: [
    { row: 4, value: 'MSKU1234565', firstRow: 2, message: 'same as row 2; tracked once; PO: row 2 "PO-4502", row 4 "PO-4520"; "PO-4502" kept (row 2)' },
    { row: 5, value: 'CMAU3000014', firstRow: 3, message: 'same as row 3' },
  ],
  createdAt: '2026-11-23T09:00:00Z', finishedAt: '2026-11-23T09:00:01Z', message: null,
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({
    'imports.open': () => ({ fileId: FILE_ID, fileName: 'acme.csv', format: 'csv', sheets: [], sizeBytes: 120 }),
    'imports.preview': (input) => preview(input.duplicateChoices?.[0]?.row ?? 4),
    'imports.jobs': () => [],
    'imports.start': () => ({ jobId: 4, fileName: 'acme.csv', state: 'running', createdAt: '2026-11-23T09:00:00Z', finishedAt: null, references: 2, done: 0, updated: 0, message: null, progress: null }),
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

describe('a reference listed twice with different values', () => {
  it('shows both rows\' values, keeps the later by default (said in words), and sends the choice made', async () => {
    render(<ImportView />);
    fireEvent.change(screen.getByLabelText('Choose a spreadsheet to import'), { target: { files: [new File(['Container,PO'], 'acme.csv')] } });
    const list = await screen.findByRole('list', { name: 'Duplicates rows' });
    expect(screen.getByRole('note').textContent).toMatch(/^1 repeated row holds other values than an earlier row of the same reference\. The later row's value is kept unless you choose another/);
    const conflict = within(list).getByTestId('import-conflict');
    expect(conflict.textContent).toContain('Rows 2, 4MSKU1234565tracked once; the rows disagree');
    const group = within(conflict).getByRole('group', { name: 'PO: keep the value of' });
    const [first, later] = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(first!.closest('label')!.textContent).toBe('Row 2PO-4502');
    expect(later!.closest('label')!.textContent).toBe('Row 4PO-4520(the later row)');
    expect(later!.checked).toBe(true);
    // The identical duplicate stays as it was.
    expect(within(list).getAllByRole('listitem').at(-1)!.textContent).toBe('Row 5CMAU3000014same as row 3; tracked once');

    fireEvent.click(first!);
    await act(async () => undefined);
    const choice = { type: 'container', reference: 'MSKU1234565', field: 'po', row: 2 };
    expect(bridge.callsOf('imports.preview').at(-1)).toEqual({ fileId: FILE_ID, duplicateChoices: [choice] });
    expect((within(screen.getByRole('group', { name: 'PO: keep the value of' })).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start tracking 2 references' }));
    await act(async () => undefined);
    expect(bridge.callsOf('imports.start')).toEqual([{ fileId: FILE_ID, duplicateChoices: [choice] }]);
  });

  it('the report says the other value of a repeated row, never gone without a word', async () => {
    render(<ImportView />);
    await act(() => useImports.getState().openReport(4));
    const rows = screen.getByRole('list', { name: 'Repeated rows with other values' });
    expect(within(rows).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 4MSKU1234565same as row 2; tracked once; PO: row 2 "PO-4502", row 4 "PO-4520"; "PO-4502" kept (row 2)']);
  });
});
