/**
 * A whole store on Node's own `http` server, against the sandbox, to try the widget end to end before the real service:
 * a sign-in page for the sandbox's customers, an account page with `<prepaid-upgrade>`, the store's token endpoint, the
 * widget's script served from the installed package, and the sandbox mounted at `/sandbox/` with
 * `prepaid-upgrade/sandbox/node`. Plain JavaScript, so that it runs as it is from an installed package:
 *
 *   node node_modules/prepaid-upgrade/examples/sandbox-store.js [--port 8080]
 *
 * It is written as a careful store would be: sessions that end, sign-in and sign-out that refuse other sites, limits
 * on sign-ins and tokens, a strict policy. On this machine it serves plain HTTP on 127.0.0.1, and its session cookie is
 * `store_session`, without `Secure` (browsers do not all keep a Secure cookie over http://localhost). Anywhere else it
 * needs HTTPS, and then its cookie is `__Host-store_session`, with `Secure`: serve HTTPS itself (`--tls-key key.pem
 * --tls-cert cert.pem`), or behind a proxy that ends TLS, give the address customers use and the header in which the
 * proxy names each client (`--public-origin https://store.example --host 0.0.0.0 --client-address-header
 * x-forwarded-for`). It refuses plain HTTP on any address but loopback.
 *
 * Served to other people over HTTPS, the sandbox under `/sandbox/` answers its API only: its control routes (faults,
 * the request log, reset) would let one visitor change what every other is answered, so they stay on this machine's
 * own store. Nothing the sandbox logs holds a cookie or a token.
 *
 * For the real service, drop the sandbox, sign with your own merchant id and hash key, and remove `api-base` (the widget
 * then talks to the production service; see docs/embedding.md#which-service-it-talks-to).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT } from 'prepaid-upgrade/sandbox';
import { serveNodeRequest } from 'prepaid-upgrade/sandbox/node';
import { signStorefrontToken } from 'prepaid-upgrade/server';

/** The folder of the script bundle and of the files it fetches beside itself (languages, discovery). */
const SCRIPT_FOLDER = dirname(fileURLToPath(import.meta.resolve('prepaid-upgrade/prepaid-upgrade.js')));
/** The files of that folder a page may ask for, under `/prepaid-upgrade/`. */
const SCRIPT_FILE = /^\/prepaid-upgrade\/((?:i18n\/)?[a-z0-9_-]+(?:\.iife)?\.js)$/i;

/**
 * No inline script or style anywhere: the widget runs under a strict policy (docs/security.md). No other site may
 * frame the pages (a framed sign-out button is a click away from being pressed by mistake), and no form posts elsewhere.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // The account page's address is nobody else's business.
  'referrer-policy': 'same-origin',
};

/** A session ends after this long unused, and after this long in any case; the server forgets it then. */
const SESSION_IDLE_MS = 30 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * Sessions and limited clients kept at most, in this process's memory. A store with more than one server keeps its
 * sessions in a store they share (a database, Redis), which ends them at the same times.
 */
const MAX_SESSIONS = 10_000;
const MAX_CLIENTS = 10_000;
/**
 * Sign-ins of one client (its address) allowed in each window, and tokens signed for one session. Each counts what
 * costs the store something, after the checks that cost it nothing: a stranger's requests without a session spend no
 * one else's allowance. This stops a script on one machine, not a crowd of them: production limits at its edge (the
 * CDN, the load balancer, a WAF) as well.
 */
