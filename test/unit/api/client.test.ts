/**
 * The API client against the real sandbox, mounted by the test runner at /sandbox. Each test gets its own freshly
 * seeded sandbox instance, signs a real storefront token for a seeded customer, and checks both what the client
 * returns and what the sandbox saw.
 */
import { expect } from '@open-wc/testing';
import { resolveBaseAddress } from '../../../src/api/base-address.js';
import { MAX_RESPONSE_BYTES, createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import type { UpgradeRequest } from '../../../src/api/schemas.js';
import { redactCredential, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, type Fault, type RecordedRequest } from '../../../src/sandbox/index.js';
import { answerInstead, htmlPage } from '../../helpers/foreign-answers.js';
import { sandboxSession } from '../../helpers/sandbox-session.js';
import { apiErrorOf, rejectionOf } from '../../helpers/rejection.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const CUSTOMER = SANDBOX_SUBSCRIPTIONS.eligible.customerId;
const PRODUCT = 'prod_morning_roast';

const sixCancel: UpgradeRequest = { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' };

interface TestSandbox {
  /** The instance's base path, e.g. `/sandbox/i/<id>`. */
  apiBase: string;
  /** The storefront token the client sends. */
  token: string;
  client(options?: Partial<ApiClientOptions>): ApiClient;
  /** Queues a fault; fails the test when the sandbox refuses it. */
  fault(fault: Fault): Promise<void>;
  /** The API requests the sandbox has seen so far. */
  requests(): Promise<RecordedRequest[]>;
}

/** A fresh, isolated sandbox instance and a client signed in as one of its customers. */
async function openSandbox(customerId: string = CUSTOMER, hashKey: string = SANDBOX_MERCHANT.hashKey): Promise<TestSandbox> {
  const session = await sandboxSession({ customerId, merchant: { publicId: SANDBOX_MERCHANT.publicId, hashKey } });
  return {
    ...session,
    client: (options = {}) =>
      createApiClient({
        baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
        credentials: { authorization: async () => session.token },
        // Each status is looked at on its own here; retries have their own tests in retry.test.ts.
        maxAttempts: 1,
        ...options,
      }),
  };
}

/** Waits, one sandbox round trip at a time, until the sandbox has started answering a request. */
async function untilSandboxReceived(sandbox: TestSandbox): Promise<RecordedRequest> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const pending = (await sandbox.requests()).find((request) => request.status === null);
    if (pending) return pending;
  }
  throw new Error('the sandbox never received the request');
}

describe('ApiClient reads a subscription', () => {
  it('returns the customer own subscription as the sandbox holds it', async () => {
    const sandbox = await openSandbox();
    const subscription = await sandbox.client().getSubscription(ELIGIBLE);
    expect(subscription).to.include({
      public_id: ELIGIBLE,
      customer: CUSTOMER,
      merchant: SANDBOX_MERCHANT.publicId,
      product: PRODUCT,
      price: '12.50',
      live: true,
      cancelled: null,
      currency_code: 'USD',
    });
    expect(subscription.prepaid_subscription_context).to.equal(null);
  });

  it('sends GET /subscriptions/{id}/ with the token and nothing else that could identify the customer', async () => {
    const sandbox = await openSandbox();
    document.cookie = 'storefront_session=s3cr3t; path=/';
    try {
      await sandbox.client().getSubscription(ELIGIBLE);
    } finally {
      document.cookie = 'storefront_session=; path=/; max-age=0';
    }
    const [request, ...others] = await sandbox.requests();
    expect(others).to.have.length(0);
    expect(request).to.include({ method: 'GET', path: `/subscriptions/${ELIGIBLE}/`, search: '', body: null, status: 200 });
    expect(request!.headers.authorization).to.equal(await redactCredential(sandbox.token));
    expect(request!.headers.accept).to.equal('application/json');
    expect(request!.headers).not.to.have.property('x-api-key');
    expect(request!.headers).not.to.have.property('cookie');
  });

  it('sends an id as one path segment, even with a slash in it', async () => {
    const sandbox = await openSandbox();
    const error = await apiErrorOf(sandbox.client().getSubscription('sub/../products'));
    expect(error).to.include({ kind: 'http', status: 404 });
    const [request] = await sandbox.requests();
    expect(request!.path).to.equal('/subscriptions/sub%2F..%2Fproducts/');
  });

  it('answers 404 for another customer subscription, as the service does', async () => {
    const sandbox = await openSandbox();
    const error = await apiErrorOf(sandbox.client().getSubscription(SANDBOX_SUBSCRIPTIONS.eligibleEur.id));
    expect(error).to.include({ kind: 'http', status: 404 });
  });
});

