import { expect } from '@open-wc/testing';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';

// The sandbox the test runner mounts at /sandbox, reached with the browser's own fetch; an instance of its own keeps
// this file apart from the others running at the same time.
const base = `/sandbox/i/http-${Math.random().toString(36).slice(2, 10)}`;
const { eligible } = SANDBOX_SUBSCRIPTIONS;

const reset = () => fetch(`${base}/__sandbox/reset`, { method: 'POST' });
const token = () =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: SANDBOX_MERCHANT.hashKey });

describe('sandbox over HTTP: a network-failure fault', () => {
  beforeEach(reset);

  it('makes the browser’s fetch reject, even on a reused keep-alive connection', async () => {
    const authorization = await token();
    expect((await fetch(`${base}/subscriptions/${eligible.id}/`, { headers: { authorization } })).status).to.equal(200);
    for (let attempt = 0; attempt < 3; attempt++) {
      await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ status: 0 }) });
      let failure: unknown;
      await fetch(`${base}/subscriptions/${eligible.id}/`, { headers: { authorization } }).catch((error: unknown) => (failure = error));
      expect(failure, `attempt ${attempt}`).to.be.instanceOf(TypeError);
    }
    const log: Array<{ status: number }> = await (await fetch(`${base}/__sandbox/requests`)).json();
    expect(
      log.map((r) => r.status),
      'no request was silently sent again',
    ).to.deep.equal([200, 0, 0, 0]);
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
    expect(patch.headers.authorization).to.equal(authorization);
    expect(patch.body).to.deep.equal({ orders_per_billing: 3 });
  });
});
