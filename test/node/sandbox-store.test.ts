// The example store as a careful store writes it, since merchants copy it: its session cookie, sign-in and sign-out
// that refuse other sites, sessions that end, bounded memory, limits, the policy, and the sandbox's control routes
// closed to other origins. Every request goes to a loopback address; a few come from other loopback addresses
// (127.0.0.0/8) to stand for other clients.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { redactCredential, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from 'prepaid-upgrade/sandbox';
import { signStorefrontToken } from 'prepaid-upgrade/server';

const storePath = fileURLToPath(new URL('../../examples/sandbox-store.js', import.meta.url));

interface StoreOptions {
  publicOrigin?: string;
  clientAddressHeader?: string;
  tls?: { key: Buffer; cert: Buffer };
  now?: () => number;
  maxSessions?: number;
  maxClients?: number;
}
type Store = Server & {
  counts(): { sessions: number; signInClients: number; tokenSessions: number };
  servesSandboxControls: boolean;
};
// A plain JavaScript file, which TypeScript does not type: its one export is described here.
const { createSandboxStore } = (await import(storePath)) as { createSandboxStore(options?: StoreOptions): Store };

const { eligible } = SANDBOX_SUBSCRIPTIONS;
const MINUTE = 60_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Call {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address the request comes from, for a client other than 127.0.0.1. */
  from?: string;
}

