/**
 * The built renderer (out/renderer) as static files: GET and HEAD only, index.html for `/`,
 * nothing outside the folder (no traversal, no symlinks out of it), and the window's CSP on
 * every HTML answer.
 */
import { createReadStream, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { contentTypeOf } from '../shared/content-types.js';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';

/** Exactly the renderer's meta CSP (src/renderer/index.html), also sent as a header; one definition in src/shared. */
export { CONTENT_SECURITY_POLICY };

const RENDERER_BUILD_COMMAND = 'npx vite build --config src/renderer/vite.config.ts';

export { contentTypeOf };

/** Headers every answer of the harness carries. */
export function baseHeaders(): Record<string, string> {
  return { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' };
}

function htmlHeaders(): Record<string, string> {
  return { ...baseHeaders(), 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-store' };
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(`${text}\n`);
}

/**
 * Maps a URL path to a file inside `root`, or null when it names nothing servable: encoded
 * separators or NUL, dot segments that climb out, or (after symlinks) a place outside `root`.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const candidate = resolve(join(base, relative));
  if (candidate !== base && !candidate.startsWith(base + sep)) return null;
  return candidate;
}

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    plain(res, 405, 'Only GET and HEAD are served here; the interface is POST /api/<method>.', { Allow: 'GET, HEAD' });
    return;
  }
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    plain(
      res,
      503,
      `The window has not been built: ${resolve(root)} is missing. Run \`${RENDERER_BUILD_COMMAND}\` (or restart the harness, which builds it when missing), then reload.`,
    );
    return;
  }
  const file = resolveStaticPath(realRoot, pathname);
  if (!file) return plain(res, 404, 'Not found.');
  let real: string;
  let size: number;
  try {
    real = realpathSync(file);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return plain(res, 404, 'Not found.');
    const stat = statSync(real);
    if (!stat.isFile()) return plain(res, 404, 'Not found.');
    size = stat.size;
  } catch {
    return plain(res, 404, 'Not found.');
  }
  const type = contentTypeOf(real);
  const headers = type.startsWith('text/html') ? htmlHeaders() : { ...baseHeaders(), 'Cache-Control': 'no-cache' };
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(real);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
