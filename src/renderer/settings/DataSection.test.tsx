// @vitest-environment jsdom
/** How long imported spreadsheets are kept after their import: a setting the person can change. */
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
  it('shows the days imported spreadsheets are kept, refuses 0 and an empty box, and keeps 7 when the box is left', async () => {
    await act(() => useSettings.getState().load());
    render(<DataSection />);
    expect(days().value).toBe('30');
    expect((screen.getByLabelText('Data folder') as HTMLInputElement).value).toBe('/tmp/quayside');

    // Kept as the box is left: 0 is below the minimum and an emptied box holds no number; each gets the sentence, nothing is sent.
    fireEvent.change(days(), { target: { value: '0' } });
    fireEvent.blur(days());
    expect((await screen.findByRole('alert')).textContent).toBe('Give a whole number of days from 1 to 3650.');
    fireEvent.change(days(), { target: { value: '' } });
    fireEvent.blur(days());
    expect((await screen.findByRole('alert')).textContent).toBe('Give a whole number of days from 1 to 3650.');
    expect(bridge.callsOf('settings.update')).toEqual([]);

    fireEvent.change(days(), { target: { value: '7' } });
    fireEvent.blur(days());
    await screen.findByText('Saved.');
    expect(bridge.callsOf('settings.update')).toEqual([{ importFileDays: 7 }]);
    expect(days().value).toBe('7');
  });
});
