import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node.js';
import { signStorefrontToken, verifyStorefrontToken } from '../../src/server/index.js';

const { eligible, taxed } = SANDBOX_SUBSCRIPTIONS;
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli/sandbox.ts', import.meta.url));

const adaToken = () =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: SANDBOX_MERCHANT.hashKey });

describe('sandbox server on node:http', () => {
  let server: SandboxServer;
  before(async () => {
    server = await startSandboxServer({ port: 0 });
  });
  after(() => server.close());

  it('listens on a loopback address and answers a storefront GET', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/subscriptions/${eligible.id}/`, { headers: { authorization: await adaToken() } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal((await response.json()).public_id, eligible.id);
  });

  it('answers a PATCH with its streamed JSON body', async () => {
    const response = await fetch(`${server.url}/i/node-patch/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization: await adaToken(), 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 6, renewal_behavior: 'cancel' }),
    });
    assert.equal(response.status, 200);
    assert.deepEqual((await response.json()).prepaid_subscription_context, {
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'cancel',
    });
  });

  it('answers 413 to a body over 64 KiB, and keeps serving', async () => {
    const response = await fetch(`${server.url}/i/node-large/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization: await adaToken(), 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 6, note: 'x'.repeat(1024 * 1024) }),
    });
    assert.equal(response.status, 413);
    assert.match((await response.json()).detail, /64 KiB/);
    assert.equal((await fetch(`${server.url}/__sandbox/info`)).status, 200);
  });

  it('makes fetch reject for a fault with status 0', async () => {
    const faulted = await fetch(`${server.url}/i/node-fault/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ status: 0, path: 'subscriptions' }),
    });
    assert.equal(faulted.status, 201);
    await assert.rejects(
      fetch(`${server.url}/i/node-fault/subscriptions/${eligible.id}/`, { headers: { authorization: await adaToken() } }),
      TypeError,
    );
    const again = await fetch(`${server.url}/i/node-fault/subscriptions/${eligible.id}/`, { headers: { authorization: await adaToken() } });
    assert.equal(again.status, 200);
  });

  it('carries an upgrade out late though its client gave up and closed the connection', async () => {
    const base = `${server.url}/i/node-late`;
    const authorization = await adaToken();
    const context = async () =>
      (await (await fetch(`${base}/subscriptions/${eligible.id}/`, { headers: { authorization } })).json()).prepaid_subscription_context;
    const faulted = await fetch(`${base}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'PATCH', path: 'upgrade_to_prepaid', carriedOutAfterMs: 300 }),
    });
    assert.equal(faulted.status, 201);
    const started = Date.now();
    await assert.rejects(
      fetch(`${base}/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ orders_per_billing: 6 }),
        signal: AbortSignal.timeout(100),
      }),
      { name: 'TimeoutError' },
    );
    assert.equal(await context(), null, 'not carried out yet');
    const [patch] = await (await fetch(`${base}/__sandbox/requests`)).json();
    assert.deepEqual([patch.method, patch.status, patch.appliedStatus], ['PATCH', null, null]);
    await new Promise((resolve) => setTimeout(resolve, started + 450 - Date.now()));
    assert.equal((await context()).prepaid_orders_per_billing, 6, 'carried out after the client gave up');
    const [carriedOut] = await (await fetch(`${base}/__sandbox/requests`)).json();
    assert.deepEqual([carriedOut.status, carriedOut.appliedStatus], [200, 200]);
  });

  it('lists orders as the List reference documents them once told so, as the docs’ curl tells it (no content type)', async () => {
    const base = `${server.url}/i/node-listing`;
    const set = await fetch(`${base}/__sandbox/order-listing`, { method: 'POST', body: '{"shape": "reference"}' });
    assert.deepEqual(await set.json(), { shape: 'reference' });
    const headers = { 'x-api-key': SANDBOX_MERCHANT.apiKeys.production };
    const listed = await (await fetch(`${base}/orders/?subscription=${taxed.id}&status=1`, { headers })).json();
    assert.equal(listed.results.length, 1);
    const [order] = listed.results;
    assert.equal('sub_total' in order, false);
    assert.deepEqual([order.total, order.tax_total, order.shipping_total], ['undefined', '2.40', '4.99']);
    const read = await (await fetch(`${base}/orders/${order.public_id}/`, { headers })).json();
    assert.deepEqual([read.sub_total, read.total], ['30.00', '37.39']);
    const refused = await fetch(`${base}/__sandbox/order-listing`, { method: 'POST', body: '{"shape": "full"}' });
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).detail, /shape must be "complete" or "reference"/);
  });
});

/** Collects a child's stdout until `pattern` appears; the rest of its output keeps flowing, unread. */
function waitForOutput(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (!pattern.test(output)) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve(output);
    };
    child.stdout.on('data', onData);
    child.once('close', () => reject(new Error(`the CLI ended before printing ${pattern}:\n${output}`)));
  });
}

