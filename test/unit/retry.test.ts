/**
 * Which failures are tried again, after how long, and never for an upgrade that may have been applied: the pure
 * rules, then the client following them against the real sandbox.
 */
import { expect } from '@open-wc/testing';
import { resolveBaseAddress } from '../../src/api/base-address.js';
import { createApiClient, type ApiClientOptions, type TokenSource } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { isRetryable, retryDelayMs, sleep } from '../../src/api/retry.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../helpers/sandbox-session.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const http = (status: number, retryAfterSeconds?: number) =>
  new ApiError('http', `answered ${status}`, { status, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });

describe('isRetryable', () => {
  const table: Array<[string, ApiError, { GET: boolean; PATCH: boolean }]> = [
    ['423', http(423), { GET: true, PATCH: true }],
    ['429', http(429), { GET: true, PATCH: true }],
    ['502', http(502), { GET: true, PATCH: false }],
    ['503', http(503), { GET: true, PATCH: false }],
    ['504', http(504), { GET: true, PATCH: false }],
    ['a network error', new ApiError('network', 'x'), { GET: true, PATCH: false }],
    ['500', http(500), { GET: false, PATCH: false }],
    ['a timeout', new ApiError('timeout', 'x'), { GET: false, PATCH: false }],
    ['400', http(400), { GET: false, PATCH: false }],
    ['401', http(401), { GET: false, PATCH: false }],
    ['403', http(403), { GET: false, PATCH: false }],
    ['404', http(404), { GET: false, PATCH: false }],
    ['a malformed answer', new ApiError('malformed', 'x'), { GET: false, PATCH: false }],
  ];
  for (const [name, error, expected] of table) {
    it(`${expected.GET ? 'retries' : 'does not retry'} a read, and ${expected.PATCH ? 'retries' : 'does not retry'} the upgrade, after ${name}`, () => {
      expect(isRetryable(error, 'GET')).to.equal(expected.GET);
      expect(isRetryable(error, 'PATCH')).to.equal(expected.PATCH);
    });
  }
  it('never retries what is not an ApiError', () => {
    expect(isRetryable(new TypeError('bug'), 'GET')).to.be.false;
  });
});

describe('retryDelayMs', () => {
  it('waits what Retry-After says', () => {
    expect(retryDelayMs(http(429, 3), 1)).to.equal(3000);
    expect(retryDelayMs(http(429, 0.2), 1)).to.equal(200);
  });
  it('doubles from 250 ms, with up to half of each delay left to chance', () => {
    const lowest = [1, 2, 3].map((attempt) => retryDelayMs(http(423), attempt, () => 0));
    const highest = [1, 2, 3].map((attempt) => retryDelayMs(http(423), attempt, () => 1));
    expect(lowest).to.deep.equal([125, 250, 500]);
    expect(highest).to.deep.equal([250, 500, 1000]);
  });
});

describe('sleep', () => {
  it('stops waiting as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new DOMException('gone', 'AbortError'));
    const error = await waiting.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as DOMException).name).to.equal('AbortError');
    expect(performance.now() - started).to.be.below(1000);
  });
});