const SIGN_IN_LIMIT = { limit: 10, windowMs: 60_000 };
const TOKEN_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * How long a token lives, in seconds. The service accepts a token for 2 hours after its `ts` and cannot revoke one, so
 * a token issued before sign-out would read the customer's subscriptions for up to 2 hours. Signed with its `ts` set
 * back, it ends after 15 minutes instead, and the widget asks `auth-url` for a new one a minute before that, which a
 * signed-out customer no longer gets. Not under 5 minutes: the widget's minute of margin, and the clocks of this
 * server and the service, which never agree exactly (docs/token-endpoint.md#after-sign-out).
 */
const TOKEN_LIFETIME_SECONDS = 15 * 60;
const TOKEN_WINDOW_SECONDS = 2 * 60 * 60;

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; }
header { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: baseline; justify-content: space-between; }
button { font: inherit; }`;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);

const page = (title, body) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)} · Sandbox store</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/store.css" />
    <script type="module" src="/prepaid-upgrade/prepaid-upgrade.js"></script>
  </head>
  <body>
${body}
  </body>
</html>
`;

function signInPage() {
  const buttons = SANDBOX_CUSTOMERS.map(
    ({ customerId, firstName, lastName }) =>
      `<li><button name="customer" value="${escapeHtml(customerId)}">${escapeHtml(`${firstName} ${lastName}`)}</button></li>`,
  ).join('\n');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Pick one of the sandbox's customers (docs/sandbox.md#customers says what each one shows).</p>
<form method="post" action="/sign-in"><ul>
${buttons}
</ul></form>`,
  );
}

function accountPage(customer) {
  // Without `subscription-id` the widget finds the customer's subscriptions that can be prepaid itself
  // (docs/discovery.md); with one, it shows that subscription.
  return page(
    'Your account',
    `<header><h1>Your subscriptions</h1>
<form method="post" action="/sign-out">${escapeHtml(`${customer.firstName} ${customer.lastName}`)} <button>Sign out</button></form></header>
<prepaid-upgrade auth-url="/account/storefront-token" api-base="/sandbox/" prepaid-discounts="3:5,6:10,12:15"></prepaid-upgrade>`,
  );
}

/** A host name that can only be this machine: `localhost` and its subdomains, 127.0.0.0/8 and ::1. */
function isLoopback(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '::1';
}

/** The origin `text` names, or a TypeError that says why not. */
function publicOriginOf(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`publicOrigin must be an origin such as https://store.example, not "${text}".`);
  }
  if (url.href !== `${url.origin}/`) throw new TypeError(`publicOrigin must be an origin such as https://store.example, not "${text}".`);
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url.origin;
  throw new TypeError(`publicOrigin must be https: (plain http: only on loopback, where nothing crosses a network), not "${text}".`);
}

/**
 * Who a request comes from, for the limits: the last address in `header` (the one the proxy in front added; any
 * before it the client wrote itself), or the connection's address without one.
 */
function clientByHeader(header) {
  const name = header?.toLowerCase();
  return (req) => {
    const named = name === undefined ? undefined : req.headers[name];
    const last = (Array.isArray(named) ? named.join(',') : named)?.split(',').at(-1)?.trim();
    return last || req.socket.remoteAddress || '';
  };
}

/**
 * Sessions in memory, the least recently used first: a Map keeps insertion order, and every use moves a session to
 * the end. So the sessions idle longest are at the front, where they are swept.
 */
function createSessions({ now, max }) {
  /** @type {Map<string, { customerId: string, startedAt: number, usedAt: number }>} */
  const sessions = new Map();
  const ended = (session, at) => at - session.usedAt >= SESSION_IDLE_MS || at - session.startedAt >= SESSION_ABSOLUTE_MS;
  return {
    get size() {
      return sessions.size;
    },
    start(customerId) {
      const at = now();
      for (const [id, session] of sessions) {
        if (sessions.size < max && !ended(session, at)) break;
        // Full: the least recently used goes, expired or not, so that sign-ins never grow the map past its cap.
        sessions.delete(id);
      }
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { customerId, startedAt: at, usedAt: at });
      return id;
    },
    /** The customer of a live session, which this use keeps alive; an expired one ends here. */
    customerOf(id) {
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session) return undefined;
      sessions.delete(id);
      const at = now();
      if (ended(session, at)) return undefined;
      session.usedAt = at;
      sessions.set(id, session);
      return session.customerId;
    },
    end(id) {
      sessions.delete(id);
    },
  };
}