/** A request to `url` with the headers given, Host among them, as a page of a rebinding name would send it. */
function rawRequest(url: string, method: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers, agent: false }, (answer) => {
      let body = '';
      answer.on('data', (chunk) => (body += String(chunk)));
      answer.on('end', () => resolve({ status: answer.statusCode!, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('sandbox server and DNS rebinding', () => {
  it('answers no host name but loopback, however its own a page of that name says it is', async (t) => {
    const server = await startSandboxServer({ port: 0 });
    t.after(() => server.close());
    const { port } = new URL(server.url);
    const [fault] = server.sandbox.instance().addFaults([{ status: 503, path: 'products' }]);
    // A page of attacker.example, whose name now points at 127.0.0.1: to the browser, the sandbox is its own origin.
    const rebound = { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, 'sec-fetch-site': 'same-origin' };
    for (const [method, path] of [
      ['POST', '/__sandbox/reset'],
      ['GET', '/__sandbox/requests'],
      ['POST', '/i/x/__sandbox/faults'],
      ['GET', `/subscriptions/${eligible.id}/`],
    ] as const) {
      const answer = await rawRequest(`${server.url}${path}`, method, rebound);
      assert.equal(answer.status, 421, `${method} ${path}`);
      assert.match(JSON.parse(answer.body).detail, /answers at localhost, 127\.0\.0\.1, \[::1\], 127\.0\.0\.1 only/);
    }
    assert.deepEqual(
      server.sandbox.instance().faults.map(({ id }) => id),
      [fault!.id],
      'nothing was reset',
    );
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `app.localhost:${port}`])
      assert.equal((await rawRequest(`${server.url}/__sandbox/info`, 'GET', { host })).status, 200, host);
    for (const host of [`192.168.1.20:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`])
      assert.equal((await rawRequest(`${server.url}/__sandbox/info`, 'GET', { host })).status, 421, host);
  });

  it('answers the host names it is told, and the subdomains of one that starts with a dot', async (t) => {
    const server = await startSandboxServer({ port: 0, allowedHosts: ['sandbox.test', '.dev.test'] });
    t.after(() => server.close());
    const { port } = new URL(server.url);
    for (const name of ['sandbox.test', 'SANDBOX.test', 'dev.test', 'shop.dev.test'])
      assert.equal((await rawRequest(`${server.url}/__sandbox/info`, 'GET', { host: `${name}:${port}` })).status, 200, name);
    for (const name of ['www.sandbox.test', 'evil-dev.test', 'attacker.example'])
      assert.equal((await rawRequest(`${server.url}/__sandbox/info`, 'GET', { host: `${name}:${port}` })).status, 421, name);
  });
});

const runCli = (...args: string[]) => spawn(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: projectRoot });

// Each test starts the command as a process of its own, side by side.
describe('sandbox CLI', { concurrency: true }, () => {
  it('prints its address and the demo credentials, serves them, and stops on SIGTERM', async (t) => {
    const child = runCli('--port', '0');
    t.after(() => child.kill('SIGKILL'));
    const output = await waitForOutput(child, /Ctrl\+C/);

    const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    assert.ok(url, output);
    assert.match(output, new RegExp(`public id: +${SANDBOX_MERCHANT.publicId}`));
    assert.match(output, new RegExp(`demo hash key: +${SANDBOX_MERCHANT.hashKey}`));
    assert.ok(output.includes(SANDBOX_MERCHANT.apiKeys.production) && output.includes(SANDBOX_MERCHANT.apiKeys.staging));
    assert.match(output, new RegExp(`<prepaid-upgrade api-base="${url}" subscription-id="${eligible.id}" token='`));

    const token = /cus_ada .*\n +token: (\{.*\})/.exec(output)?.[1];
    assert.ok(token, output);
    const verified = await verifyStorefrontToken(token, { hashKey: SANDBOX_MERCHANT.hashKey });
    assert.ok(verified.valid && verified.customerId === eligible.customerId);
    const response = await fetch(`${url}/subscriptions/${eligible.id}/`, { headers: { authorization: token } });
    assert.equal(response.status, 200);

    const exited = once(child, 'close');
    child.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 0);
  });

  it('answers a host name given with --allowed-host, and refuses one that is not a host name', async (t) => {
    const child = runCli('--port', '0', '--allowed-host', 'sandbox.test');
    t.after(() => child.kill('SIGKILL'));
    const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(await waitForOutput(child, /Ctrl\+C/))?.[1];
    assert.ok(url);
    const { port } = new URL(url);
    assert.equal((await rawRequest(`${url}/__sandbox/info`, 'GET', { host: `sandbox.test:${port}` })).status, 200);
    assert.equal((await rawRequest(`${url}/__sandbox/info`, 'GET', { host: `attacker.example:${port}` })).status, 421);
    const bad = runCli('--allowed-host', 'http://sandbox.test/');
    let errors = '';
    bad.stderr.on('data', (chunk) => (errors += String(chunk)));
    const [code] = await once(bad, 'close');
    assert.equal(code, 2);
    assert.match(errors, /--allowed-host must be a host name such as sandbox\.test, not "http:\/\/sandbox\.test\/"/);
  });

  it('prints its usage for --help and refuses a bad --port', async () => {
    const help = runCli('--help');
    const usage = waitForOutput(help, /Usage: prepaid-upgrade-sandbox/);
    const [helpCode] = await once(help, 'close');
    assert.equal(helpCode, 0);
    await usage;
    const bad = runCli('--port', 'eighty');
    let errors = '';
    bad.stderr.on('data', (chunk) => (errors += String(chunk)));
    const [badCode] = await once(bad, 'close');
    assert.equal(badCode, 2);
    assert.match(errors, /--port/);
  });
});