describe('ApiClient reads a product', () => {
  it('returns the product of a subscription', async () => {
    const sandbox = await openSandbox();
    const result = await sandbox.client().getProduct(PRODUCT);
    expect(result).to.include({
      product_id: PRODUCT,
      name: 'Morning Roast Coffee, 12 oz',
      price: '12.50',
      prepaid_eligible: true,
      live: true,
    });
    const [request] = await sandbox.requests();
    expect(request).to.include({ method: 'GET', path: `/products/${PRODUCT}/` });
  });

  it('returns a product that is not prepaid-eligible as such', async () => {
    const sandbox = await openSandbox();
    expect((await sandbox.client().getProduct('prod_descaler')).prepaid_eligible).to.equal(false);
  });
});

describe('ApiClient upgrades a subscription to prepaid', () => {
  it('returns the upgraded subscription with its prepaid context', async () => {
    const sandbox = await openSandbox();
    const upgraded = await sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel);
    expect(upgraded.public_id).to.equal(ELIGIBLE);
    expect(upgraded.prepaid_subscription_context).to.deep.equal({
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'cancel',
    });
  });

  it('leaves the subscription upgraded for the next read', async () => {
    const sandbox = await openSandbox();
    const client = sandbox.client();
    await client.upgradeToPrepaid(ELIGIBLE, { orders_per_billing: 12, renewal_behavior: 'downgrade', offer: 'live' });
    expect((await client.getSubscription(ELIGIBLE)).prepaid_subscription_context).to.deep.equal({
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: 12,
      renewal_behavior: 'downgrade',
    });
  });

  it('re-associates the subscription with the offer it names', async () => {
    const sandbox = await openSandbox();
    const upgraded = await sandbox.client().upgradeToPrepaid(ELIGIBLE, { ...sixCancel, offer: 'off_morning_roast_2w' });
    expect(upgraded.offer).to.equal('off_morning_roast_2w');
  });

  it('sends PATCH to the trailing-slash path with the JSON body and the token verbatim', async () => {
    const sandbox = await openSandbox();
    await sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel);
    const [request] = await sandbox.requests();
    expect(request).to.include({ method: 'PATCH', path: `/subscriptions/${ELIGIBLE}/upgrade_to_prepaid/`, status: 200 });
    expect(request!.body).to.deep.equal({ orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' });
    expect(request!.headers['content-type']).to.equal('application/json');
    expect(request!.headers.authorization).to.equal(await redactCredential(sandbox.token));
    expect(request!.headers).not.to.have.property('x-api-key');
  });

  it('reports a refused upgrade as http 400 carrying the server detail', async () => {
    const sandbox = await openSandbox();
    const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(PREPAID, sixCancel));
    expect(error).to.include({ kind: 'http', status: 400, detail: 'The subscription is already prepaid.' });
    expect(error.message).to.contain('The subscription is already prepaid.');
  });

  it('reports an invalid body as http 400 with the server detail', async () => {
    const sandbox = await openSandbox();
    const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, { ...sixCancel, orders_per_billing: 2 }));
    expect(error).to.include({ kind: 'http', status: 400, detail: 'orders_per_billing must be an integer greater than 2.' });
  });
});

