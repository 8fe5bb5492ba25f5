import { expect } from '@open-wc/testing';
import { redactCredential, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../../src/sandbox/index.js';
import { signStorefrontToken } from '../../../src/server/index.js';

// The sandbox the test runner mounts at /sandbox, reached with the browser's own fetch; an instance of its own keeps
// this file apart from the others running at the same time.
const base = `/sandbox/i/http-${Math.random().toString(36).slice(2, 10)}`;
const { eligible } = SANDBOX_SUBSCRIPTIONS;

const reset = () => fetch(`${base}/__sandbox/reset`, { method: 'POST' });
const token = () =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: SANDBOX_MERCHANT.hashKey });

describe('sandbox over HTTP: a network-failure fault', () => {
  beforeEach(reset);

  const read = (authorization: string) => fetch(`${base}/subscriptions/${eligible.id}/`, { headers: { authorization } });
  const upgrade = (authorization: string) =>
    fetch(`${base}/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 3 }),
    });
  // Connections kept alive by the test runner's own server, which serves the page's files on the same origin.
  const loadFiles = () =>
    Promise.all([1, 2, 3, 4].map((i) => fetch(`/package.json?connection=${i}`, { cache: 'no-store' }).then((r) => r.text())));

  it('makes the browser’s fetch reject, even on a reused keep-alive connection, and nothing is sent again', async () => {
    const authorization = await token();
    expect((await read(authorization)).status).to.equal(200);
    const outcomes: string[] = [];
    for (const [name, send, before] of [
      ['a read after a read', read, async () => undefined],
      ['a read after loading files', read, loadFiles],
      ['another read', read, async () => undefined],
      ['an upgrade', upgrade, loadFiles],
      ['another upgrade', upgrade, async () => undefined],
    ] as const) {
      await before();
      await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ status: 0, count: 10 }) });
      outcomes.push(
        await send(authorization).then(
          (response) => `${name}: ${response.status}`,
          (error: unknown) => `${name}: ${error instanceof TypeError ? 'rejected' : String(error)}`,
        ),
      );
      await fetch(`${base}/__sandbox/faults`, { method: 'DELETE' });
    }
    expect(outcomes).to.deep.equal([
      'a read after a read: rejected',
      'a read after loading files: rejected',
      'another read: rejected',
      'an upgrade: rejected',
      'another upgrade: rejected',
    ]);
    const log: Array<{ method: string; status: number }> = await (await fetch(`${base}/__sandbox/requests`)).json();
    expect(
      log.map((r) => `${r.method} ${r.status}`),
      'no request was silently sent again (each fault applied to 10 requests)',
    ).to.deep.equal(['GET 200', 'GET 0', 'GET 0', 'GET 0', 'PATCH 0', 'PATCH 0']);
  });
});

describe('sandbox over HTTP: a storefront upgrade', () => {
  beforeEach(reset);

  it('answers the browser’s PATCH and records what it sent', async () => {
    const authorization = await token();
    const response = await fetch(`${base}/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 3 }),
    });
    expect(response.status).to.equal(200);
    expect((await response.json()).prepaid_subscription_context.prepaid_orders_per_billing).to.equal(3);
    const log: Array<{ method: string; headers: Record<string, string>; body: unknown }> = await (
      await fetch(`${base}/__sandbox/requests`)
    ).json();
    const patch = log.find((r) => r.method === 'PATCH')!;
    expect(patch.headers.authorization).to.equal(await redactCredential(authorization));
    expect(patch.body).to.deep.equal({ orders_per_billing: 3 });
  });
});

describe('sandbox over HTTP: the control routes and a page of another origin', () => {
  beforeEach(reset);

  // The runner's own server under its other loopback name: to the browser another site, with the same sandbox.
  const other = `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

  it('lets the other site neither read the request log nor queue a fault, and keeps the API open to it', async () => {
    const authorization = await token();
    const read = await fetch(`${other}${base}/subscriptions/${eligible.id}/`, { headers: { authorization } });
    expect(read.status, 'the API answers every origin, as the service does').to.equal(200);

    const log = await fetch(`${other}${base}/__sandbox/requests`).then(
      (response) => `answered ${response.status}`,
      (error: unknown) => (error instanceof TypeError ? 'rejected' : String(error)),
    );
    expect(log, 'the browser does not let the other site read the log').to.equal('rejected');
    // A form post or a no-cors fetch is sent without asking: the sandbox itself must refuse it.
    await fetch(`${other}${base}/__sandbox/faults`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ status: 503 }) });
    await fetch(`${other}${base}/__sandbox/latency`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ latencyMs: 5000 }) });

    expect(await (await fetch(`${base}/__sandbox/faults`)).json()).to.deep.equal([]);
    expect(await (await fetch(`${base}/__sandbox/latency`)).json()).to.deep.equal({ latencyMs: 0 });
  });
});
