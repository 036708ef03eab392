// @vitest-environment jsdom
/** Settings → Background refresh: the interval the README promises, what the refresh is doing, and Refresh now. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView, SyncView } from '../../shared/contract';
import { useSettings } from '../state/settings';
import { connectSync } from '../state/sync';
import { type FakeBridge, createFakeBridge } from '../test-support/fake-bridge';
import { SETTINGS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { RefreshSection } from './RefreshSection';

let bridge: FakeBridge;
let current: SettingsView;
let sync: SyncView;
let off: () => void;

const IDLE: SyncView = { running: false, page: 0, totalPages: 0, lastSyncAt: null, lastError: null, nextSyncAt: null };

beforeEach(() => {
  current = { ...SETTINGS, syncIntervalMinutes: 15 };
  sync = { ...IDLE, lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(), nextSyncAt: new Date(2026, 10, 28, 9, 45).toISOString() };
  bridge = createFakeBridge({
    'settings.get': () => current,
    'settings.update': (patch) => (current = { ...current, syncIntervalMinutes: patch.syncIntervalMinutes ?? current.syncIntervalMinutes }),
    'sync.status': () => sync,
    'sync.now': () => (sync = { ...IDLE, lastSyncAt: new Date().toISOString(), nextSyncAt: sync.nextSyncAt }),
  });
  resetStores(bridge);
  off = connectSync();
});

afterEach(() => {
  off();
  cleanup();
  resetStores();
});

const minutes = () => screen.getByLabelText('Refresh every (minutes)') as HTMLInputElement;

describe('Settings → Background refresh', () => {
  it('shows the interval with the last and next refresh, saves 0 as off and refuses an empty box', async () => {
    await act(() => useSettings.getState().load());
    render(<RefreshSection />);
    expect(minutes().value).toBe('15');
    expect((await screen.findByText(/Last refreshed/)).textContent).toMatch(/Last refreshed 5 min ago\. Next at 09:45\./);

    // Kept as the box is left, as every setting is; an empty box is refused with the rule.
    fireEvent.change(minutes(), { target: { value: '' } });
    fireEvent.blur(minutes());
    expect((await screen.findByRole('alert')).textContent).toBe('Give a whole number of minutes from 0 (off) to 1440 (once a day).');
    expect(bridge.callsOf('settings.update')).toEqual([]);

    fireEvent.change(minutes(), { target: { value: '0' } });
    fireEvent.keyDown(minutes(), { key: 'Enter' });
    await screen.findByText('Saved.');
    expect(bridge.callsOf('settings.update')).toEqual([{ syncIntervalMinutes: 0 }]);
    // The engine plans no refresh once it is off, and says so.
    act(() => bridge.emit('sync', { ...sync, nextSyncAt: null }));
    expect(screen.getByText(/Background refresh is off/)).toBeTruthy();
  });

  it('shows a running refresh as a progress bar, page by page, then what stopped it; Refresh now asks the engine', async () => {
    await act(() => useSettings.getState().load());
    render(<RefreshSection />);
    await screen.findByText(/Last refreshed/);

    act(() => bridge.emit('sync', { ...sync, running: true, page: 3, totalPages: 12, nextSyncAt: null }));
    const bar = screen.getByRole('progressbar', { name: 'Refreshing the cache' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('page 3 of 12');
    expect((screen.getByRole('button', { name: 'Refreshing…' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => bridge.emit('sync', { ...sync, lastError: 'The tracking service cannot be reached; Quayside will try again.' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The last refresh stopped: The tracking service cannot be reached; Quayside will try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect((await screen.findByText(/Last refreshed/)).textContent).toMatch(/Last refreshed just now/);
    expect(bridge.callsOf('sync.now')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
