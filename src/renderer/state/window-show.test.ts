// @vitest-environment jsdom
/** 'window.show' from main (a notification clicked, the View menu) switches the view and opens the shipment. */
import { afterEach, expect, it } from 'vitest';
import { createFakeBridge } from '../test-support/fake-bridge';
import { connectedWindow } from '../test-support/fixtures';
import { resetStores } from '../test-support/reset';
import { useDetail } from './detail';
import { useUi } from './ui';
import { connectStores } from './wire-events';

afterEach(() => resetStores());

it('shows the view main asks for, and the shipment in detail', () => {
  const bridge = createFakeBridge(connectedWindow(0));
  resetStores(bridge);
  const stop = connectStores();
  bridge.emit('window.show', { view: 'changes' });
  expect(useUi.getState().view).toBe('changes');
  expect(useDetail.getState().openId).toBeNull();
  // The View menu's Ctrl+8 and Ctrl+9.
  bridge.emit('window.show', { view: 'customers' });
  expect(useUi.getState().view).toBe('customers');
  bridge.emit('window.show', { view: 'performance' });
  expect(useUi.getState().view).toBe('performance');
  bridge.emit('window.show', { view: 'shipments', shipmentId: 42 });
  expect(useUi.getState().view).toBe('shipments');
  expect(useDetail.getState().openId).toBe(42);
  stop();
});
