// The performance budgets, checked against figures the benchmark measures in this same run (on the built bundles:
// `npm test` builds first). `npm run test:bench` runs it alone, after the other node tests, which run two files at a
// time: its main-thread figures (the longest task) are taken on a machine busy with nothing else.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { describeLongTasks, formatFigures, measureSize, runBench, type BenchFigures } from '../../bench/bench.js';
import { BUDGETS } from '../../bench/budgets.js';
import { describeReads, readyRequests, type LoggedRequest } from '../../bench/ready-requests.js';

const bundle = await measureSize('prepaid-upgrade.js');
const classicBundle = await measureSize('prepaid-upgrade.iife.js');
const discoveryChunk = await measureSize('discovery.js');

describe('performance budgets', () => {
  let figures: BenchFigures;
  before(async () => {
    figures = await runBench();
    console.log(formatFigures(figures));
  });

  it(`keeps dist/prepaid-upgrade.js within ${BUDGETS.scriptBundleBrotliBytes} bytes brotli`, () => {
    assert.ok(bundle.brotli <= BUDGETS.scriptBundleBrotliBytes, `dist/prepaid-upgrade.js is ${bundle.brotli} bytes brotli`);
  });

  // The budget names the module; the classic script carries the same code and is held to it too.
  it(`keeps dist/prepaid-upgrade.iife.js within ${BUDGETS.scriptBundleBrotliBytes} bytes brotli`, () => {
    assert.ok(
      classicBundle.brotli <= BUDGETS.scriptBundleBrotliBytes,
      `dist/prepaid-upgrade.iife.js is ${classicBundle.brotli} bytes brotli`,
    );
  });

  it(`keeps dist/discovery.js within ${BUDGETS.discoveryChunkBrotliBytes} bytes brotli`, () => {
    assert.ok(discoveryChunk.brotli <= BUDGETS.discoveryChunkBrotliBytes, `dist/discovery.js is ${discoveryChunk.brotli} bytes brotli`);
  });

  it(`keeps our own code in dist/prepaid-upgrade.js within ${BUDGETS.ownCodeBrotliBytes} bytes brotli`, () => {
    const { whole, ours, litCore, litHtml, task } = figures.parts;
    assert.equal(whole, bundle.brotli, 'the parts are measured on the bundle that dist/ holds');
    for (const [part, bytes] of Object.entries({ ours, litCore, litHtml, task })) assert.ok(bytes > 0, `${part}: ${bytes} bytes`);
    assert.ok(ours <= BUDGETS.ownCodeBrotliBytes, `our own code is ${ours} bytes brotli`);
  });

  it('renders a placeholder synchronously on connection', () => {
    assert.equal(figures.placeholderOnConnection, true);
  });

  it('is ready after the subscription, then its product and its next order, nothing else', () => {
    assert.equal(figures.requestsBeforeReady, BUDGETS.requestsBeforeReady, describeReads(figures.readsBeforeReady));
  });

  it(`is ready within ${BUDGETS.roundTripsBeforeReady} round trips`, () => {
    assert.ok(
      figures.roundTripsBeforeReady <= BUDGETS.roundTripsBeforeReady,
      `${figures.roundTripsBeforeReady} round trips: ${describeReads(figures.readsBeforeReady)}`,
    );
  });

  it("reads the next order before ready, beside the product and not after the product's answer", () => {
    assert.equal(figures.nextOrder.readBeforeReady, figures.mounts, `read before ready in ${figures.nextOrder.readBeforeReady} mounts`);
    assert.equal(figures.nextOrder.afterProduct, 0, `the next order waited on the product in ${figures.nextOrder.afterProduct} mounts`);
  });

  it('reads the next order by id, as the listing the service documents has no sub_total, and never holds ready for it', () => {
    assert.equal(figures.orderById.read, figures.mounts, `read by id in ${figures.orderById.read} mounts`);
    assert.equal(figures.orderById.answeredBeforeReady, 0, `answered before ready in ${figures.orderById.answeredBeforeReady} mounts`);
  });

  it('upgrades with one more request', () => {
    assert.equal(figures.requestsBeforeSuccess, BUDGETS.requestsBeforeSuccess);
  });

  it(`runs no task over ${BUDGETS.longestTaskMs} ms on the main thread, in the quietest first visit`, () => {
    assert.ok(figures.longTasks.quietestLongestMs <= BUDGETS.longestTaskMs, `long tasks: ${describeLongTasks(figures.longTasks)}`);
  });

  it(`grows the heap by less than ${BUDGETS.heapGrowthBytes} bytes over 1,000 mount/unmount cycles`, () => {
    assert.ok(figures.heapGrowthBytes < BUDGETS.heapGrowthBytes, `grew by ${figures.heapGrowthBytes} bytes`);
  });
});

