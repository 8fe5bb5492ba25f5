/**
 * The demo store's own server: the part of a merchant's back end the widget relies on. It keeps a sign-in session
 * in an httpOnly cookie and, for the signed-in customer, issues the storefront token that `auth-url` fetches, signed
 * with `signStorefrontToken` and the merchant's hash key. The hash key never leaves this module.
 *
 * It is a plain fetch handler `(Request) => Promise<Response>`, so the same code runs behind Vite's dev server, in a
 * Node test, or on an edge runtime. Sessions live in memory: enough for a demo, not for a real store.
 *
 *   POST {base}/sign-in   {"customerId": "..."}  → 200 { customer }, sets the session cookie
 *   POST {base}/sign-out                          → 204, clears it
 *   GET  {base}/session                           → 200 { customer | null }
 *   GET  {base}/token                             → 200 {public_id, ts, sig_field, sig} | 401 { detail }
 *   GET  {base}/customers                         → 200 { customers }: the demo accounts one may sign in as
 */
import { signStorefrontToken } from '../src/server/index.js';

export interface DemoCustomer {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface MerchantServerOptions {
  /** The merchant's public id, as the token's `public_id`. */
  merchantPublicId: string;
  /** The merchant's hash key; stays on the server. */
  hashKey: string;
  /** The accounts of the store; only these can sign in. */
  customers: readonly DemoCustomer[];
  /** Where the handler is mounted; defaults to `/merchant`. */
  basePath?: string;
  /** Name of the session cookie; defaults to `northwind_session`. */
  cookieName?: string;
  /** The clock the tokens are signed at, in ms; defaults to `Date.now` (the sandbox that checks them must agree). */
  now?: () => number;
}

export interface MerchantServer {
  handle(request: Request): Promise<Response>;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

const problem = (status: number, detail: string, headers?: Record<string, string>): Response => json({ detail }, status, headers);

function readCookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** A customer as the browser may see it: no more than the store would show on its account page. */
const publicCustomer = ({ customerId, firstName, lastName, email }: DemoCustomer): DemoCustomer => ({
  customerId,
  firstName,
  lastName,
  email,
});

export function createMerchantServer(options: MerchantServerOptions): MerchantServer {
  const basePath = (options.basePath ?? '/merchant').replace(/\/+$/, '');
  const cookieName = options.cookieName ?? 'northwind_session';
  const customers = new Map(options.customers.map((customer) => [customer.customerId, publicCustomer(customer)]));
  /** Session id → customer id. */
  const sessions = new Map<string, string>();

  const sessionCustomer = (request: Request): DemoCustomer | undefined => {
    const sessionId = readCookie(request, cookieName);
    const customerId = sessionId === undefined ? undefined : sessions.get(sessionId);
    return customerId === undefined ? undefined : customers.get(customerId);
  };

  const cookie = (value: string, maxAge?: number) =>
    `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Lax${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;

  async function signIn(request: Request): Promise<Response> {
    // A JSON body cannot be sent cross-site without a CORS preflight, which this server never grants.
    if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
      return problem(415, 'Send the sign-in as JSON: {"customerId": "..."}.');
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return problem(400, 'The request body is not valid JSON.');
    }
    const customerId = typeof body === 'object' && body !== null ? (body as { customerId?: unknown }).customerId : undefined;
    const customer = typeof customerId === 'string' ? customers.get(customerId) : undefined;
    if (!customer) return problem(400, 'There is no account with that customer id.');
    const previous = readCookie(request, cookieName);
    if (previous !== undefined) sessions.delete(previous);
    const sessionId = crypto.randomUUID();
    sessions.set(sessionId, customer.customerId);
    return json({ customer }, 200, { 'set-cookie': cookie(sessionId) });
  }

  function signOut(request: Request): Response {
    const sessionId = readCookie(request, cookieName);
    if (sessionId !== undefined) sessions.delete(sessionId);
    return new Response(null, { status: 204, headers: { 'set-cookie': cookie('', 0), 'cache-control': 'no-store' } });
  }

  async function token(request: Request): Promise<Response> {
    const customer = sessionCustomer(request);
    if (!customer) return problem(401, 'Sign in to manage your subscriptions.');
    const headerValue = await signStorefrontToken({
      merchantPublicId: options.merchantPublicId,
      customerId: customer.customerId,
      hashKey: options.hashKey,
      ...(options.now && { ts: Math.floor(options.now() / 1000) }),
    });
    // The header value is the token's JSON text: answer with it as it is.
    return new Response(headerValue, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }

  const routes: Record<string, Partial<Record<string, (request: Request) => Response | Promise<Response>>>> = {
    '/sign-in': { POST: signIn },
    '/sign-out': { POST: signOut },
    '/session': { GET: (request) => json({ customer: sessionCustomer(request) ?? null }) },
    '/token': { GET: token },
    '/customers': { GET: () => json({ customers: [...customers.values()] }) },
  };

  return {
    async handle(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(`${basePath}/`)) return problem(404, 'Not found.');
      const route = routes[pathname.slice(basePath.length)];
      if (!route) return problem(404, 'Not found.');
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const action = route[method];
      if (!action) return problem(405, 'Method not allowed.', { allow: Object.keys(route).join(', ') });
      return action(request);
    },
  };
}
