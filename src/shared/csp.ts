/**
 * The window's Content-Security-Policy. The renderer's <meta> tag (src/renderer/index.html) and
 * the web harness send CONTENT_SECURITY_POLICY; Electron main adds the stricter desktop policy as
 * a header (both apply, so the stricter one wins): no sockets, no plugins, no <base>, no forms,
 * no framing. The renderer makes no network requests of its own; everything goes through main.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:";

/** For the desktop window; `dev` allows the electron-vite dev server's hot-reload socket. */
export function desktopContentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    dev ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