// The reading of the requests' log that the checks above rest on, on logs made up to show each way it can go wrong.
describe('round trips before ready', () => {
  /** A request from `start` to `end` on one timeline, whose places double as the sequence. */
  const request = (target: string, start: number, end: number | null): LoggedRequest => ({
    method: 'GET',
    target,
    startMs: start,
    endMs: end,
    startSeq: start,
    endSeq: end,
  });
  const subscription = (start: number, end: number) => request('/subscriptions/sub_1/', start, end);
  const product = (start: number, end: number | null) => request('/products/prod_1/', start, end);
  const order = (start: number, end: number | null) => request('/orders/?subscription=sub_1&status=1', start, end);
  const orderById = (start: number, end: number | null) => request('/orders/ord_1/', start, end);

  it('counts the product and the next order read side by side as one round trip', () => {
    const ready = readyRequests({ msToReady: 10, readySeq: 10, requests: [subscription(1, 3), order(4, 6), product(5, 7)] });
    assert.equal(ready.roundTrips, 2);
    assert.equal(ready.nextOrderRead, true);
    assert.equal(ready.nextOrderAfterProduct, false);
    assert.equal(describeReads(ready.reads), 'GET subscription; then GET next order ∥ GET product');
    assert.equal(ready.msFromLastAnswerToReady, 3);
  });

  it('counts a next order read that waits on the product as a third round trip', () => {
    const ready = readyRequests({ msToReady: 10, readySeq: 10, requests: [subscription(1, 2), product(3, 4), order(5, 6)] });
    assert.equal(ready.roundTrips, 3);
    assert.equal(ready.nextOrderAfterProduct, true);
    assert.equal(describeReads(ready.reads), 'GET subscription; then GET product; then GET next order');
  });

  it('tells a missing next order read, and leaves out what starts after ready', () => {
    const ready = readyRequests({ msToReady: 5, readySeq: 5, requests: [subscription(1, 2), product(3, 4), order(6, 7)] });
    assert.equal(ready.nextOrderRead, false);
    assert.equal(ready.reads.length, 2);
    assert.equal(ready.roundTrips, 2);
  });

  it('leaves the order read by id out of the reads before ready, and tells whether ready could have waited for it', () => {
    const after = readyRequests({ msToReady: 8, readySeq: 8, requests: [subscription(1, 2), order(3, 4), orderById(5, 9), product(3, 7)] });
    assert.equal(after.roundTrips, 2);
    assert.equal(describeReads(after.reads), 'GET subscription; then GET next order ∥ GET product');
    assert.deepEqual(after.orderById, { read: true, answeredBeforeReady: false });
    const waited = readyRequests({
      msToReady: 8,
      readySeq: 8,
      requests: [subscription(1, 2), order(3, 4), orderById(5, 6), product(3, 7)],
    });
    assert.deepEqual(waited.orderById, { read: true, answeredBeforeReady: true });
    const none = readyRequests({ msToReady: 8, readySeq: 8, requests: [subscription(1, 2), order(3, 4), product(3, 7)] });
    assert.deepEqual(none.orderById, { read: false, answeredBeforeReady: false });
  });

  it('counts a read still under way at ready in the round trip it started in', () => {
    const ready = readyRequests({ msToReady: 6, readySeq: 6, requests: [subscription(1, 2), order(3, null), product(4, 5)] });
    assert.equal(ready.roundTrips, 2);
    assert.equal(ready.nextOrderAfterProduct, false);
  });
});
