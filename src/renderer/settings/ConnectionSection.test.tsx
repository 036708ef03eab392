// @vitest-environment jsdom
/** The window asks before the address the API key goes to changes. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../shared/contract';
import { useSettings } from '../state/settings';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { SETTINGS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { ConnectionSection } from './ConnectionSection';

let bridge: FakeBridge;
let current: SettingsView;

beforeEach(() => {
  current = { ...SETTINGS, apiBase: 'https://api.example.com' };
  bridge = createFakeBridge({
    'settings.get': () => current,
    'settings.update': (patch) => (current = { ...current, apiBase: patch.apiBase ?? current.apiBase }),
  });
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

const typeAddress = (value: string) => {
  fireEvent.change(screen.getByLabelText('API base URL'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
};

describe('the tracking service address', () => {
  it('asks before the key goes to a new address, and changes nothing when the person cancels', async () => {
    await act(() => useSettings.getState().load());
    render(<ConnectionSection />);
    typeAddress('https://collector.example.net');
    const dialog = await screen.findByRole('dialog', { name: 'Send the API key to a new address?' });
    expect(dialog.textContent).toContain('https://collector.example.net');
    expect(dialog.textContent).toContain('instead of https://api.example.com');
    expect(bridge.callsOf('settings.update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsOf('settings.update')).toEqual([]);

    typeAddress('https://collector.example.net');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change address' }));
    await screen.findByText('Saved: https://collector.example.net');
    expect(bridge.callsOf('settings.update')).toEqual([{ apiBase: 'https://collector.example.net' }]);
  });

  it('saves the first address without asking (no key has gone anywhere yet)', async () => {
    current = { ...current, apiBase: null };
    await act(() => useSettings.getState().load());
    render(<ConnectionSection />);
    typeAddress('https://api.example.com');
    await screen.findByText('Saved: https://api.example.com');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
