/**
 * The limits every page of the app lives within: no navigation, no new windows and nothing handed
 * to the browser or the OS (the window links to no web page, so `shell.openExternal` is never
 * called), no webviews, no permissions but writing a copied reference to the clipboard from our
 * own page, and the desktop CSP on our pages (app:// answers carry it; the dev server's get it here).
 */
import type { Session, WebContents } from 'electron';
import { desktopContentSecurityPolicy } from '../shared/csp.js';
import { isAppRendererUrl, type RendererLocation } from './ipc.js';

const ALLOWED_PERMISSION = 'clipboard-sanitized-write';

type Contents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

/** For every webContents Electron creates (app 'web-contents-created'). */
export function hardenContents(contents: Contents): void {
  // A script that got into the page cannot open a window, nor reach the browser through one.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // Views are in-page; a reload is not a navigation and stays allowed.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export interface SessionLimitsOptions {
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>;
  renderer: RendererLocation;
  /** Our window's webContents id, or null while there is none. */
  windowContentsId(): number | null;
}

export function applySessionLimits(options: SessionLimitsOptions): void {
  const { session, renderer } = options;
  const ours = (contents: Pick<WebContents, 'id' | 'getURL'> | null | undefined): boolean =>
    Boolean(contents && contents.id === options.windowContentsId() && isAppRendererUrl(contents.getURL(), renderer));
  session.setPermissionRequestHandler((contents, permission, callback) => callback(permission === ALLOWED_PERMISSION && ours(contents)));
  session.setPermissionCheckHandler((contents, permission) => permission === ALLOWED_PERMISSION && ours(contents));
  const csp = desktopContentSecurityPolicy(Boolean(renderer.devUrl));
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    if (isOurPage(details.url, renderer)) {
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
      headers['Content-Security-Policy'] = [csp];
    }
    callback({ responseHeaders: headers });
  });
}

/** Our page, or in development anything the dev server serves. */
function isOurPage(url: string, renderer: RendererLocation): boolean {
  if (renderer.devUrl) {
    try {
      return new URL(url).origin === new URL(renderer.devUrl).origin;
    } catch {
      return false;
    }
  }
  return isAppRendererUrl(url, renderer);
}
