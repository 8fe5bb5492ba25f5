/**
 * A whole store on Node's own `http` server, against the sandbox, to try the widget end to end before the real service:
 * a sign-in page for the sandbox's customers, an account page with `<prepaid-upgrade>`, the store's token endpoint, the
 * widget's script served from the installed package, and the sandbox mounted at `/sandbox/` with
 * `prepaid-upgrade/sandbox/node`. Plain JavaScript, so that it runs as it is from an installed package:
 *
 *   node node_modules/prepaid-upgrade/examples/sandbox-store.js [--port 8080]
 *
 * For the real service, drop the sandbox, sign with your own merchant id and hash key, and remove `api-base` (the widget
 * then talks to the production service; see docs/embedding.md#which-service-it-talks-to).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT } from 'prepaid-upgrade/sandbox';
import { toNodeListener } from 'prepaid-upgrade/sandbox/node';
import { signStorefrontToken } from 'prepaid-upgrade/server';

/** The folder of the script bundle and of the files it fetches beside itself (languages, discovery). */
const SCRIPT_FOLDER = dirname(fileURLToPath(import.meta.resolve('prepaid-upgrade/prepaid-upgrade.js')));
/** The files of that folder a page may ask for, under `/prepaid-upgrade/`. */
const SCRIPT_FILE = /^\/prepaid-upgrade\/((?:i18n\/)?[a-z0-9_-]+(?:\.iife)?\.js)$/i;

/** No inline script or style anywhere: the widget runs under a strict policy (docs/security.md). */
const CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'";

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

/**
 * The store: `createSandboxStore()` gives a `node:http` server, not yet listening. Sessions are kept in memory: a
 * random id in an HttpOnly cookie, as a real store's session library would do it.
 */
export function createSandboxStore() {
  const sandbox = createSandbox({ basePath: '/sandbox' });
  const sandboxListener = toNodeListener(sandbox.handle);
  /** @type {Map<string, string>} session id → customer id */
  const sessions = new Map();

  /** The id in the request's session cookie, whether or not it is a session of this store. */
  const sessionOf = (req) =>
    (req.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name]) => name === 'store_session')?.[1];
  const signedIn = (req) => {
    const customerId = sessions.get(sessionOf(req));
    return SANDBOX_CUSTOMERS.find((customer) => customer.customerId === customerId);
  };

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-security-policy': CONTENT_SECURITY_POLICY, ...headers });
    res.end(body);
  };
  const redirect = (res, location, cookie) => send(res, 303, '', { location, ...(cookie ? { 'set-cookie': cookie } : {}) });

  async function answer(req, res) {
    const { pathname } = new URL(req.url ?? '/', 'http://store.localhost');
    // The sandbox stands where the service would be; its requests keep their path, as `basePath` expects.
    if (pathname.startsWith('/sandbox/')) return sandboxListener(req, res);
    const script = SCRIPT_FILE.exec(pathname)?.[1];
    if (script && req.method === 'GET') {
      const code = await readFile(join(SCRIPT_FOLDER, script)).catch(() => undefined);
      if (!code) return send(res, 404, 'Not found.');
      return send(res, 200, code, { 'content-type': 'text/javascript; charset=utf-8' });
    }
    if (pathname === '/store.css') return send(res, 200, STYLE, { 'content-type': 'text/css; charset=utf-8' });
    if (pathname === '/' && req.method === 'GET') {
      const customer = signedIn(req);
      const html = customer ? accountPage(customer) : signInPage();
      return send(res, 200, html, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    }
    if (pathname === '/sign-in' && req.method === 'POST') {
      let form = '';
      for await (const chunk of req) if ((form += chunk).length > 1000) return send(res, 413, 'Too long.');
      const customerId = new URLSearchParams(form).get('customer');
      if (!SANDBOX_CUSTOMERS.some((known) => known.customerId === customerId)) return redirect(res, '/');
      const session = randomUUID();
      sessions.set(session, customerId);
      return redirect(res, '/', `store_session=${session}; Path=/; HttpOnly; SameSite=Lax`);
    }
    if (pathname === '/sign-out' && req.method === 'POST') {
      // The session ends on the server: the old cookie, if kept or copied, signs nobody in.
      sessions.delete(sessionOf(req));
      return redirect(res, '/', 'store_session=; Path=/; Max-Age=0');
    }
    if (pathname === '/account/storefront-token' && req.method === 'GET') {
      const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
      const customer = signedIn(req);
      if (!customer) return send(res, 401, JSON.stringify({ detail: 'Sign in to manage your subscriptions.' }), json);
      // The hash key signs here, on the server; the browser gets only the token.
      const token = await signStorefrontToken({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        customerId: customer.customerId,
        hashKey: SANDBOX_MERCHANT.hashKey,
      });
      return send(res, 200, token, json);
    }
    send(res, 404, 'Not found.');
  }

  return createServer((req, res) => {
    answer(req, res).catch((error) => {
      console.error('store: could not answer', req.method, req.url, error);
      if (!res.headersSent) send(res, 500, 'Something went wrong.');
      else res.destroy();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT ?? '8080' } } });
  const server = createSandboxStore();
  server.listen(Number(values.port), '127.0.0.1', () => {
    console.log(`Sandbox store at http://127.0.0.1:${server.address().port}/ (Ctrl-C stops it)`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
