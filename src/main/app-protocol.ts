/**
 * The window's page and assets come from `app://quayside/`, a privileged custom scheme served
 * from the built window's folder, never from `file://` (Electron's checklist, item 18): a page on
 * `file://` could read any other file, and with the file protocol's extra privileges off (the
 * fuse, electron-builder.yml) it could not even load its own module workers. The scheme is
 * standard (an origin of its own, relative URLs, storage), secure and fetch-capable, and not
 * CORS-enabled, so no other origin can read it. Only GET and HEAD, only files inside the folder
 * (no `..`, no encoded separators, no symbolic link out of it), each with its content type and
 * nosniff, the page with the desktop CSP.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Protocol } from 'electron';
import { contentTypeOf } from '../shared/content-types.js';
import { desktopContentSecurityPolicy } from '../shared/csp.js';

const APP_SCHEME = 'app';
const APP_HOST = 'quayside';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Before the app is ready (Electron allows it once, then). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** `app://quayside/index.html` (any query or hash), and `/` for it. */
export function isAppPageUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && (parsed.pathname === '/index.html' || parsed.pathname === '/');
}

const answer = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });

/** The file a request names inside `root`, or null for anything outside it or unservable. */
async function fileFor(root: string, url: URL): Promise<string | null> {
  if (url.host !== APP_HOST || url.username || url.password || url.port) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  // The URL parser already folded `..` and `%2e%2e`; what is left encoded (`%2f`, `%5c`, NUL) is refused.
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  const relative = path === '/' ? 'index.html' : path.replace(/^\/+/, '');
  const candidate = resolve(root, relative);
  if (!candidate.startsWith(root + sep)) return null;
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

/** The handler for `protocol.handle(APP_SCHEME, …)`: `page` is the built index.html; its folder is served. */
export function createAppHandler(page: string): (request: Request) => Promise<Response> {
  const folder = resolve(dirname(page));
  const csp = desktopContentSecurityPolicy(false);
  let root: Promise<string> | null = null;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Only GET and HEAD.');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return answer(400, 'Not an address.');
    }
    root ??= realpath(folder).catch(() => folder);
    const file = await fileFor(await root, url);
    if (!file) return answer(404, 'Not found.');
    const type = contentTypeOf(file);
    const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    if (type.startsWith('text/html')) Object.assign(headers, { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' });
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(await readFile(file), { status: 200, headers });
  };
}

export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, page: string): void {
  protocol.handle(APP_SCHEME, createAppHandler(page));
}
