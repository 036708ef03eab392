// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreditsView } from '../../shared/contract';
import { useCredits } from '../state/credits';
import { type FakeBridge, createFakeBridge, deferred } from '../test-support/fake-bridge';
import { CREDITS } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { CreditsPanel } from './CreditsPanel';

const BEFORE: CreditsView = { ...CREDITS, remaining: 500, checkedAt: '2026-11-23T09:00:00.100Z' };
const AFTER: CreditsView = { ...CREDITS, remaining: 499, checkedAt: '2026-11-23T09:00:00.900Z' };

let bridge: FakeBridge;

beforeEach(() => {
  bridge = createFakeBridge({});
  resetStores(bridge);
});

afterEach(() => {
  cleanup();
  resetStores();
});

const balance = () => within(screen.getByRole('region', { name: 'Credits' })).getByText(/credits|not read/).textContent;

describe('credit balance in the header', () => {
  it('keeps the newer reading when an older answer arrives after it (spent credit, then a late credits.get)', async () => {
    const late = deferred<CreditsView>();
    bridge.handlers['credits.get'] = () => late.promise;
    render(<CreditsPanel />);
    const loading = useCredits.getState().load();
    // The core re-read the balance after spending and pushed it first.
    act(() => useCredits.getState().apply(AFTER));
    await waitFor(() => expect(balance()).toBe('499 credits'));
    late.resolve(BEFORE);
    await act(() => loading);
    expect(balance()).toBe('499 credits');
  });

  it('takes the same reading again (a new warning threshold) and any later one', async () => {
    render(<CreditsPanel />);
    act(() => useCredits.getState().apply(BEFORE));
    act(() => useCredits.getState().apply({ ...BEFORE, warningBelow: 1000, low: true }));
    expect(screen.getByText('Low: below 1,000')).toBeTruthy();
    act(() => useCredits.getState().apply(AFTER));
    expect(balance()).toBe('499 credits');
  });
});