describe('the client retries against the sandbox', () => {
  let session: SandboxSession;
  const client = (options: Partial<ApiClientOptions> = {}) =>
    createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => session.token },
      ...options,
    });
  const reads = async () => (await session.requests()).filter((r) => r.method === 'GET');
  const patches = async () => (await session.requests()).filter((r) => r.method === 'PATCH');

  beforeEach(async () => {
    session = await sandboxSession();
  });

  it('reads again after a 423 and succeeds', async () => {
    await session.fault({ status: 423, count: 1 });
    expect((await client().getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
    expect(await reads()).to.have.length(2);
  });

  it('gives up after 4 tries in all', async () => {
    await session.fault({ status: 423, count: 10 });
    const error = await client()
      .getSubscription(ELIGIBLE)
      .catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 423 });
    expect(await reads()).to.have.length(4);
  });

  for (const status of [502, 503, 504, 0]) {
    it(`reads again after ${status === 0 ? 'a network failure' : status}`, async () => {
      await session.fault({ status, count: 1 });
      expect((await client().getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
      expect((await reads()).length).to.be.at.least(2);
    });
  }

  it('does not read again after a 500', async () => {
    await session.fault({ status: 500, count: 1 });
    const error = await client()
      .getSubscription(ELIGIBLE)
      .catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 500 });
    expect(await reads()).to.have.length(1);
  });

  it('waits the Retry-After of a 429 before trying again', async () => {
    await session.fault({ status: 429, count: 1, retryAfter: 1 });
    const started = performance.now();
    await client().getSubscription(ELIGIBLE);
    expect(performance.now() - started).to.be.at.least(1000);
    expect(await reads()).to.have.length(2);
  });

  it('does not wait beyond its 5-second budget for a long Retry-After', async () => {
    await session.fault({ status: 429, count: 1, retryAfter: 30 });
    const started = performance.now();
    const error = await client()
      .getSubscription(ELIGIBLE)
      .catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 429, retryAfterSeconds: 30 });
    expect(performance.now() - started).to.be.below(2000);
    expect(await reads()).to.have.length(1);
  });

  it('re-sends the upgrade after a 423, which certainly did not apply it', async () => {
    await session.fault({ status: 423, count: 1, method: 'PATCH' });
    const upgraded = await client().upgradeToPrepaid(ELIGIBLE, { orders_per_billing: 6, renewal_behavior: 'autorenew', offer: 'live' });
    expect(upgraded.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
    expect(await patches()).to.have.length(2);
  });

  for (const status of [500, 502, 503, 504, 0]) {
    it(`never re-sends the upgrade by itself after ${status === 0 ? 'a network failure' : status}`, async () => {
      await session.fault({ status, count: 10, method: 'PATCH' });
      const error = await client()
        .upgradeToPrepaid(ELIGIBLE, { orders_per_billing: 6, renewal_behavior: 'autorenew', offer: 'live' })
        .catch((e: ApiError) => e);
      expect(error).to.be.instanceOf(ApiError);
      expect(await patches()).to.have.length(1);
    });
  }

  it('stops retrying when its caller aborts', async () => {
    await session.fault({ status: 423, count: 10 });
    const controller = new AbortController();
    const pending = client().getSubscription(ELIGIBLE, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new DOMException('gone', 'AbortError'));
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).to.equal('AbortError');
    const seen = (await reads()).length;
    await sleep(600);
    expect(await reads()).to.have.length(seen);
  });
});

describe('the client renews a refused token once', () => {
  let session: SandboxSession;
  beforeEach(async () => {
    session = await sandboxSession();
  });
  const clientWith = (first: string, renewAfterRefusal: TokenSource['renewAfterRefusal']) =>
    createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => first, ...(renewAfterRefusal ? { renewAfterRefusal } : {}) },
    });
  const stale = () => sandboxSession({ ts: Math.floor(Date.now() / 1000) - 3 * 3600 }).then((s) => s.token);

  it('tries once more with a new token after a 401', async () => {
    const refused = await stale();
    const seen: string[] = [];
    const client = clientWith(refused, async (token) => (seen.push(token), session.token));
    expect((await client.getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
    expect(seen).to.deep.equal([refused]);
    const requests = await session.requests();
    expect(requests.map((r) => r.status)).to.deep.equal([401, 200]);
    expect(requests[1]!.headers.authorization).to.equal(session.token);
  });

  it('gives up when no new token can be had', async () => {
    const client = clientWith(await stale(), async () => undefined);
    const error = await client.getSubscription(ELIGIBLE).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(await session.requests()).to.have.length(1);
  });

  it('renews only once, even when the new token is refused too', async () => {
    const refused = await stale();
    let asked = 0;
    const client = clientWith(refused, async () => (asked++, stale()));
    const error = await client
      .upgradeToPrepaid(ELIGIBLE, { orders_per_billing: 3, renewal_behavior: 'cancel', offer: 'live' })
      .catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 401 });
    expect(asked).to.equal(1);
    expect(await session.requests()).to.have.length(2);
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
