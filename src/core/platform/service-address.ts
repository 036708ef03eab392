/**
 * The one check every tracking service address goes through, wherever it comes from (the window's
 * settings, --api-base, QUAYSIDE_API_BASE, the address stored with a cache, which a restored
 * backup can change): the API key travels in the query string (the service's interface section 5), so it is sent
 * over https only, or over http to this machine (a local simulator).
 */
import { isLoopbackHost } from '../../shared/contract/base.js';

export type AddressCheck = { ok: true; base: string } | { ok: false; problem: string };

export function checkServiceAddress(url: string): AddressCheck {
  const given = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    return { ok: false, problem: `"${given.slice(0, 200)}" is not a web address; give one such as https://api.example.com.` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, problem: 'The tracking service address must start with https:// (or http:// for a simulator on this computer).' };
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return {
      ok: false,
      problem: `Quayside does not send the API key to ${parsed.host} over http://, where anyone on the network could read it; use https://${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname} (http:// is only for a simulator on this computer: localhost, 127.0.0.1 or ::1).`,
    };
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    return { ok: false, problem: 'Give the tracking service address without a user name, password or query; the API key is entered separately.' };
  }
  return { ok: true, base: parsed.href.replace(/\/+$/, '') };
}
