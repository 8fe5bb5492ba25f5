/**
 * Which failures are tried again, after how long, and never for an upgrade that may have been applied: the pure
 * rules, then the client following them against the real sandbox. The client's waits pass on a controlled clock
 * (test/helpers/controlled-clock.ts): each test states the exact waits the client chose, and none takes real time.
 */
import { expect } from '@open-wc/testing';
import { resolveBaseAddress } from '../../../src/api/base-address.js';
import { createApiClient, type ApiClientOptions } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import { isRetryable, retryDelayMs, sleep } from '../../../src/api/retry.js';
import { until, withClock, type ControlledClock } from '../../helpers/controlled-clock.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

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
  it('waits the time it is given on the page’s timers', () =>
    withClock({}, async (clock) => {
      let done = false;
      const waiting = sleep(250).then(() => (done = true));
      expect(clock.pending()).to.deep.equal([250]);
      clock.advance(249);
      await Promise.resolve();
      expect(done, 'still waiting after 249 ms').to.be.false;
      clock.advance(1);
      await waiting;
      expect(clock.waits).to.deep.equal([250]);
    }));

  it('stops waiting as soon as its signal aborts, and clears its timer', () =>
    withClock({}, async (clock) => {
      const controller = new AbortController();
      const waiting = sleep(10_000, controller.signal);
      expect(clock.pending()).to.deep.equal([10_000]);
      controller.abort(new DOMException('gone', 'AbortError'));
      const error = await waiting.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as DOMException).name).to.equal('AbortError');
      expect(clock.pending(), 'no timer left').to.deep.equal([]);
    }));
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
  const upgradeRequest = { orders_per_billing: 6, renewal_behavior: 'autorenew', offer: 'live' } as const;
  /** The client waits between tries on a clock that moves on to each wait at once, and the test sees every wait. */
  const onClock = (test: (clock: ControlledClock) => Promise<void>) => () => withClock({ auto: true }, test);
  /** Waits in real time until the client has sent `count` reads and is waiting on the clock. */
  const waitingAfter = async (count: number, clock: ControlledClock) =>
    until(async () => clock.pending().length === 1 && (await reads()).length === count, `the client is not waiting after ${count} reads`);

  beforeEach(async () => {
    session = await sandboxSession();
  });

  it(
    'reads again after a 423 and succeeds',
    onClock(async (clock) => {
      await session.fault({ status: 423, count: 1 });
      expect((await client().getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
      expect(await reads()).to.have.length(2);
      expect(clock.waits).to.have.length(1);
      expect(clock.waits[0]).to.be.within(125, 250);
    }),
  );

  it(
    'gives up after 4 tries in all, with the backoff between them',
    onClock(async (clock) => {
      await session.fault({ status: 423, count: 10 });
      const error = await client()
        .getSubscription(ELIGIBLE)
        .catch((e: ApiError) => e);
      expect(error).to.include({ kind: 'http', status: 423 });
      expect(await reads()).to.have.length(4);
      expect(clock.waits).to.have.length(3);
      [
        [125, 250],
        [250, 500],
        [500, 1000],
      ].forEach(([min, max], i) => expect(clock.waits[i], `wait ${i + 1} of ${clock.waits.join(', ')}`).to.be.within(min!, max!));
    }),
  );

  it('waits the backoff’s bounds exactly: half of each wait fixed, half left to chance', async () => {
    const random = Math.random;
    const waitsWith = (value: number) =>
      withClock({ auto: true }, async (clock) => {
        Math.random = () => value;
        const own = await sandboxSession();
        await own.fault({ status: 503, count: 10 });
        const reader = createApiClient({
          baseAddress: resolveBaseAddress({ apiBase: own.apiBase, pageUrl: location.href }),
          credentials: { authorization: async () => own.token },
        });
        await reader.getSubscription(ELIGIBLE).catch(() => undefined);
        return clock.waits;
      });
    try {
      expect(await waitsWith(0)).to.deep.equal([125, 250, 500]);
      expect(await waitsWith(1)).to.deep.equal([250, 500, 1000]);
    } finally {
      Math.random = random;
    }
  });

  for (const status of [502, 503, 504, 0]) {
    it(
      `reads again after ${status === 0 ? 'a network failure' : status}`,
      onClock(async (clock) => {
        await session.fault({ status, count: 1 });
        expect((await client().getSubscription(ELIGIBLE)).public_id).to.equal(ELIGIBLE);
        expect((await reads()).map((r) => r.status)).to.deep.equal([status, 200]);
        expect(clock.waits).to.have.length(1);
      }),
    );
  }

  it(
    'does not read again after a 500',
    onClock(async (clock) => {
      await session.fault({ status: 500, count: 1 });
      const error = await client()
        .getSubscription(ELIGIBLE)
        .catch((e: ApiError) => e);
      expect(error).to.include({ kind: 'http', status: 500 });
      expect(await reads()).to.have.length(1);
      expect(clock.waits).to.deep.equal([]);
    }),
  );

  it('waits the Retry-After of a 429, and not a moment less, before trying again', () =>
    withClock({}, async (clock) => {
      await session.fault({ status: 429, count: 1, retryAfter: 1 });
      const reading = client().getSubscription(ELIGIBLE);
      await waitingAfter(1, clock);
      expect(clock.pending()).to.deep.equal([1000]);
      clock.advance(999);
      expect(await reads(), 'nothing sent after 999 ms').to.have.length(1);
      clock.advance(1);
      expect((await reading).public_id).to.equal(ELIGIBLE);
      expect((await reads()).map((r) => r.status)).to.deep.equal([429, 200]);
      expect(clock.waits).to.deep.equal([1000]);
    }));

  it(
    'waits until the HTTP date a Retry-After names',
    onClock(async (clock) => {
      await session.fault({ status: 429, count: 1, retryAfter: new Date(clock.now() + 3000).toUTCString() });
      await client().getSubscription(ELIGIBLE);
      expect(clock.waits).to.deep.equal([3000]);
      expect(await reads()).to.have.length(2);
    }),
  );

  it(
    'does not wait beyond its 5-second budget for a long Retry-After',
    onClock(async (clock) => {
      await session.fault({ status: 429, count: 1, retryAfter: 30 });
      const error = await client()
        .getSubscription(ELIGIBLE)
        .catch((e: ApiError) => e);
      expect(error).to.include({ kind: 'http', status: 429, retryAfterSeconds: 30 });
      expect(clock.waits, 'no wait at all').to.deep.equal([]);
      expect(await reads()).to.have.length(1);
    }),
  );

  it(
    'starts no try more than 5 seconds after the first',
    onClock(async (clock) => {
      // Tries at 0, 2 and 4 s; a fourth would start at 6 s.
      await session.fault({ status: 429, count: 10, retryAfter: 2 });
      const error = await client()
        .getSubscription(ELIGIBLE)
        .catch((e: ApiError) => e);
      expect(error).to.include({ kind: 'http', status: 429 });
      expect(clock.waits).to.deep.equal([2000, 2000]);
      expect(await reads()).to.have.length(3);
    }),
  );

  it(
    're-sends the upgrade after a 423, which certainly did not apply it',
    onClock(async (clock) => {
      await session.fault({ status: 423, count: 1, method: 'PATCH' });
      const upgraded = await client().upgradeToPrepaid(ELIGIBLE, upgradeRequest);
      expect(upgraded.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
      expect(await patches()).to.have.length(2);
      expect(clock.waits).to.have.length(1);
    }),
  );

  for (const status of [500, 502, 503, 504, 0]) {
    it(
      `never re-sends the upgrade by itself after ${status === 0 ? 'a network failure' : status}`,
      onClock(async (clock) => {
        await session.fault({ status, count: 10, method: 'PATCH' });
        const error = await client()
          .upgradeToPrepaid(ELIGIBLE, upgradeRequest)
          .catch((e: ApiError) => e);
        expect(error).to.be.instanceOf(ApiError);
        expect(await patches()).to.have.length(1);
        expect(clock.waits).to.deep.equal([]);
      }),
    );
  }

  it('stops retrying when its caller aborts', () =>
    withClock({}, async (clock) => {
      await session.fault({ status: 423, count: 10 });
      const controller = new AbortController();
      const pending = client().getSubscription(ELIGIBLE, { signal: controller.signal });
      await waitingAfter(1, clock);
      controller.abort(new DOMException('gone', 'AbortError'));
      const error = await pending.catch((e: unknown) => e);
      expect((error as DOMException).name).to.equal('AbortError');
      expect(clock.pending(), 'the wait is cleared').to.deep.equal([]);
      clock.advance(10_000);
      expect(await reads(), 'nothing sent afterwards').to.have.length(1);
    }));
});