describe("ApiClient reads the service's field errors", () => {
  const cases: Array<[string, unknown, { detail?: string; field?: string }]> = [
    [
      'a list of messages for a field',
      { renewal_behavior: ["Value 'x' is not a valid choice."] },
      { detail: "Value 'x' is not a valid choice.", field: 'renewal_behavior' },
    ],
    [
      'a bare string for a field',
      { orders_per_billing: 'This field is required.' },
      { detail: 'This field is required.', field: 'orders_per_billing' },
    ],
    [
      'errors about no field in particular',
      { non_field_errors: ['Prepaid is paused for this store.', 'Try later.'] },
      { detail: 'Prepaid is paused for this store.', field: 'non_field_errors' },
    ],
    [
      'several fields: the first one with a message',
      {
        extra_data: { nested: ['Not shown.'] },
        offer: [],
        orders_per_billing: ['A valid integer is required.'],
        renewal_behavior: ['No.'],
      },
      { detail: 'A valid integer is required.', field: 'orders_per_billing' },
    ],
    [
      'a detail that is not text, then a field error',
      { detail: null, renewal_behavior: ['No.'] },
      { detail: 'No.', field: 'renewal_behavior' },
    ],
    ['no message anywhere', { orders_per_billing: [3], renewal_behavior: {} }, {}],
    ['a string alone, whose characters are no fields', 'Bad request', {}],
  ];
  for (const [what, body, expected] of cases) {
    it(`reads ${what}`, async () => {
      const sandbox = await openSandbox();
      await sandbox.fault({ status: 400, method: 'PATCH', body: JSON.stringify(body) });
      const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel));
      expect(error).to.include({ kind: 'http', status: 400, detail: expected.detail, field: expected.field });
      const reason = expected.field ? `${expected.field}: ${expected.detail}` : expected.detail;
      const what = `PATCH ${sandbox.apiBase}/subscriptions/${ELIGIBLE}/upgrade_to_prepaid/`;
      expect(error.message).to.equal(`${what} answered 400${reason ? `: ${reason}` : ''}`);
    });
  }

  it("reads the sandbox's own field error for a renewal behaviour it does not know", async () => {
    const sandbox = await openSandbox();
    const request = { ...sixCancel, renewal_behavior: 'forever' } as unknown as UpgradeRequest;
    const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, request));
    expect(error).to.include({ status: 400, field: 'renewal_behavior', detail: "Value 'forever' is not a valid choice." });
  });
});

describe('ApiClient reports refused credentials', () => {
  it('reports a token signed with the wrong key as http 401', async () => {
    const sandbox = await openSandbox(CUSTOMER, 'not-the-merchant-hash-key');
    const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(error.detail).to.match(/^The storefront token's sig is not made with the merchant's hash key/);
  });

  it('never puts the token into the error', async () => {
    const sandbox = await openSandbox(CUSTOMER, 'not-the-merchant-hash-key');
    const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
    const sig = JSON.parse(sandbox.token).sig as string;
    expect(`${error.message} ${error.detail} ${String(error.cause)}`).not.to.contain(sig);
  });
});

describe('ApiClient reports error statuses as http errors', () => {
  for (const status of [401, 403, 404, 423, 429, 500, 502, 503]) {
    it(`reports ${status} with its status and detail`, async () => {
      const sandbox = await openSandbox();
      await sandbox.fault({ status, detail: `injected ${status}` });
      const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
      expect(error).to.be.instanceOf(ApiError);
      expect(error).to.include({ kind: 'http', status, detail: `injected ${status}` });
    });
  }

  it('parses Retry-After of a 429 into retryAfterSeconds', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 429, retryAfter: 7 });
    const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 429, retryAfterSeconds: 7 });
  });

  it('leaves retryAfterSeconds undefined when there is no Retry-After', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 503 });
    expect((await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE))).retryAfterSeconds).to.equal(undefined);
  });

  it('reports an error page that is not JSON by its status alone', async () => {
    const sandbox = await openSandbox();
    const proxy = answerInstead(
      () => true,
      () => htmlPage(502, '<html><body>Bad Gateway</body></html>'),
    );
    try {
      const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
      expect(error).to.include({ kind: 'http', status: 502, detail: undefined });
    } finally {
      proxy.restore();
    }
  });

  it('does not upgrade when the fault answered instead of the service', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 423, method: 'PATCH' });
    const client = sandbox.client();
    expect((await apiErrorOf(client.upgradeToPrepaid(ELIGIBLE, sixCancel))).status).to.equal(423);
    expect((await client.getSubscription(ELIGIBLE)).prepaid_subscription_context).to.equal(null);
  });
});

