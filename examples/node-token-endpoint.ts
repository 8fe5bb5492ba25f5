/**
 * A merchant's token endpoint on Node: `GET /account/storefront-token` answers the signed-in customer's storefront
 * token, for `<prepaid-upgrade auth-url="/account/storefront-token">` on the store's own pages.
 *
 * `storefrontTokenHandler` is a plain `(req, res)` handler that answers every error itself, so it mounts as it is in
 * Express 4 and 5 (`app.get('/account/storefront-token', storefrontTokenHandler(options))`) or in any framework built
 * on `node:http`. Run alone:
 *
 *   MERCHANT_PUBLIC_ID=… MERCHANT_HASH_KEY=… SESSION_SECRET=… [PORT=3000] node --import tsx examples/node-token-endpoint.ts
 *
 * The hash key stays in this process: the browser only ever gets the token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * `GET` → 200 with the token's JSON text; 401 with a JSON `detail` when nobody is signed in; 405 otherwise; a JSON 500
 * when no token can be signed. Its promise never rejects: Express 4 and `node:http` leave a rejected promise uncaught,
 * and Node ends the process on one.
 */
export function storefrontTokenHandler(options: TokenEndpointOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      if (req.method !== 'GET') return send(res, 405, JSON.stringify({ detail: 'Use GET.' }), { allow: 'GET' });
      const customerId = await options.customerIdOf(req);
      if (!customerId) return send(res, 401, JSON.stringify({ detail: 'Sign in to manage your subscriptions.' }));
      const token = await signStorefrontToken({ merchantPublicId: options.merchantPublicId, customerId, hashKey: options.hashKey });
      // The token is already JSON text: `{"public_id":…,"ts":…,"sig_field":…,"sig":…}`.
      send(res, 200, token);
    } catch (error) {
      // A customer id the service cannot take, such as one with a "|", or a missing hash key is the store's doing, not
      // the visitor's. The line names the error and what is wrong, never a value or a stack.
      console.error(`token endpoint: could not issue a token: ${String(error)}`);
      if (res.headersSent) res.destroy();
      else send(res, 500, JSON.stringify({ detail: 'Could not issue a token.' }));
    }
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

const BAD_REQUEST_BODY = JSON.stringify({ detail: 'Bad request.' });
/** Node's own refusal of a request it cannot read, such as headers over its 16 KiB limit, as the endpoint's JSON. */
const BAD_REQUEST =
  'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n' +
  `Content-Length: ${BAD_REQUEST_BODY.length}\r\nConnection: close\r\n\r\n${BAD_REQUEST_BODY}`;

/** A server with the token endpoint at `TOKEN_PATH` and nothing else. */
export function createTokenServer(options: TokenEndpointOptions): Server {
  const handle = storefrontTokenHandler(options);
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== TOKEN_PATH)
      return send(res, 404, JSON.stringify({ detail: 'Not found.' }));
    void handle(req, res);
  });
  // Headers too large to read are a bad request, as most servers answer an oversized cookie; Node's own answer would
  // be a 431 without a body.
  server.on('clientError', (_error, socket) => (socket.writable ? socket.end(BAD_REQUEST) : socket.destroy()));
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { MERCHANT_PUBLIC_ID, MERCHANT_HASH_KEY, SESSION_SECRET, PORT = '3000' } = process.env;
  if (!MERCHANT_PUBLIC_ID || !MERCHANT_HASH_KEY || !SESSION_SECRET) {
    const missing = Object.entries({ MERCHANT_PUBLIC_ID, MERCHANT_HASH_KEY, SESSION_SECRET }).filter(([, value]) => !value);
    console.error(`Set ${missing.map(([name]) => name).join(', ')}.`);
    process.exit(2);
  }
  const server = createTokenServer({
    merchantPublicId: MERCHANT_PUBLIC_ID,
    hashKey: MERCHANT_HASH_KEY,
    customerIdOf: (req) => signedInCustomer(req, SESSION_SECRET),
  });
  server.listen(Number(PORT), '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Token endpoint at http://127.0.0.1:${port}${TOKEN_PATH}`);
  });
}
