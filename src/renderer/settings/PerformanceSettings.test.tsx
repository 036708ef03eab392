// @vitest-environment jsdom
/** Settings → Carrier performance: the on-time window, the minimum behind a likely arrival and the customer column. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/contract';
import { type FakeBridge, createFakeBridge, deferred } from '../test-support/fake-bridge';
import { resetStores } from '../test-support/reset';
import { PerformanceSettingsSection } from './PerformanceSettings';

type View = ApiOutput<'performance.settings'>;

let bridge: FakeBridge;
let current: View;

beforeEach(() => {
  current = { onTimeWithinDays: 1, minimumSample: 10, customerField: null, customerColumn: 'Customer', fieldNames: ['Customer', 'Consignee', 'PO number'] };
  bridge = createFakeBridge({
    'performance.settings': () => current,
    'performance.updateSettings': (patch) => {
      current = {
        ...current,
        ...(patch.onTimeWithinDays !== undefined ? { onTimeWithinDays: patch.onTimeWithinDays } : {}),
        ...(patch.minimumSample !== undefined ? { minimumSample: patch.minimumSample } : {}),
      };
      if (patch.customerField !== undefined) current = { ...current, customerField: patch.customerField, customerColumn: patch.customerField ?? 'Customer' };
      return current;
    },
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

const section = () => screen.getByRole('region', { name: 'Carrier performance' });
const onTime = () => within(section()).getByLabelText('On time within ± days of the first ETA') as HTMLInputElement;
const minimum = () => within(section()).getByLabelText('A likely arrival needs at least this many past shipments') as HTMLInputElement;
const column = () => within(section()).getByLabelText('Customer column (for the customer filter)') as HTMLSelectElement;

describe('Settings → Carrier performance', () => {
  it('shows the stored window and minimum, saves a new minimum and shows it; the button waits while the engine works', async () => {
    const answered = deferred<void>();
    const update = bridge.handlers['performance.updateSettings']!;
    bridge.handlers['performance.updateSettings'] = async (patch) => {
      await answered.promise;
      return update(patch);
    };
    render(<PerformanceSettingsSection />);
    await waitFor(() => expect(minimum().value).toBe('10'));
    expect(onTime().value).toBe('1');
    expect(within(section()).getByText(/works out every likely arrival again/)).toBeTruthy();

    fireEvent.change(minimum(), { target: { value: '25' } });
    fireEvent.blur(minimum());
    await within(section()).findByText('Saving…');
    answered.resolve();

    expect((await within(section()).findByRole('status')).textContent).toBe('Saved.');
    expect(bridge.callsOf('performance.updateSettings')).toEqual([{ minimumSample: 25 }]);
    expect(minimum().value).toBe('25');
    // Left again unchanged: nothing more is sent.
    fireEvent.blur(minimum());
    expect(bridge.callsOf('performance.updateSettings')).toHaveLength(1);
  });

  it('refuses a window out of range with the rule and asks the engine nothing; shows the engine\'s own refusal', async () => {
    render(<PerformanceSettingsSection />);
    await waitFor(() => expect(onTime().value).toBe('1'));

    fireEvent.change(onTime(), { target: { value: '15' } });
    fireEvent.blur(onTime());
    expect((await within(section()).findByRole('alert')).textContent).toBe('Give a whole number of days from 0 to 14.');
    fireEvent.change(onTime(), { target: { value: '2.5' } });
    fireEvent.blur(onTime());
    expect(within(section()).getByRole('alert').textContent).toBe('Give a whole number of days from 0 to 14.');
    fireEvent.change(minimum(), { target: { value: '2' } });
    fireEvent.blur(minimum());
    expect(await within(section()).findByText('Give a whole number of past shipments from 3 to 1000.')).toBeTruthy();
    expect(bridge.callsOf('performance.updateSettings')).toEqual([]);

    bridge.handlers['performance.updateSettings'] = () => {
      throw { code: 'invalid-input', message: 'The cache is read-only while a backup is restored.' };
    };
    fireEvent.change(onTime(), { target: { value: '3' } });
    fireEvent.blur(onTime());
    await within(section()).findByText('The cache is read-only while a backup is restored.');
    expect(onTime().value).toBe('3');
  });

  it('lists the imported columns after "follow the free days\'", naming the column read now, and saves the one chosen', async () => {
    render(<PerformanceSettingsSection />);
    await waitFor(() => expect(column().value).toBe(''));
    const options = within(column()).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(["Follow the free days' customer column (now “Customer”)", 'Customer', 'Consignee', 'PO number']);

    // Kept as soon as it is chosen.
    fireEvent.change(column(), { target: { value: 'Consignee' } });
    expect((await within(section()).findByRole('status')).textContent).toBe('Saved.');
    expect(bridge.callsOf('performance.updateSettings')).toEqual([{ customerField: 'Consignee' }]);
    expect(column().value).toBe('Consignee');

    fireEvent.change(column(), { target: { value: '' } });
    await waitFor(() => expect(bridge.callsOf('performance.updateSettings')).toEqual([{ customerField: 'Consignee' }, { customerField: null }]));
  });
});
