/**
 * The window's views, once: the navigation lists them in this order, Ctrl+1…9 go to the first
 * nine, the native menu, the shortcuts help and the contract's `window.show` take them from here.
 * The window adds each view's drawing and component by id (src/renderer/views.tsx), checked by the
 * compiler, so a view added here without them does not build.
 */

export const VIEWS = [
  { id: 'shipments', name: 'Shipments', key: '1' },
  { id: 'attention', name: 'Attention', key: '2' },
  { id: 'import', name: 'Import', key: '3' },
  { id: 'watchlists', name: 'Watchlists', key: '4' },
  { id: 'customers', name: 'Customers', key: '5' },
  { id: 'map', name: 'Map', key: '6' },
  { id: 'changes', name: 'Changes', key: '7' },
  { id: 'webhooks', name: 'Webhooks', key: '8' },
  { id: 'performance', name: 'Performance', key: '9' },
  { id: 'settings', name: 'Settings', key: ',' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];
export type ViewEntry = (typeof VIEWS)[number];

export const VIEW_IDS = VIEWS.map((v) => v.id) as [ViewId, ...ViewId[]];

/** The view Ctrl+<key> (Cmd on a Mac) opens, or null. */
export function viewOfKey(key: string): ViewId | null {
  return VIEWS.find((v) => v.key === key)?.id ?? null;
}

/** The views reached by Ctrl+1…9, in the navigation's order. */
export const NUMBERED_VIEWS: readonly ViewEntry[] = VIEWS.filter((v) => /^[1-9]$/.test(v.key));

export function viewName(id: ViewId): string {
  return VIEWS.find((v) => v.id === id)?.name ?? id;
}
