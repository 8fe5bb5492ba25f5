/**
 * What the sandbox keeps of a request holds no credential. The request log is read by pages and programs that the
 * customers whose requests it holds never chose to trust, so a token, a session cookie or an API key in it would hand
 * their sessions to whoever reads it next. Each one is replaced by a fingerprint: enough for a test to tell which token
 * a widget sent, and useless to anyone who would send it again.
 */

/** Headers that carry credentials: the service's two, the page's cookies, and a proxy's. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
/** Other headers, query parameters and JSON fields whose names say they carry one. */
const CREDENTIAL_NAME = /token|secret|password|passwd|api[-_]?key|hash[-_]?key|^sig(nature)?$|^og_auth$|^auth$|session/i;

const isCredential = (name: string) => CREDENTIAL_HEADERS.has(name.toLowerCase()) || CREDENTIAL_NAME.test(name);

/**
 * How the request log shows a credential: `[redacted sha256:…]`, with the first 16 hex digits of the SHA-256 of its
 * text. A test compares it with `await redactCredential(token)` to check which token was sent.
 */
export async function redactCredential(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  const hex = Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `[redacted sha256:${hex}]`;
}

/** The request's headers, with names in lower case, and each credential redacted. */
export async function redactedHeaders(headers: Headers): Promise<Record<string, string>> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) kept[name] = isCredential(name) ? await redactCredential(value) : value;
  return kept;
}

/** A query string with its `?`, each parameter whose name says it carries a credential redacted. */
export async function redactedSearch(search: string): Promise<string> {
  const parameters = new URLSearchParams(search);
  let redacted = false;
  for (const [name, value] of [...parameters]) {
    if (!isCredential(name)) continue;
    parameters.set(name, await redactCredential(value));
    redacted = true;
  }
  return redacted ? `?${parameters}` : search;
}

/** A parsed JSON body, each field whose name says it carries a credential redacted, at any depth. */
export async function redactedJson(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(redactedJson));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    kept[name] = isCredential(name)
      ? await redactCredential(typeof field === 'string' ? field : JSON.stringify(field))
      : await redactedJson(field);
  }
  return kept;
}