/**
 * A fixed window per client. Windows are as long as each other and start in order, so the oldest, and the first to
 * end, are at the front of the Map.
 */
function createLimiter({ limit, windowMs }, { now, max }) {
  /** @type {Map<string, { count: number, endsAt: number }>} */
  const windows = new Map();
  return {
    get size() {
      return windows.size;
    },
    /** Seconds to wait before trying again, or 0 when the request may go on. */
    wait(client) {
      const at = now();
      let window = windows.get(client);
      if (!window || window.endsAt <= at) {
        windows.delete(client);
        for (const [key, oldest] of windows) {
          if (windows.size < max && oldest.endsAt > at) break;
          windows.delete(key);
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.set(client, window);
      }
      window.count += 1;
      return window.count > limit ? Math.max(1, Math.ceil((window.endsAt - at) / 1000)) : 0;
    },
  };
}

/**
 * The store: `createSandboxStore()` gives a `node:http` server (`node:https` with `tls`), not yet listening.
 *
 * Options:
 * - `publicOrigin`: the address customers reach it at, such as `https://store.example` behind a proxy that ends TLS;
 *   plain `http:` only on loopback. Default: the address it is asked at, which must then be loopback, unless `tls`.
 * - `tls`: `{ key, cert }` (PEM) to serve HTTPS itself.
 * - `now`: the clock in ms, of the sessions, the limits and the tokens (and of the sandbox, which checks them); default
 *   `Date.now`.
 * - `clientAddressHeader`: behind a proxy, the header in which it names each client, such as `x-forwarded-for` (the
 *   last address in it, which the proxy added) or `x-real-ip`. Every connection is the proxy's, so without it every
 *   customer would count as one client. Default none: the connection's address.
 * - `clientOf(req)`: who a request comes from, for the limits, when neither of those will do.
 * - `maxSessions`, `maxClients`: the caps of the session store and of each limiter.
 *
 * `counts()` on the server tells how many sessions and limited clients it holds.
 */
export function createSandboxStore(options = {}) {
  const { tls, now = Date.now } = options;
  const clientOf = options.clientOf ?? clientByHeader(options.clientAddressHeader);
  const publicOrigin = options.publicOrigin === undefined ? undefined : publicOriginOf(options.publicOrigin);
  const secure = tls !== undefined || publicOrigin?.startsWith('https:') === true;
  // A `__Host-` cookie is refused unless Secure, with Path=/ and no Domain: no other subdomain, and no page over
  // plain HTTP, can set one in its place.
  const cookieName = secure ? '__Host-store_session' : 'store_session';
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  // Served to other people (over HTTPS), the sandbox answers its API only. On this machine its control routes answer
  // the store's own pages; behind a proxy on loopback, those arrive at another address than the one they were loaded
  // from, so it is told which.
  const sandbox = createSandbox({
    basePath: '/sandbox',
    now,
    controlRoutes: !secure,
    ...(publicOrigin && { controlOrigins: [publicOrigin] }),
  });
  /**
   * The sandbox's answers carry the store's headers, as its pages do. It is told the client's address only on this
   * machine: served to other people, the connection's address is the proxy's or a stranger's, which earns nothing.
   */
  const answerSandbox = (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const client = secure ? {} : { remoteAddress: req.socket.remoteAddress };
    // The addresses it answers with, such as a listing's next page, are the store's as customers reach it.
    return serveNodeRequest((request) => sandbox.handle(request, client), req, res, { origin: ownOrigin(req) });
  };
  const sessions = createSessions({ now, max: options.maxSessions ?? MAX_SESSIONS });
  const signIns = createLimiter(SIGN_IN_LIMIT, { now, max: options.maxClients ?? MAX_CLIENTS });
  const tokens = createLimiter(TOKEN_LIMIT, { now, max: options.maxClients ?? MAX_CLIENTS });

  /** The id in the request's session cookie, whether or not it is a session of this store. */
  const sessionOf = (req) =>
    (req.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name]) => name === cookieName)?.[1];
  const signedIn = (req) => {
    const customerId = sessions.customerOf(sessionOf(req));
    return SANDBOX_CUSTOMERS.find((customer) => customer.customerId === customerId);
  };

  /**
   * Over plain HTTP the store answers loopback names only: a page of another site whose name is made to point at
   * 127.0.0.1 (DNS rebinding) would otherwise be same-origin with it. Over HTTPS the certificate names the store.
   */
  const hostAllowed = (req) => {
    if (secure) return true;
    try {
      return isLoopback(new URL(`http://${req.headers.host}`).hostname);
    } catch {
      return false;
    }
  };
  const ownOrigin = (req) => publicOrigin ?? `${tls ? 'https' : 'http'}://${req.headers.host}`;
  /**
   * Whether the browser says the request comes from another origin. `Sec-Fetch-Site` and `Origin` are set by the
   * browser and no page can change them; a request with neither proves nothing, which `sameOrigin` refuses and this
   * lets through.
   */
  const fromElsewhere = (req) => {
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    return (site !== undefined && site !== 'same-origin') || (origin !== undefined && origin !== ownOrigin(req));
  };
  const sameOrigin = (req) => !fromElsewhere(req) && (req.headers['sec-fetch-site'] !== undefined || req.headers.origin !== undefined);

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
    res.end(body);
  };
  const text = { 'content-type': 'text/plain; charset=utf-8' };
  const redirect = (res, location, cookie) =>
    send(res, 303, '', { location, 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) });

  async function answer(req, res) {
    if (!hostAllowed(req)) return send(res, 421, 'This store answers over plain HTTP at localhost, 127.0.0.1 and [::1] only.', text);
    const { pathname } = new URL(req.url ?? '/', 'http://store.localhost');
    // The sandbox stands where the service would be; its requests keep their path, as `basePath` expects.
    if (pathname.startsWith('/sandbox/')) return answerSandbox(req, res);
    const script = SCRIPT_FILE.exec(pathname)?.[1];
    if (script && req.method === 'GET') {
      const code = await readFile(join(SCRIPT_FOLDER, script)).catch(() => undefined);
      if (!code) return send(res, 404, 'Not found.', text);
      return send(res, 200, code, { 'content-type': 'text/javascript; charset=utf-8' });
    }
    if (pathname === '/store.css') return send(res, 200, STYLE, { 'content-type': 'text/css; charset=utf-8' });
    if (pathname === '/' && req.method === 'GET') {
      const customer = signedIn(req);
      const html = customer ? accountPage(customer) : signInPage();
      return send(res, 200, html, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    }
    if ((pathname === '/sign-in' || pathname === '/sign-out') && req.method === 'POST') {
      // Another site's form must not sign the visitor in as a customer of its choosing, nor out.
      if (!sameOrigin(req)) return send(res, 403, 'Signing in or out is only possible from this store’s own pages.', text);
    }
    if (pathname === '/sign-in' && req.method === 'POST') {
      const wait = signIns.wait(clientOf(req));
      if (wait > 0) return send(res, 429, 'Too many sign-ins: try again in a moment.', { ...text, 'retry-after': String(wait) });
      let form = '';
      for await (const chunk of req) if ((form += chunk).length > 1000) return send(res, 413, 'Too long.', text);
      const customerId = new URLSearchParams(form).get('customer');
      if (!SANDBOX_CUSTOMERS.some((known) => known.customerId === customerId)) return redirect(res, '/');
      // A new id at every sign-in: an id planted in the browser before it signs nobody in after.
      sessions.end(sessionOf(req));
      const session = sessions.start(customerId);
      return redirect(res, '/', `${cookieName}=${session}; ${cookieAttributes}; Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    }
    if (pathname === '/sign-out' && req.method === 'POST') {
      // The session ends on the server: the old cookie, if kept or copied, signs nobody in.
      sessions.end(sessionOf(req));
      return redirect(res, '/', `${cookieName}=; ${cookieAttributes}; Max-Age=0`);
    }
    if (pathname === '/account/storefront-token' && req.method === 'GET') {
      const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
      if (fromElsewhere(req)) return send(res, 403, JSON.stringify({ detail: 'Tokens are for this store’s own pages.' }), json);
      const customer = signedIn(req);
      if (!customer) return send(res, 401, JSON.stringify({ detail: 'Sign in to manage your subscriptions.' }), json);
      // Counted per session, once it is known to be one: a stranger without one can use up no customer's tokens.
      const wait = tokens.wait(sessionOf(req));
      if (wait > 0) return send(res, 429, JSON.stringify({ detail: 'Too many requests.' }), { ...json, 'retry-after': String(wait) });
      // The hash key signs here, on the server; the browser gets only the token, which lives TOKEN_LIFETIME_SECONDS.
      const token = await signStorefrontToken({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        customerId: customer.customerId,
        hashKey: SANDBOX_MERCHANT.hashKey,
        ts: Math.floor(now() / 1000) - (TOKEN_WINDOW_SECONDS - TOKEN_LIFETIME_SECONDS),
      });
      return send(res, 200, token, json);
    }
    send(res, 404, 'Not found.', text);
  }

  const listener = (req, res) => {
    answer(req, res).catch((error) => {
      console.error('store: could not answer', req.method, req.url, error);
      if (!res.headersSent) send(res, 500, 'Something went wrong.', text);
      else res.destroy();
    });
  };
  const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener) : createServer(listener);
  return Object.assign(server, {
    counts: () => ({ sessions: sessions.size, signInClients: signIns.size, tokenSessions: tokens.size }),
    /** Whether the sandbox's control routes are served: only to a store on this machine. */
    servesSandboxControls: !secure,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'public-origin': { type: 'string' },
      'client-address-header': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-cert': { type: 'string' },
    },
  });
  const refuse = (message) => {
    console.error(`store: ${message}`);
    process.exit(2);
  };
  if ((values['tls-key'] === undefined) !== (values['tls-cert'] === undefined)) refuse('--tls-key and --tls-cert go together.');
  const tls = values['tls-key'] && { key: readFileSync(values['tls-key']), cert: readFileSync(values['tls-cert']) };
  const publicOrigin = values['public-origin'];
  // Over plain HTTP the session cookie and the tokens would cross the network in clear.
  if (!tls && !publicOrigin?.startsWith('https:') && !isLoopback(values.host))
    refuse(
      `refusing to serve plain HTTP on ${values.host}: sessions and tokens would cross the network in clear. ` +
        'Serve HTTPS (--tls-key, --tls-cert), or behind a proxy that ends TLS give --public-origin https://…, or listen on 127.0.0.1.',
    );
  const clientAddressHeader = values['client-address-header'];
  if (clientAddressHeader !== undefined && !/^[a-z0-9-]+$/i.test(clientAddressHeader))
    refuse(`--client-address-header must be a header name such as x-forwarded-for, not "${clientAddressHeader}".`);
  let server;
  try {
    server = createSandboxStore({ tls, publicOrigin, clientAddressHeader });
  } catch (error) {
    refuse(error.message);
  }
  server.listen(Number(values.port), values.host, () => {
    const { address, port } = server.address();
    const listening = `${tls ? 'https' : 'http'}://${address.includes(':') ? `[${address}]` : address}:${port}/`;
    console.log(`Sandbox store at ${publicOrigin ? `${publicOrigin}/ (listening at ${listening})` : listening} (Ctrl-C stops it)`);
    if (server.servesSandboxControls) return;
    console.log(
      'The sandbox at /sandbox/ answers its API only: its control routes (faults, the request log, reset) are not served ' +
        'to other people. Run the store on 127.0.0.1 to use them.',
    );
    if (publicOrigin && !clientAddressHeader)
      console.log(
        'Behind a proxy, every request comes from the proxy: give --client-address-header (such as x-forwarded-for) ' +
          'so that the limits count each client apart.',
      );
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
