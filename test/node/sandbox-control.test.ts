// The sandbox's control routes answer only what proves where it comes from: a page of their own origin or of an origin
// named in `controlOrigins`, or a program on the sandbox's own machine. A page of any other site, or anyone else who
// reaches the sandbox, must not reset the data, queue faults or read the request log. Browsers send `Sec-Fetch-Site`
// and `Origin` and a page cannot forge them; Node's fetch sends neither, so these requests are built here as a browser
// would send them, which a browser's own Request would not allow.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createSandbox, redactCredential, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { startSandboxServer } from '../../src/sandbox/node.js';
import { signStorefrontToken } from '../../src/server/index.js';

const { eligible } = SANDBOX_SUBSCRIPTIONS;
const SANDBOX = 'http://127.0.0.1:8787';
const FAULT = JSON.stringify({ status: 503 });

const request = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  new Request(`${SANDBOX}${path}`, { ...init, headers });

describe('sandbox control routes and other origins', () => {
  const foreign = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:5173' }],
    ['an Origin of another site, without Sec-Fetch-Site', { origin: 'https://attacker.example' }],
    ['an Origin of another port', { origin: 'http://127.0.0.1:5173' }],
    ['the Origin of a sandboxed frame', { origin: 'null' }],
  ] as const;

  for (const [name, headers] of foreign) {
    it(`refuses ${name} with 403, a detail, and no CORS allowance, and changes nothing`, async () => {
      const sandbox = createSandbox();
      for (const [path, init] of [
        ['/__sandbox/faults', { method: 'POST', body: FAULT }],
        ['/__sandbox/reset', { method: 'POST' }],
        ['/__sandbox/requests', {}],
        ['/i/other/__sandbox/requests', {}],
        ['/__sandbox/unknown', {}],
      ] as const) {
        const response = await sandbox.handle(request(path, headers, init));
        assert.equal(response.status, 403, `${init.method ?? 'GET'} ${path}`);
        assert.equal(response.headers.get('access-control-allow-origin'), null);
        assert.match((await response.json()).detail, /control routes answer only pages of the sandbox's own origin/);
      }
      assert.deepEqual(sandbox.instance().faults, []);
    });
  }

  it('answers a preflight of a control route without CORS headers', async () => {
    const sandbox = createSandbox();
    const preflight = await sandbox.handle(
      request('/__sandbox/faults', { origin: 'https://attacker.example', 'access-control-request-method': 'POST' }, { method: 'OPTIONS' }),
    );
    assert.equal(preflight.status, 403);
    for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'])
      assert.equal(preflight.headers.get(name), null, name);
    const own = await sandbox.handle(request('/__sandbox/faults', {}, { method: 'OPTIONS' }), { remoteAddress: '127.0.0.1' });
    assert.equal(own.status, 204);
    assert.equal(own.headers.get('access-control-allow-origin'), null);
  });

  it('answers pages of its own origin, and programs on its own machine, which send neither header', async () => {
    const sandbox = createSandbox();
    const own = { 'sec-fetch-site': 'same-origin', origin: SANDBOX };
    assert.equal((await sandbox.handle(request('/__sandbox/faults', own, { method: 'POST', body: FAULT }))).status, 201);
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const answer = await sandbox.handle(request('/__sandbox/faults', {}, { method: 'POST', body: FAULT }), { remoteAddress });
      assert.equal(answer.status, 201, remoteAddress);
    }
    // A page typed into the address bar, or opened from a bookmark.
    const typed = await sandbox.handle(request('/__sandbox/info', { 'sec-fetch-site': 'none' }));
    assert.equal(typed.status, 200);
    assert.equal(typed.headers.get('access-control-allow-origin'), null);
    assert.equal(sandbox.instance().faults.length, 5);
  });

  it('refuses a request with neither header from another machine, or from a server that does not say where it came from', async () => {
    const sandbox = createSandbox();
    for (const client of [{ remoteAddress: '203.0.113.9' }, { remoteAddress: '::ffff:192.168.1.20' }, {}]) {
      for (const [path, init] of [
        ['/__sandbox/faults', { method: 'POST', body: JSON.stringify({ status: 200, body: '{}' }) }],
        ['/__sandbox/requests', {}],
        ['/__sandbox/reset', { method: 'POST' }],
        ['/i/other/__sandbox/requests', {}],
      ] as const) {
        const answer = await sandbox.handle(request(path, {}, init), client);
        assert.equal(answer.status, 403, `${path} from ${client.remoteAddress ?? 'an unknown client'}`);
        assert.match((await answer.json()).detail, /programs on the sandbox's own machine \(loopback\); this request proves neither/);
      }
    }
    assert.deepEqual(sandbox.instance().faults, []);
  });

  it('answers the origins named in controlOrigins, with CORS for that origin alone', async () => {
    const sandbox = createSandbox({ controlOrigins: ['http://localhost:5173/', 'https://tools.example'] });
    const named = { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' };
    const added = await sandbox.handle(request('/__sandbox/faults', named, { method: 'POST', body: FAULT }));
    assert.equal(added.status, 201);
    assert.equal(added.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(added.headers.get('vary') ?? '', /origin/i);
    const preflight = await sandbox.handle(
      request('/__sandbox/faults', { ...named, 'access-control-request-method': 'POST' }, { method: 'OPTIONS' }),
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    const other = await sandbox.handle(
      request('/__sandbox/requests', { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' }),
    );
    assert.equal(other.status, 403);
  });

  it('shows a log that holds no cookie and no token, not even to its own origin', async () => {
    const sandbox = createSandbox();
    const authorization = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: eligible.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const cookie = '__Host-store_session=a-customer-session; og_auth=cus_ada|1|sig';
    await sandbox.handle(request(`/subscriptions/${eligible.id}/`, { authorization, cookie, 'x-api-key': 'a-master-key' }));
    const log = await sandbox.handle(request('/__sandbox/requests', { 'sec-fetch-site': 'same-origin' }));
    const text = await log.text();
    for (const secret of ['a-customer-session', 'cus_ada|1|sig', authorization, JSON.parse(authorization).sig, 'a-master-key'])
      assert.ok(!text.includes(secret), secret);
    const [recorded] = JSON.parse(text);
    assert.equal(recorded.headers.cookie, await redactCredential(cookie));
    assert.equal(recorded.headers.authorization, await redactCredential(authorization));
  });

  it('refuses controlOrigins that are not origins, naming them', () => {
    assert.throws(
      () => createSandbox({ controlOrigins: ['http://localhost:5173', 'localhost:5173', 'https://tools.example/panel', '*'] }),
      (error: Error) =>
        error instanceof TypeError && / not "localhost:5173", "https:\/\/tools\.example\/panel", "\*"\.$/.test(error.message),
    );
  });

  it('keeps the API open to every origin, as the service is', async () => {
    const sandbox = createSandbox();
    const authorization = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: eligible.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const cross = { 'sec-fetch-site': 'cross-site', origin: 'https://store.example' };
    const read = await sandbox.handle(request(`/subscriptions/${eligible.id}/`, { ...cross, authorization }));
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), '*');
    const preflight = await sandbox.handle(request(`/subscriptions/${eligible.id}/`, cross, { method: 'OPTIONS' }));
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  });

  it('refuses another origin over HTTP too, where the request’s origin comes from its Host', async () => {
    const server = await startSandboxServer({ port: 0 });
    try {
      const own = new URL(server.url).origin;
      const sameOrigin = await fetch(`${server.url}/__sandbox/faults`, { method: 'POST', body: FAULT, headers: { origin: own } });
      assert.equal(sameOrigin.status, 201);
      const crossOrigin = await fetch(`${server.url}/__sandbox/reset`, { method: 'POST', headers: { origin: 'http://localhost:9999' } });
      assert.equal(crossOrigin.status, 403);
      assert.equal(crossOrigin.headers.get('access-control-allow-origin'), null);
      assert.equal(server.sandbox.instance().faults.length, 1);
    } finally {
      await server.close();
    }
  });
});

describe('sandbox CLI --control-origin', () => {
  const cli = fileURLToPath(new URL('../../src/cli/sandbox.ts', import.meta.url));
  const run = (...args: string[]) =>
    spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', ...args], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });

  it('answers the origin it names', async (t) => {
    const child = run('--control-origin', 'http://localhost:5173');
    t.after(() => child.kill('SIGKILL'));
    let output = '';
    for await (const chunk of child.stdout) if (/Ctrl\+C/.test((output += String(chunk)))) break;
    const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    assert.ok(url, output);
    const named = await fetch(`${url}/__sandbox/info`, { headers: { origin: 'http://localhost:5173' } });
    assert.equal(named.status, 200);
    assert.equal(named.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal((await fetch(`${url}/__sandbox/info`, { headers: { origin: 'http://localhost:5174' } })).status, 403);
  });

  it('refuses one that is not an origin', async () => {
    const child = run('--control-origin', 'localhost:5173');
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    const [code] = await once(child, 'close');
    assert.equal(code, 2);
    assert.match(errors, /--control-origin: each must be an origin such as "http:\/\/localhost:5173", not "localhost:5173"/);
  });
});
