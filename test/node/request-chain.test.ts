/**
 * The reading of a visit's requests that the bench's chain and scale tables rest on (bench/request-chain.ts), on
 * requests made up to show each way it can go wrong: what each request is, which are token checks, the round trips
 * to the offer and the idle time before each step, and what a page's listings missed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  countKinds,
  missedByListings,
  readChain,
  requestKind,
  requestsOf,
  roundTripsOf,
  withTokenChecks,
  type RequestKind,
  type TimedRequest,
} from '../../bench/request-chain.js';

const addresses = { bundlePath: '/dist/prepaid-upgrade.js', tokenPath: '/account/storefront-token', apiBase: '/sandbox' };

describe('what a request is', () => {
  const kind = (url: string) => requestKind(url, addresses);

  it('tells the bundle, the token endpoint and anything else of the page', () => {
    assert.equal(kind('http://127.0.0.1:8000/dist/prepaid-upgrade.js'), 'bundle');
    assert.equal(kind('/account/storefront-token'), 'token');
    assert.equal(kind('/dist/discovery.js'), 'other');
    assert.equal(kind('/account.html'), 'other');
  });

  it("tells each read of the service, under its base or an isolated instance's", () => {
    assert.equal(kind('/sandbox/subscriptions/sub_1/'), 'subscription');
    assert.equal(kind('/sandbox/i/bench1/subscriptions/sub_1/'), 'subscription');
    assert.equal(kind('/sandbox/subscriptions/?live=true&limit=100'), 'subscription listing');
    assert.equal(kind('/sandbox/products/prod_1/'), 'product');
    assert.equal(kind('/sandbox/orders/ord_1/'), 'order by id');
    assert.equal(kind('/sandbox/subscriptions/sub_1/upgrade_to_prepaid/'), 'upgrade');
    assert.equal(kind('/sandbox/customers'), 'other');
  });

  it("tells one subscription's next order from a listing of the page's next orders", () => {
    assert.equal(kind('/sandbox/orders/?subscription=sub_1&status=1'), 'next order');
    assert.equal(kind('/sandbox/orders/?status=1&limit=100'), 'orders listing');
    assert.equal(kind('/sandbox/orders/?status=1&subscription=sub_1&subscription=sub_2'), 'orders listing');
    assert.equal(kind('/sandbox/orders/?status=1&subscription=sub_1,sub_2'), 'orders listing');
  });

  it("reads a visit's requests from the page's own response and its Resource Timing entries", () => {
    const requests = requestsOf(
      '/account.html',
      150,
      [{ url: 'http://127.0.0.1:8000/sandbox/orders/?subscription=sub_1&status=1', startMs: 400, endMs: 550, fromCache: false }],
      addresses,
    );
    assert.deepEqual(requests, [
      { kind: 'page', path: '/account.html', startMs: 0, endMs: 150, fromCache: false },
      { kind: 'next order', path: '/sandbox/orders/?subscription=sub_1&status=1', startMs: 400, endMs: 550, fromCache: false },
    ]);
  });
});

/** A request of `kind` from `start` to `end` (ms), over the network unless `fromCache`. */
const request = (kind: RequestKind, startMs: number, endMs: number, fromCache = false): TimedRequest => ({
  kind,
  path: `/${kind.replaceAll(' ', '-')}`,
  startMs,
  endMs,
  fromCache,
});

/** A first visit on a network answering 150 ms late: page → bundle → token → subscription → product ∥ next order. */
const firstVisit = [
  request('page', 0, 160),
  request('bundle', 170, 330),
  request('token', 360, 515),
  request('subscription', 520, 675),
  request('product', 680, 835),
  request('next order', 681, 836),
  request('order by id', 840, 995),
];

describe('token checks', () => {
  it('takes a token request that the reads waited for as a token, not a check', () => {
    assert.deepEqual(
      withTokenChecks(firstVisit).map((r) => r.kind),
      firstVisit.map((r) => r.kind),
    );
  });

  it('takes a token request beside the reads, before or after them, as a check of a kept token', () => {
    for (const start of [170, 175]) {
      const visit = [request('page', 0, 160), request('token', start, start + 155), request('subscription', 172, 330)];
      assert.equal(withTokenChecks(visit)[1]!.kind, 'token check', `the token asked for at ${start} ms`);
    }
  });

  it('takes a token asked for again after a refused read as a token', () => {
    const visit = [
      request('page', 0, 160),
      request('subscription', 170, 320),
      request('token', 325, 480),
      request('subscription', 485, 640),
    ];
    assert.equal(withTokenChecks(visit)[2]!.kind, 'token');
  });
});

