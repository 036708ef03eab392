/** Removes API keys from anything that may be logged or shown. */
const KEY_PARAM = /([?&](?:api_key|value)=)[^&#\s"']*/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1<redacted>');
}

/** Redacts the query parameters and, when given, every literal occurrence of the key. */
export function redact(text: string, apiKey?: string | null): string {
  let out = redactUrl(text);
  if (apiKey) out = out.split(apiKey).join('<redacted>');
  return out;
}

/** For logs of unknown origin: also hides anything shaped like a uuid key. */
export function redactAggressively(text: string): string {
  return redactUrl(text).replace(UUID, (m) => `${m.slice(0, 4)}…`);
}

/** `text` with the user:password@ part of any postgres:// address replaced (a team address's password). */
export function redactDatabaseAddress(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1<redacted>@');
}
