/**
 * A merchant's token endpoint for an edge runtime (or any runtime whose servers take a `fetch` handler: Deno, Bun,
 * workers): `GET /account/storefront-token` answers the signed-in customer's storefront token, for
 * `<prepaid-upgrade auth-url="/account/storefront-token">` on the store's own pages.
 *
 * Only web APIs are used (WebCrypto, `Request`, `Response`). The runtime passes its configured secrets as `env`:
 * `MERCHANT_PUBLIC_ID`, `MERCHANT_HASH_KEY` and, for the stand-in session below, `SESSION_SECRET`.
 */
import { signStorefrontToken } from 'prepaid-upgrade/server';

export interface Env {
  MERCHANT_PUBLIC_ID: string;
  /** The merchant's hash key, a secret of the deployment: it never reaches the browser. */
  MERCHANT_HASH_KEY: string;
  SESSION_SECRET: string;
}

export const TOKEN_PATH = '/account/storefront-token';
const SESSION_COOKIE = 'store_session';

const json = (status: number, body: string, headers: Record<string, string> = {}) =>
  // `no-store`: a token is for this customer, now; no shared cache or back button may keep it.
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });

// A stand-in for the store's session, to keep the example whole: a cookie `store_session=<customer id>.<signature>`
// that the store's sign-in would set (HttpOnly, Secure, SameSite=Lax). A real store uses its own session instead.

const encoder = new TextEncoder();
const sessionKey = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length that leaves one character over is no base64, which atob refuses by throwing.
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The value of the stand-in session cookie for `customerId`. */
export async function sessionCookieValue(customerId: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await sessionKey(secret, 'sign'), encoder.encode(customerId));
  return `${encodeURIComponent(customerId)}.${toBase64Url(signature)}`;
}

/**
 * Who is signed in, or `undefined`. This is where the store's real session check goes; this one checks the
 * stand-in cookie, in constant time (WebCrypto's `verify`).
 */
export async function signedInCustomer(request: Request, secret: string): Promise<string | undefined> {
  const pairs = (request.headers.get('cookie') ?? '').split(';').map((pair) => pair.trim().split('='));
  const value = pairs.find(([name]) => name === SESSION_COOKIE)?.[1];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return undefined;
  let customerId: string;
  try {
    customerId = decodeURIComponent(value.slice(0, dot));
  } catch {
    return undefined;
  }
  const signature = fromBase64Url(value.slice(dot + 1));
  if (!signature) return undefined;
  const valid = await crypto.subtle.verify('HMAC', await sessionKey(secret, 'verify'), signature, encoder.encode(customerId));
  return valid ? customerId : undefined;
}

const SETTINGS = ['MERCHANT_PUBLIC_ID', 'MERCHANT_HASH_KEY', 'SESSION_SECRET'] as const;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname !== TOKEN_PATH) return json(404, JSON.stringify({ detail: 'Not found.' }));
    if (request.method !== 'GET') return json(405, JSON.stringify({ detail: 'Use GET.' }), { allow: 'GET' });
    // A secret the deployment lacks would otherwise be read as the text "undefined": a session key anyone can sign with.
    const missing = SETTINGS.filter((name) => typeof env[name] !== 'string' || env[name] === '');
    if (missing.length > 0) {
      console.error(`token endpoint: set ${missing.join(', ')}.`);
      return json(500, JSON.stringify({ detail: 'Could not issue a token.' }));
    }
    try {
      const customerId = await signedInCustomer(request, env.SESSION_SECRET);
      if (!customerId) return json(401, JSON.stringify({ detail: 'Sign in to manage your subscriptions.' }));
      const token = await signStorefrontToken({ merchantPublicId: env.MERCHANT_PUBLIC_ID, customerId, hashKey: env.MERCHANT_HASH_KEY });
      // The token is already JSON text: `{"public_id":…,"ts":…,"sig_field":…,"sig":…}`.
      return json(200, token);
    } catch (error) {
      // A customer id the service cannot take, such as one with a "|", is the store's data, not the visitor's doing.
      // The line names the error and what is wrong, never a value or a stack.
      console.error(`token endpoint: could not issue a token: ${String(error)}`);
      return json(500, JSON.stringify({ detail: 'Could not issue a token.' }));
    }
  },
};
