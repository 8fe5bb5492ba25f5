/**
 * A merchant's token endpoint on Node: `GET /account/storefront-token` answers the signed-in customer's storefront
 * token, for `<prepaid-upgrade auth-url="/account/storefront-token">` on the store's own pages.
 *
 * `storefrontTokenHandler` is a plain `(req, res)` handler, so it mounts as it is in Express
 * (`app.get('/account/storefront-token', storefrontTokenHandler(options))`) or in any framework built on
 * `node:http`. Run alone:
 *
 *   MERCHANT_PUBLIC_ID=… MERCHANT_HASH_KEY=… SESSION_SECRET=… node --import tsx examples/node-token-endpoint.ts
 *
 * The hash key stays in this process: the browser only ever gets the token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { signStorefrontToken } from 'prepaid-upgrade/server';

export const TOKEN_PATH = '/account/storefront-token';
const SESSION_COOKIE = 'store_session';

export interface TokenEndpointOptions {
  /** The merchant's public id. */
  merchantPublicId: string;
  /** The merchant's hash key: from the environment or a secret store, never from the browser. */
  hashKey: string;
  /**
   * Who is signed in, or `undefined`. This is where the store's real session check goes (its framework's session,
   * its auth library); `signedInCustomer` below is a stand-in for it.
   */
  customerIdOf: (req: IncomingMessage) => string | undefined | Promise<string | undefined>;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  // `no-store`: a token is for this customer, now; no shared cache or back button may keep it.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

/** `GET` → 200 with the token's JSON text; 401 with a JSON `detail` when nobody is signed in; 405 otherwise. */
export function storefrontTokenHandler(options: TokenEndpointOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET') return send(res, 405, JSON.stringify({ detail: 'Use GET.' }), { allow: 'GET' });
    const customerId = await options.customerIdOf(req);
    if (!customerId) return send(res, 401, JSON.stringify({ detail: 'Sign in to manage your subscriptions.' }));
    const token = await signStorefrontToken({ merchantPublicId: options.merchantPublicId, customerId, hashKey: options.hashKey });
    // The token is already JSON text: `{"public_id":…,"ts":…,"sig_field":…,"sig":…}`.
    send(res, 200, token);
  };
}

// A stand-in for the store's session, to keep the example whole: a cookie `store_session=<customer id>.<signature>`
// that the store's sign-in would set (HttpOnly, Secure, SameSite=Lax). A real store uses its own session instead.

const sessionSignature = (customerId: string, secret: string) => createHmac('sha256', secret).update(customerId).digest('base64url');

/** The value of the stand-in session cookie for `customerId`. */
export function sessionCookieValue(customerId: string, secret: string): string {
  return `${encodeURIComponent(customerId)}.${sessionSignature(customerId, secret)}`;
}

/** The customer of a valid stand-in session cookie, or `undefined`. */
export function signedInCustomer(req: IncomingMessage, secret: string): string | undefined {
  const cookie = (req.headers.cookie ?? '').split(';').map((pair) => pair.trim().split('='));
  const value = cookie.find(([name]) => name === SESSION_COOKIE)?.[1];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return undefined;
  let customerId: string;
  try {
    customerId = decodeURIComponent(value.slice(0, dot));
  } catch {
    return undefined;
  }
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sessionSignature(customerId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : undefined;
}

/** A server with the token endpoint at `TOKEN_PATH` and nothing else. */
export function createTokenServer(options: TokenEndpointOptions): Server {
  const handle = storefrontTokenHandler(options);
  return createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== TOKEN_PATH)
      return send(res, 404, JSON.stringify({ detail: 'Not found.' }));
    handle(req, res).catch((error: unknown) => {
      console.error('token endpoint:', error);
      if (!res.headersSent) send(res, 500, JSON.stringify({ detail: 'Could not issue a token.' }));
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { MERCHANT_PUBLIC_ID, MERCHANT_HASH_KEY, SESSION_SECRET, PORT = '3000' } = process.env;
  if (!MERCHANT_PUBLIC_ID || !MERCHANT_HASH_KEY || !SESSION_SECRET) {
    console.error('Set MERCHANT_PUBLIC_ID, MERCHANT_HASH_KEY and SESSION_SECRET.');
    process.exit(2);
  }
  createTokenServer({
    merchantPublicId: MERCHANT_PUBLIC_ID,
    hashKey: MERCHANT_HASH_KEY,
    customerIdOf: (req) => signedInCustomer(req, SESSION_SECRET),
  }).listen(Number(PORT), '127.0.0.1', () => console.log(`Token endpoint at http://127.0.0.1:${PORT}${TOKEN_PATH}`));
}