describe('round trips', () => {
  it('counts each request that started after an answer one round trip after it, side by side as one', () => {
    assert.deepEqual(roundTripsOf(firstVisit), [1, 2, 3, 4, 5, 5, 6]);
  });

  it('counts no round trip for a file from the cache, nor one for waiting on it', () => {
    const visit = [request('page', 0, 160), request('bundle', 170, 171, true), request('subscription', 180, 330)];
    assert.deepEqual(roundTripsOf(visit), [1, 0, 2]);
  });

  it('reads requests in any order', () => {
    assert.deepEqual(roundTripsOf([...firstVisit].reverse()), [6, 5, 5, 4, 3, 2, 1]);
  });
});

describe('the chain to the offer', () => {
  it('counts the round trips of the requests answered before the offer, and describes them', () => {
    const chain = readChain(firstVisit, 850);
    assert.equal(chain.roundTrips, 5);
    assert.equal(chain.described, 'page → bundle → token → subscription → product ∥ next order');
    assert.equal(chain.requests, 7);
  });

  it('leaves out the order read by id, which the offer never waits for, even when it was answered before the offer', () => {
    const chain = readChain(firstVisit, 1000);
    assert.equal(chain.roundTrips, 5);
    assert.equal(chain.described, 'page → bundle → token → subscription → product ∥ next order');
  });

  it('gives each step the idle time since the answer before it, and marks what was answered after the offer', () => {
    const steps = readChain(firstVisit, 850).steps;
    const step = (name: string) => steps.find((s) => s.name === name)!;
    assert.equal(step('page').idle, null);
    assert.deepEqual(step('token').idle, { after: 'bundle', ms: 30 });
    assert.deepEqual(step('GET subscription').idle, { after: 'token', ms: 5 });
    assert.deepEqual(step('GET product').idle, { after: 'subscription', ms: 5 });
    assert.deepEqual(step('offer shown').idle, { after: 'next order', ms: 14 });
    assert.equal(step('GET order by id').afterOffer, true);
    assert.equal(step('GET product').afterOffer, false);
    assert.deepEqual(
      steps.map((s) => s.name),
      ['page', 'bundle', 'token', 'GET subscription', 'GET product', 'GET next order', 'GET order by id', 'offer shown'],
    );
  });

  it('reads a return visit with the bundle from the cache and the kept token checked beside the reads as 2 round trips', () => {
    const visit = [
      request('page', 0, 160),
      request('bundle', 165, 166, true),
      request('subscription', 180, 335),
      request('next order', 180, 336),
      request('token', 181, 337),
    ];
    const chain = readChain(visit, 345);
    assert.equal(chain.roundTrips, 2);
    assert.equal(chain.described, 'page → subscription ∥ next order ∥ token check');
    assert.equal(chain.requests, 4);
  });

  it('counts a token request on a return visit that the subscription read waited for as a round trip of its own', () => {
    const visit = [
      request('page', 0, 160),
      request('bundle', 165, 166, true),
      request('token', 170, 325),
      request('subscription', 330, 485),
    ];
    const chain = readChain(visit, 490);
    assert.equal(chain.roundTrips, 3);
    assert.equal(chain.described, 'page → token → subscription');
  });
});

describe('requests of a page', () => {
  it('counts each kind, naming every kind', () => {
    const counts = countKinds(['token', 'product', 'product']);
    assert.equal(counts.token, 1);
    assert.equal(counts.product, 2);
    assert.equal(counts['orders listing'], 0);
  });

  it("tells the page's ids that no listing answered with, and none without a listing", () => {
    assert.deepEqual(missedByListings(['a', 'b', 'c'], [['a'], ['c', 'd']]), ['b']);
    assert.deepEqual(missedByListings(['a', 'b'], [[]]), ['a', 'b']);
    assert.deepEqual(missedByListings(['a', 'b'], []), []);
  });
});
