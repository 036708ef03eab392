// @vitest-environment jsdom
/** How long imported spreadsheets are kept after their import: a setting the person can change (issue 14, item 9). */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../shared/contract';
import { useSettings } from '../state/settings';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { SETTINGS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { DataSection } from './DataSection';

let bridge: FakeBridge;
let current: SettingsView;

beforeEach(() => {
  current = { ...SETTINGS };
  bridge = createFakeBridge({
    'settings.get': () => current,
    'settings.update': (patch) => (current = { ...current, importFileDays: patch.importFileDays ?? current.importFileDays }),
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

const days = () => screen.getByLabelText('Keep imported spreadsheets for (days)') as HTMLInputElement;

describe('the Data section', () => {
  it('shows the days imported spreadsheets are kept, refuses 0 and an empty box, and saves 7', async () => {
    await act(() => useSettings.getState().load());
    render(<DataSection />);
    expect(days().value).toBe('30');
    expect((screen.getByLabelText('Data folder') as HTMLInputElement).value).toBe('/tmp/quayside');

    // 0 is below the box's minimum: the form is not sent (the browser says why beside the box).
    fireEvent.change(days(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save days' }));
    expect(days().validity.rangeUnderflow).toBe(true);
    // An emptied box gets the sentence; nothing is sent either way.
    fireEvent.change(days(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save days' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give a whole number of days from 1 to 3650.');
    expect(bridge.callsOf('settings.update')).toEqual([]);

    fireEvent.change(days(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save days' }));
    await screen.findByText('Saved.');
    expect(bridge.callsOf('settings.update')).toEqual([{ importFileDays: 7 }]);
    expect(days().value).toBe('7');
  });
});