describe('ApiClient refuses answers it cannot use', () => {
  const subscriptionBody = (fields: Record<string, unknown> = {}) =>
    JSON.stringify({ ...payAsYouGoSubscription({ public_id: ELIGIBLE }), ...fields });

  const cases: Array<[string, Fault, string]> = [
    ['a body that is not JSON', { status: 200, body: '{"public_id": "sub_coffee_ada",' }, 'not valid JSON'],
    ['an empty body', { status: 200, body: '' }, 'the answer is empty'],
    ['a string where an integer is due', { status: 200, body: subscriptionBody({ quantity: '1' }) }, 'quantity: expected number'],
    ['a number where the price string is due', { status: 200, body: subscriptionBody({ price: 12.5 }) }, 'price: expected string'],
    ['a JSON array', { status: 200, body: JSON.stringify([payAsYouGoSubscription({ public_id: ELIGIBLE })]) }, 'expected object'],
    ['no public_id', { status: 200, body: subscriptionBody({ public_id: undefined }) }, 'has no public_id'],
    [
      'the public_id of another subscription',
      { status: 200, body: subscriptionBody({ public_id: PREPAID }) },
      `the answer is about ${PREPAID}`,
    ],
  ];
  for (const [what, fault, message] of cases) {
    it(`reports ${what} as malformed`, async () => {
      const sandbox = await openSandbox();
      await sandbox.fault(fault);
      const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
      expect(error.kind).to.equal('malformed');
      expect(error.status).to.equal(200);
      expect(error.message).to.contain(message);
    });
  }

  // Pages of a proxy in front of the service, which the sandbox, serving JSON only, never sends.
  for (const [what, page, message] of [
    [
      'a text/html content type',
      htmlPage(200, '<!doctype html><title>Maintenance</title>', 'text/html; charset=utf-8'),
      'expected JSON, got text/html',
    ],
    ['JSON sent as text/html', htmlPage(200, subscriptionBody()), 'expected JSON'],
  ] as const) {
    it(`reports ${what} as malformed`, async () => {
      const sandbox = await openSandbox();
      const proxy = answerInstead(
        () => true,
        () => page.clone(),
      );
      try {
        const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
        expect(error.kind).to.equal('malformed');
        expect(error.status).to.equal(200);
        expect(error.message).to.contain(message);
      } finally {
        proxy.restore();
      }
    });
  }

  it('accepts a JSON answer with a vendor +json content type', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 200, body: subscriptionBody(), contentType: 'application/vnd.subscriptions+json; charset=utf-8' });
    expect((await sandbox.client().getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
  });

  it('refuses an upgrade answer about another subscription, so that no other upgrade is ever confirmed', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 200, method: 'PATCH', body: JSON.stringify(prepaidSubscription({ public_id: PREPAID })) });
    const error = await apiErrorOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel));
    expect(error.kind).to.equal('malformed');
    expect(error.message).to.contain(`asked for subscription ${ELIGIBLE}`);
  });

  it('refuses a product answer of the wrong shape', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ status: 200, body: JSON.stringify({ ...product(), prepaid_eligible: 'yes' }) });
    const error = await apiErrorOf(sandbox.client().getProduct(PRODUCT));
    expect(error.kind).to.equal('malformed');
    expect(error.message).to.contain('prepaid_eligible: expected boolean');
  });
});

// The sandbox's control routes take bodies of at most 64 KiB, so an answer over the 1 MB limit cannot be injected
// through a fault: these two stand in for the service with the page's `fetch`.
describe('ApiClient refuses answers over 1 MB', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const huge = () => JSON.stringify(payAsYouGoSubscription({ public_id: ELIGIBLE, padding: 'x'.repeat(MAX_RESPONSE_BYTES) }));
  const clientAnswering = (response: () => Response) => {
    globalThis.fetch = async () => response();
    return createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: '/sandbox/i/unused', pageUrl: location.href }),
      credentials: { authorization: async () => 'token' },
    });
  };

  it('refuses one that declares its size, without reading it', async () => {
    const body = huge();
    const client = clientAnswering(
      () => new Response(body, { headers: { 'content-type': 'application/json', 'content-length': String(body.length) } }),
    );
    const error = await apiErrorOf(client.getSubscription(ELIGIBLE));
    expect(error.kind).to.equal('malformed');
    expect(error.message).to.contain('too large');
  });

  it('refuses one that does not declare its size', async () => {
    const client = clientAnswering(() => new Response(huge(), { headers: { 'content-type': 'application/json' } }));
    const error = await apiErrorOf(client.getSubscription(ELIGIBLE));
    expect(error.kind).to.equal('malformed');
    expect(error.message).to.contain('too large');
  });
});

describe('ApiClient gives up after its time limit', () => {
  it('reports an answer slower than timeoutMs as a timeout', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ latencyMs: 3000 });
    const error = await apiErrorOf(sandbox.client({ timeoutMs: 150 }).getSubscription(ELIGIBLE));
    expect(error).to.include({ kind: 'timeout', status: 0 });
    expect(error.message).to.contain('150 ms');
  });

  it('answers normally when the latency is within timeoutMs', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ latencyMs: 20 });
    expect((await sandbox.client({ timeoutMs: 5000 }).getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
  });

  it('counts obtaining the token against the time limit', async () => {
    const sandbox = await openSandbox();
    const client = sandbox.client({
      timeoutMs: 100,
      credentials: {
        authorization: (signal?: AbortSignal) =>
          new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(signal!.reason), { once: true })),
      },
    });
    expect((await apiErrorOf(client.getSubscription(ELIGIBLE))).kind).to.equal('timeout');
    expect(await sandbox.requests()).to.deep.equal([]);
  });
});

