/**
 * How the window reaches the core. In the desktop app the preload puts the typed bridge on
 * `window.quayside`; in the web harness there is none and the page talks to its own origin.
 * Components never see the transport: they use `call` (./call.ts) and the stores.
 */
import type { QuaysideBridge } from '../../shared/contract';
import { createWebBridge } from './web-bridge';

declare global {
  interface Window {
    quayside?: QuaysideBridge;
  }
}

let current: QuaysideBridge | null = null;
const reconnectListeners = new Set<() => void>();
let detachReconnect: (() => void) | null = null;

function hasReconnect(b: QuaysideBridge): b is QuaysideBridge & { onReconnect(l: () => void): () => void } {
  return typeof (b as { onReconnect?: unknown }).onReconnect === 'function';
}

function attach(bridge: QuaysideBridge): void {
  detachReconnect?.();
  detachReconnect = hasReconnect(bridge) ? bridge.onReconnect(() => reconnectListeners.forEach((l) => l())) : null;
}

export function getBridge(): QuaysideBridge {
  if (!current) {
    current = window.quayside ?? createWebBridge();
    attach(current);
  }
  return current;
}

/** For component tests (a fake bridge) and for the entry point. */
export function setBridge(bridge: QuaysideBridge | null): void {
  current = bridge;
  if (bridge) attach(bridge);
  else {
    detachReconnect?.();
    detachReconnect = null;
  }
}

/** Called when the event stream reconnects after a drop (web harness): events may have been missed. */
export function onBridgeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}