/** A clock the test moves. */
function testClock() {
  let at = Date.UTC(2026, 0, 15, 9);
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

/** A running store and the requests a browser of its own pages would send. */
async function startStore(options: StoreOptions = {}) {
  const server = createSandboxStore(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const secure = options.tls !== undefined;
  const origin = options.publicOrigin ?? `${secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  const call = ({ method = 'GET', path = '/', headers = {}, body, from }: Call): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const send = secure ? httpsRequest : httpRequest;
      const outgoing = send(
        { host: '127.0.0.1', port, method, path, headers, localAddress: from, agent: false, rejectUnauthorized: false },
        (incoming) => {
          let text = '';
          incoming.on('data', (chunk) => (text += String(chunk)));
          incoming.on('end', () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  /** Headers a browser sends from the store's own page. */
  const own = { 'sec-fetch-site': 'same-origin', origin };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const signIn = (customer: string = eligible.customerId, headers: Record<string, string> = own, from?: string) =>
    call({ method: 'POST', path: '/sign-in', headers: { ...form, ...headers }, body: `customer=${customer}`, from });
  const signOut = (cookie: string, headers: Record<string, string> = own) =>
    call({ method: 'POST', path: '/sign-out', headers: { ...headers, cookie } });
  const tokenStatus = async (cookie: string, from?: string) =>
    (await call({ path: '/account/storefront-token', headers: { cookie, 'sec-fetch-site': 'same-origin' }, from })).status;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, port, origin, call, own, signIn, signOut, tokenStatus, close };
}

/** The `name=value` of a Set-Cookie, to send back as a Cookie. */
const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']?.[0]).split(';')[0]!;
const attributesOf = (answer: Answer) =>
  String(answer.headers['set-cookie']?.[0])
    .split(';')
    .slice(1)
    .map((attribute) => attribute.trim().toLowerCase());

describe('examples/sandbox-store.js: the session cookie', () => {
  it('on loopback HTTP: a plain name, HttpOnly, SameSite=Lax, Path=/, no Secure and no Domain', async (t) => {
    const store = await startStore();
    t.after(store.close);
    const signedIn = await store.signIn();
    assert.equal(signedIn.status, 303);
    assert.match(cookieOf(signedIn), /^store_session=[\w-]{40,}$/);
    const attributes = attributesOf(signedIn);
    for (const attribute of ['httponly', 'samesite=lax', 'path=/']) assert.ok(attributes.includes(attribute), attribute);
    assert.ok(!attributes.includes('secure') && !attributes.some((a) => a.startsWith('domain')), attributes.join('; '));
    assert.equal(await store.tokenStatus(cookieOf(signedIn)), 200);
  });

  const assertHostCookie = async (store: Awaited<ReturnType<typeof startStore>>) => {
    const signedIn = await store.signIn();
    assert.equal(signedIn.status, 303);
    const cookie = cookieOf(signedIn);
    assert.match(cookie, /^__Host-store_session=[\w-]{40,}$/);
    const attributes = attributesOf(signedIn);
    for (const attribute of ['secure', 'httponly', 'samesite=lax', 'path=/']) assert.ok(attributes.includes(attribute), attribute);
    assert.ok(!attributes.some((a) => a.startsWith('domain')), attributes.join('; '));
    assert.equal(await store.tokenStatus(cookie), 200);
    // A cookie of the plain name, which a page over plain HTTP or another subdomain could set, signs nobody in.
    assert.equal(await store.tokenStatus(cookie.replace('__Host-', '')), 401);
    const signedOut = await store.signOut(cookie);
    assert.match(cookieOf(signedOut), /^__Host-store_session=$/);
    assert.ok(attributesOf(signedOut).includes('secure') && attributesOf(signedOut).includes('max-age=0'));
    assert.equal(await store.tokenStatus(cookie), 401);
  };

  it('behind a proxy that ends TLS (an https publicOrigin): __Host-, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async (t) => {
    const store = await startStore({ publicOrigin: 'https://store.example' });
    t.after(store.close);
    await assertHostCookie(store);
  });

  let openssl = true;
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    openssl = false;
  }

  it('served over HTTPS itself: the same', { skip: !openssl && 'openssl makes the certificate, and is not installed' }, async (t) => {
    const folder = mkdtempSync(join(tmpdir(), 'store-tls-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    const store = await startStore({ tls: { key: readFileSync(key), cert: readFileSync(cert) } });
    t.after(store.close);
    await assertHostCookie(store);
  });

  it('refuses a publicOrigin of plain HTTP off loopback, or that is not an origin', () => {
    assert.throws(() => createSandboxStore({ publicOrigin: 'http://store.example' }), /publicOrigin must be https:/);
    assert.throws(() => createSandboxStore({ publicOrigin: 'https://store.example/shop' }), /must be an origin/);
    assert.doesNotThrow(() => createSandboxStore({ publicOrigin: 'http://localhost:8080' }));
  });
});

describe('examples/sandbox-store.js: sign-in and sign-out from other sites', () => {
  let store: Awaited<ReturnType<typeof startStore>>;
  before(async () => {
    store = await startStore();
  });
  after(() => store.close());

  const foreign: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:1234' }],
    ['an Origin of another site, without Sec-Fetch-Site', { origin: 'https://attacker.example' }],
    ['the Origin of a sandboxed frame', { origin: 'null' }],
    ['neither header', {}],
  ];

  for (const [name, headers] of foreign) {
    it(`refuses ${name} with 403 and a plain message, signing nobody in or out`, async () => {
      const refused = await store.signIn(eligible.customerId, headers);
      assert.equal(refused.status, 403);
      assert.match(String(refused.headers['content-type']), /^text\/plain/);
      assert.match(refused.body, /only possible from this store’s own pages/);
      assert.equal(refused.headers['set-cookie'], undefined);

      const cookie = cookieOf(await store.signIn());
      const signOut = await store.signOut(cookie, headers);
      assert.equal(signOut.status, 403);
      assert.equal(await store.tokenStatus(cookie), 200, 'the session goes on');
    });
  }

  it('accepts its own pages, by Sec-Fetch-Site or, without it, by Origin', async () => {
    const bySite = await store.signIn(eligible.customerId, { 'sec-fetch-site': 'same-origin' });
    assert.equal(bySite.status, 303);
    const byOrigin = await store.signIn(eligible.customerId, { origin: store.origin });
    assert.equal(byOrigin.status, 303);
    const cookie = cookieOf(byOrigin);
    assert.equal(await store.tokenStatus(cookie), 200);
    assert.equal((await store.signOut(cookie, { origin: store.origin })).status, 303);
    assert.equal(await store.tokenStatus(cookie), 401);
  });

  it('gives no token to a request another site makes', async () => {
    const cookie = cookieOf(await store.signIn());
    const answer = await store.call({ path: '/account/storefront-token', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    assert.equal(answer.status, 403);
    assert.equal(typeof JSON.parse(answer.body).detail, 'string');
  });

  it('answers plain HTTP only at loopback names, against DNS rebinding', async () => {
    for (const host of ['attacker.example', `attacker.example:${store.port}`, '192.168.1.20'])
      assert.equal((await store.call({ headers: { host } })).status, 421, host);
    assert.equal((await store.call({ path: '/sandbox/__sandbox/requests', headers: { host: 'attacker.example' } })).status, 421);
    for (const host of [`localhost:${store.port}`, `127.0.0.1:${store.port}`, `[::1]:${store.port}`])
      assert.equal((await store.call({ headers: { host } })).status, 200, host);
  });
});

describe('examples/sandbox-store.js: sessions end', () => {
  it('after 30 minutes unused, on the server: the token endpoint then answers 401', async (t) => {
    const clock = testClock();
    const store = await startStore({ now: clock.now });
    t.after(store.close);
    const cookie = cookieOf(await store.signIn());
    clock.advance(29 * MINUTE);
    assert.equal(await store.tokenStatus(cookie), 200, 'used within 30 minutes');
    clock.advance(29 * MINUTE);
    assert.equal(await store.tokenStatus(cookie), 200, 'each use keeps it for 30 more');
    clock.advance(30 * MINUTE);
    assert.equal(await store.tokenStatus(cookie), 401);
    assert.equal(store.server.counts().sessions, 0, 'the server forgot it');
    assert.match((await store.call({ headers: { cookie } })).body, /<h1>Sign in<\/h1>/);
  });

  it('after 12 hours in any case, however often used', async (t) => {
    const clock = testClock();
    const store = await startStore({ now: clock.now });
    t.after(store.close);
    const cookie = cookieOf(await store.signIn());
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      clock.advance(20 * MINUTE);
      assert.equal(await store.tokenStatus(cookie), 200, `after ${elapsed + 20} minutes`);
    }
    clock.advance(20 * MINUTE);
    assert.equal(await store.tokenStatus(cookie), 401);
  });

  it('signs tokens that end 15 minutes after they are issued, so a token kept past sign-out soon stops reading', async (t) => {
    const clock = testClock();
    const store = await startStore({ now: clock.now });
    t.after(store.close);
    const cookie = cookieOf(await store.signIn());
    const answer = await store.call({ path: '/account/storefront-token', headers: { cookie } });
    const token = answer.body;
    assert.equal(JSON.parse(token).ts, Math.floor(clock.now() / 1000) - (2 * 60 * 60 - 15 * 60));
    const read = async () =>
      (await store.call({ path: `/sandbox/subscriptions/${eligible.id}/`, headers: { authorization: token } })).status;
    assert.equal(await read(), 200);
    await store.signOut(cookie);
    clock.advance(14 * MINUTE);
    assert.equal(await read(), 200, 'the service has no revocation: until its end, it reads');
    clock.advance(2 * MINUTE);
    assert.equal(await read(), 401);
  });
});

describe('examples/sandbox-store.js: bounded memory and limits', () => {
  it('keeps at most its cap of sessions, and of limited clients, through 2,000 sign-ins from 200 clients', async (t) => {
    const store = await startStore({ maxSessions: 50, maxClients: 100 });
    t.after(store.close);
    const clients = Array.from({ length: 200 }, (_, i) => `127.0.0.${i + 2}`);
    const deadline = Date.now() + 60_000;
    let signIns = 0;
    let first = '';
    let last = '';
    let largest = { sessions: 0, signInClients: 0 };
    for (let round = 0; round < 10 && Date.now() < deadline; round++) {
      for (let batch = 0; batch < clients.length; batch += 20) {
        const answers = await Promise.all(
          clients.slice(batch, batch + 20).map((from) => store.signIn(eligible.customerId, store.own, from)),
        );
        for (const answer of answers) assert.equal(answer.status, 303);
        signIns += answers.length;
        first ||= cookieOf(answers[0]!);
        last = cookieOf(answers.at(-1)!);
        const counts = store.server.counts();
        largest = {
          sessions: Math.max(largest.sessions, counts.sessions),
          signInClients: Math.max(largest.signInClients, counts.signInClients),
        };
      }
    }
    assert.equal(signIns, 2000, 'every sign-in was made within the minute');
    assert.deepEqual(largest, { sessions: 50, signInClients: 100 });
    assert.equal(await store.tokenStatus(first), 401, 'the least recently used went first');
    assert.equal(await store.tokenStatus(last), 200);
  });

  it('answers 429 with Retry-After to an 11th sign-in in a minute from one client, and not to another client', async (t) => {
    const clock = testClock();
    const store = await startStore({ now: clock.now });
    t.after(store.close);
    for (let i = 0; i < 10; i++) assert.equal((await store.signIn()).status, 303);
    clock.advance(15_000);
    const limited = await store.signIn();
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '45');
    assert.equal(limited.headers['set-cookie'], undefined);
    assert.equal((await store.signIn(eligible.customerId, store.own, '127.0.0.2')).status, 303);
    clock.advance(45_000);
    assert.equal((await store.signIn()).status, 303);
  });

  it('counts token requests only once signed in: 70 from a stranger leave the next customer of that address theirs', async (t) => {
    const store = await startStore();
    t.after(store.close);
    for (let i = 0; i < 70; i++) assert.equal(await store.tokenStatus(''), 401);
    assert.equal(await store.tokenStatus('store_session=forged'), 401);
    const cookie = cookieOf(await store.signIn());
    assert.equal(await store.tokenStatus(cookie), 200);
    assert.equal(store.server.counts().tokenSessions, 1, 'only the session was counted');
  });

  it('answers 429 with Retry-After to a 61st token request in a minute from one session, and not to another', async (t) => {
    const clock = testClock();
    const store = await startStore({ now: clock.now });
    t.after(store.close);
    const cookie = cookieOf(await store.signIn());
    for (let i = 0; i < 60; i++) assert.equal(await store.tokenStatus(cookie), 200);
    const limited = await store.call({ path: '/account/storefront-token', headers: { cookie } });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '60');
    assert.equal(typeof JSON.parse(limited.body).detail, 'string');
    assert.equal(await store.tokenStatus(cookieOf(await store.signIn())), 200, 'another session of the same address');
    clock.advance(MINUTE);
    assert.equal(await store.tokenStatus(cookie), 200);
  });
});

describe('examples/sandbox-store.js: the policy and the sandbox', () => {
  let store: Awaited<ReturnType<typeof startStore>>;
  before(async () => {
    store = await startStore();
  });
  after(() => store.close());

  it('sends its full policy, nosniff and a referrer policy with every page and refusal', async () => {
    const answers = [
      await store.call({}),
      await store.call({ path: '/store.css' }),
      await store.call({ path: '/nowhere' }),
      await store.signIn(eligible.customerId, {}),
    ];
    for (const answer of answers) {
      const directives = String(answer.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ])
        assert.ok(directives.includes(directive), `${answer.status}: ${directive}`);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['referrer-policy'], 'same-origin');
    }
  });

  it('keeps the sandbox’s control routes from other origins', async () => {
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
      { origin: 'https://attacker.example' },
    ];
    for (const headers of foreign) {
      for (const [method, path] of [
        ['POST', '/sandbox/__sandbox/reset'],
        ['GET', '/sandbox/__sandbox/requests'],
        ['OPTIONS', '/sandbox/__sandbox/faults'],
      ] as const) {
        const answer = await store.call({ method, path, headers });
        assert.equal(answer.status, 403, `${method} ${path}`);
        assert.equal(answer.headers['access-control-allow-origin'], undefined);
        assert.match(JSON.parse(answer.body).detail, /own origin/);
      }
    }
    assert.equal((await store.call({ method: 'POST', path: '/sandbox/__sandbox/reset', headers: store.own })).status, 204);
    assert.equal((await store.call({ method: 'POST', path: '/sandbox/__sandbox/reset' })).status, 204);
  });
});

/** A storefront token for Ada signed with another key than the merchant's: the sandbox refuses it. */
const wronglySigned = () =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: 'not the merchant key' });

describe('examples/sandbox-store.js on this machine: what the sandbox keeps and serves', () => {
  let store: Awaited<ReturnType<typeof startStore>>;
  before(async () => {
    store = await startStore();
  });
  after(() => store.close());

  it('records no cookie and no token of a signed-in customer who follows a link into the sandbox', async () => {
    const cookie = cookieOf(await store.signIn());
    const token = (await store.call({ path: '/account/storefront-token', headers: { cookie } })).body;
    await store.call({ path: `/sandbox/subscriptions/${eligible.id}/`, headers: { cookie, authorization: token } });
    const log = await store.call({ path: '/sandbox/__sandbox/requests', headers: store.own });
    assert.equal(log.status, 200);
    const session = cookie.split('=')[1]!;
    for (const secret of [session, token, JSON.parse(token).sig]) assert.ok(!log.body.includes(secret), 'a credential is in the log');
    const [recorded] = JSON.parse(log.body).slice(-1);
    assert.equal(recorded.headers.cookie, await redactCredential(cookie));
    assert.equal(recorded.headers.authorization, await redactCredential(token));
  });

  it('sends the store’s own headers with every answer of the sandbox', async () => {
    for (const path of [`/sandbox/subscriptions/${eligible.id}/`, '/sandbox/__sandbox/info', '/sandbox/nowhere']) {
      const answer = await store.call({ path, headers: store.own });
      assert.match(String(answer.headers['content-security-policy']), /default-src 'self'.*frame-ancestors 'none'/, path);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(answer.headers['referrer-policy'], 'same-origin', path);
    }
  });

  it('takes no fault that would make the store’s origin serve a page, or send its customers elsewhere', async () => {
    for (const fault of [
      { status: 200, body: '<script>fetch("/account/storefront-token")</script>', contentType: 'text/html' },
      { status: 302, location: 'https://attacker.example/' },
    ]) {
      const queued = await store.call({
        method: 'POST',
        path: '/sandbox/__sandbox/faults',
        headers: { ...store.own, 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      assert.equal(queued.status, 400, JSON.stringify(fault));
    }
    const faults = await store.call({ path: '/sandbox/__sandbox/faults', headers: store.own });
    assert.deepEqual(JSON.parse(faults.body), []);
  });

  it('gives a developer here the token doctor’s diagnosis of a refused token', async () => {
    const answer = await store.call({ path: `/sandbox/subscriptions/${eligible.id}/`, headers: { authorization: await wronglySigned() } });
    assert.equal(answer.status, 401);
    assert.match(JSON.parse(answer.body).detail, /another key/);
  });
});

describe('examples/sandbox-store.js behind a proxy that ends TLS', () => {
  let store: Awaited<ReturnType<typeof startStore>>;
  before(async () => {
    store = await startStore({ publicOrigin: 'https://store.example', clientAddressHeader: 'x-forwarded-for' });
  });
  after(() => store.close());
  /** What the proxy adds to a request of the client at `address`. */
  const proxied = (address: string, headers: Record<string, string> = {}) => ({ ...headers, 'x-forwarded-for': address });

  it('serves the sandbox’s API, and neither its control routes nor its request log to anyone', async () => {
    assert.equal(store.server.servesSandboxControls, false);
    const cookie = cookieOf(await store.signIn(eligible.customerId, proxied('203.0.113.7', store.own)));
    const token = (await store.call({ path: '/account/storefront-token', headers: proxied('203.0.113.7', { cookie }) })).body;
    const read = await store.call({
      path: `/sandbox/subscriptions/${eligible.id}/`,
      headers: proxied('203.0.113.7', { authorization: token }),
    });
    assert.equal(read.status, 200);
    for (const headers of [store.own, {}, { 'sec-fetch-site': 'none' }] as Array<Record<string, string>>) {
      for (const [method, path] of [
        ['GET', '/sandbox/__sandbox/requests'],
        ['POST', '/sandbox/__sandbox/faults'],
        ['POST', '/sandbox/__sandbox/reset'],
        ['GET', '/sandbox/i/mine/__sandbox/requests'],
        ['POST', '/sandbox/i/mine/__sandbox/faults'],
        ['GET', `/sandbox/i/mine/subscriptions/${eligible.id}/`],
      ] as const) {
        const body = method === 'POST' ? '{"status":503}' : undefined;
        const answer = await store.call({
          method,
          path,
          headers: proxied('203.0.113.8', { ...headers, 'content-type': 'application/json' }),
          body,
        });
        assert.equal(answer.status, 404, `${method} ${path}`);
        assert.ok(!answer.body.includes(token) && !answer.body.includes(cookie.split('=')[1]!));
      }
    }
  });

  it('answers with the addresses customers reach it at: a listing’s next page on its https: origin', async () => {
    const cookie = cookieOf(await store.signIn('cus_margaret', proxied('203.0.113.11', store.own)));
    const token = (await store.call({ path: '/account/storefront-token', headers: proxied('203.0.113.11', { cookie }) })).body;
    const listing = await store.call({
      path: '/sandbox/subscriptions/?limit=5',
      headers: proxied('203.0.113.11', { authorization: token, host: 'store.example' }),
    });
    assert.equal(listing.status, 200, listing.body);
    assert.match(JSON.parse(listing.body).paging.next, /^https:\/\/store\.example\/sandbox\/subscriptions\/\?/);
  });

  it('counts each client by the address the proxy names, the last one in X-Forwarded-For', async () => {
    for (let i = 0; i < 10; i++) assert.equal((await store.signIn(eligible.customerId, proxied('198.51.100.1', store.own))).status, 303);
    assert.equal((await store.signIn(eligible.customerId, proxied('198.51.100.1', store.own))).status, 429);
    // An address the client wrote itself before the proxy's changes nothing.
    assert.equal((await store.signIn(eligible.customerId, proxied('192.0.2.99, 198.51.100.1', store.own))).status, 429);
    assert.equal((await store.signIn(eligible.customerId, proxied('198.51.100.2', store.own))).status, 303, 'another customer');
  });

  it('gives a visitor the plain reason for a refused token, without the token doctor’s diagnosis', async () => {
    const answer = await store.call({
      path: `/sandbox/subscriptions/${eligible.id}/`,
      headers: proxied('203.0.113.9', { authorization: await wronglySigned() }),
    });
    assert.equal(answer.status, 401);
    assert.equal(JSON.parse(answer.body).detail, 'The storefront token signature (sig) is invalid.');
  });
});

// Each test starts the store as a process of its own, side by side.
describe('examples/sandbox-store.js run as a command', { concurrency: true }, () => {
  const run = async (...args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', storePath, '--port', '0', ...args]);
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    const [code] = await once(child, 'close');
    return { code, errors };
  };

  it('says, behind a proxy, that the sandbox answers its API only, and serves no control route', async (t) => {
    const child = spawn(process.execPath, [
      ...['--import', 'tsx', storePath, '--port', '0'],
      ...['--public-origin', 'https://store.example', '--client-address-header', 'x-forwarded-for'],
    ]);
    t.after(() => child.kill('SIGKILL'));
    let output = '';
    for await (const chunk of child.stdout) if (/answers its API only/.test((output += String(chunk)))) break;
    assert.match(output, /Sandbox store at https:\/\/store\.example\/ \(listening at http:\/\/127\.0\.0\.1:\d+\/\)/);
    assert.match(
      output,
      /The sandbox at \/sandbox\/ answers its API only: its control routes \(faults, the request log, reset\) are not served/,
    );
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1];
    assert.equal((await fetch(`http://127.0.0.1:${port}/sandbox/__sandbox/requests`)).status, 404);
  });

  it('refuses a header name for --client-address-header that is none', async () => {
    const { code, errors } = await run('--public-origin', 'https://store.example', '--client-address-header', 'x-forwarded-for: 1');
    assert.equal(code, 2);
    assert.match(errors, /--client-address-header must be a header name such as x-forwarded-for/);
  });

  it('refuses plain HTTP on an address other than loopback, saying why', async () => {
    const { code, errors } = await run('--host', '0.0.0.0');
    assert.equal(code, 2);
    assert.match(errors, /refusing to serve plain HTTP on 0\.0\.0\.0: sessions and tokens would cross the network in clear/);
    const proxied = await run('--host', '0.0.0.0', '--public-origin', 'http://store.example');
    assert.equal(proxied.code, 2);
  });
});