describe('ApiClient lets the caller abort', () => {
  it('rejects with the caller abort reason, not an ApiError, once the request is under way', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ latencyMs: 3000 });
    const controller = new AbortController();
    const reason = new Error('the customer left the page');
    const pending = rejectionOf(sandbox.client().upgradeToPrepaid(ELIGIBLE, sixCancel, { signal: controller.signal }));
    const received = await untilSandboxReceived(sandbox);
    expect(received.method).to.equal('PATCH');
    controller.abort(reason);
    expect(await pending).to.equal(reason);
  });

  it('rejects with an AbortError when aborted without a reason', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault({ latencyMs: 3000 });
    const controller = new AbortController();
    const pending = rejectionOf(sandbox.client().getSubscription(ELIGIBLE, { signal: controller.signal }));
    await untilSandboxReceived(sandbox);
    controller.abort();
    const error = await pending;
    expect(error).not.to.be.instanceOf(ApiError);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('AbortError');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const sandbox = await openSandbox();
    const reason = new Error('superseded');
    expect(await rejectionOf(sandbox.client().getSubscription(ELIGIBLE, { signal: AbortSignal.abort(reason) }))).to.equal(reason);
    expect(await sandbox.requests()).to.deep.equal([]);
  });
});

// One failed request, once: the sandbox's network failure reaches the client however the browser's connection was
// used before, and the browser never sends the request again by itself (test/unit/sandbox/node.test.ts).
describe('ApiClient reports a dropped connection', () => {
  const dropped: Fault = { status: 0 };
  const statuses = async (sandbox: TestSandbox) => (await sandbox.requests()).map((request) => `${request.method} ${request.status}`);

  it('reports a network failure as kind network', async () => {
    const sandbox = await openSandbox();
    await sandbox.fault(dropped);
    const error = await apiErrorOf(sandbox.client().getSubscription(ELIGIBLE));
    expect(error).to.include({ kind: 'network', status: 0 });
    expect(error.cause).to.be.instanceOf(TypeError);
    expect(await statuses(sandbox)).to.deep.equal(['GET 0']);
  });

  it('reports a network failure on a kept-alive connection as kind network', async () => {
    const sandbox = await openSandbox();
    const client = sandbox.client();
    await client.getSubscription(ELIGIBLE);
    await sandbox.fault(dropped);
    expect((await apiErrorOf(client.getSubscription(ELIGIBLE))).kind).to.equal('network');
    expect(await statuses(sandbox)).to.deep.equal(['GET 200', 'GET 0']);
  });

  it('reports a network failure during the upgrade as kind network', async () => {
    const sandbox = await openSandbox();
    const client = sandbox.client();
    await client.getSubscription(ELIGIBLE);
    await sandbox.fault({ ...dropped, method: 'PATCH', path: 'upgrade_to_prepaid' });
    expect((await apiErrorOf(client.upgradeToPrepaid(ELIGIBLE, sixCancel))).kind).to.equal('network');
    expect((await client.getSubscription(ELIGIBLE)).prepaid_subscription_context, 'nothing was upgraded').to.equal(null);
    expect(await statuses(sandbox)).to.deep.equal(['GET 200', 'PATCH 0', 'GET 200']);
  });
});

describe('ids that are path steps', () => {
  it('are refused before anything is sent, so a request cannot land elsewhere under the base address', async () => {
    const session = await sandboxSession();
    const client = createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => session.token },
    });
    for (const id of ['.', '..', '']) {
      expect(await client.getSubscription(id).catch((e: ApiError) => e.kind), id).to.equal('malformed');
      expect(await client.getProduct(id).catch((e: ApiError) => e.kind), id).to.equal('malformed');
      expect(
        await client
          .upgradeToPrepaid(id, { orders_per_billing: 3, renewal_behavior: 'cancel', offer: 'live' })
          .catch((e: ApiError) => e.kind),
        id,
      ).to.equal('malformed');
    }
    expect(await session.requests()).to.deep.equal([]);
  });
});
