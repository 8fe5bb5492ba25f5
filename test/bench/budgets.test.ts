// The performance budgets, checked against figures the benchmark measures in this same run (on the built bundles:
// `npm test` builds first). `npm run test:bench` runs it alone, after the other node tests, which run two files at a
// time: its main-thread figures are taken on a machine busy with nothing else, and each is compared with the floors
// measured beside it, so that a slower machine slows both.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { formatFigures, measureSize, runBench, type BenchFigures } from '../../bench/bench.js';
import { BUDGETS } from '../../bench/budgets.js';
import { firstVisitVerdicts, unexpectedStates, type Verdict } from '../../bench/first-visit-budgets.js';
import { SETTINGS, type FirstVisitRun, type PageKind, type Visit } from '../../bench/first-visit.js';
import { describeReads, readyRequests, type LoggedRequest } from '../../bench/ready-requests.js';

const bundle = await measureSize('prepaid-upgrade.js');
const classicBundle = await measureSize('prepaid-upgrade.iife.js');
const discoveryChunk = await measureSize('discovery.js');

describe('performance budgets', () => {
  let figures: BenchFigures;
  let verdicts: Verdict[];
  before(async () => {
    // Seven first visits of each page, as `npm run bench`; the floors at 4× CPU only, where the budgets compare with
    // them; fewer mounts (each reads the same three things) and a shorter warm-up before the 1,000 cycles.
    figures = await runBench({ visits: 7, floorsAt1x: false, mounts: 10, warmUp: 100 });
    verdicts = firstVisitVerdicts(figures.firstVisits);
    console.log(formatFigures(figures));
  });
  /** The verdict of the budget named `check` (bench/first-visit-budgets.ts). */
  const holds = (check: string) => {
    const verdict = verdicts.find((v) => v.check === check);
    assert.ok(verdict, `no verdict "${check}"`);
    assert.ok(verdict.pass, verdict.detail);
  };

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

  it('holds its room synchronously on connection, before its first render', () => {
    assert.equal(figures.roomOnConnection, true);
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

  it('measures the account page it claims: every widget settles in its state (ready, prepaid, ineligible, error)', () => {
    assert.deepEqual(unexpectedStates(figures.firstVisits), []);
  });

  // The static floor stamps what the widget showed in this run: once settled, its page is the widget's page.
  it("stamps the very page the widget shows: the static floor's page is as tall as the widget's, settled", () => {
    for (const { rate } of SETTINGS) {
      const heights = (kind: PageKind) =>
        new Set(
          figures.firstVisits.filter((r) => r.kind === kind && r.setting.rate === rate).flatMap((r) => r.visits.map((v) => v.mainHeightPx)),
        );
      const stamp = heights('static');
      if (!stamp.size) continue;
      assert.deepEqual([...stamp], [...heights('widget')], `at ${rate}× CPU`);
    }
  });

  // The floors show everything at once: a shift on their pages would be the page's, not any widget's.
  it('holds the floors still: no layout shift on their pages', () => {
    for (const run of figures.firstVisits.filter((r) => r.kind !== 'widget')) {
      assert.deepEqual(
        run.visits.map((visit) => visit.cls),
        run.visits.map(() => 0),
        `${run.kind} at ${run.setting.rate}×`,
      );
    }
  });

  it(`at 4× CPU, takes at most ${BUDGETS.firstVisit.longestTaskVsLitFloor} × the Lit floor's longest task`, () =>
    holds('longest task at 4×'));

  it(`at 4× CPU, blocks at most ${BUDGETS.firstVisit.blockingTimeOverLitFloorMs} ms more than the Lit floor`, () =>
    holds('total blocking time at 4×'));

  it('at 1× CPU, runs no task over 50 ms in at least six of seven first visits', () => holds('long tasks at 1×'));

  it(`at 4× CPU, shows a tap on a choice within ${BUDGETS.firstVisit.tapVsStaticFloor} × the static floor's time`, () =>
    holds('tap on a choice at 4×'));

  for (const { viewport } of SETTINGS) {
    it(`shifts the page by at most ${BUDGETS.firstVisit.layoutShift} at ${viewport.width} px wide, until every widget has settled`, () =>
      holds(`layout shift at ${viewport.width} px`));
  }

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

// The first-visit budgets' verdicts, on visits made up to show that each can fail, and what counts for a visit
// without a long task or without an event entry.
describe('first-visit budgets', () => {
  /** A visit with these long tasks, this layout shift and this tap (`null`: no entry of 16 ms or more). */
  const visit = ({ longTasks = [] as number[], cls = 0, tapMs = 24 as number | null } = {}): Visit => ({
    settledMs: 500,
    states: ['ready', 'prepaid', 'ineligible', 'error'],
    longTasks,
    longestTaskRan: '',
    cls,
    movedBelowPx: 0,
    mainHeightPx: 2000,
    tapMs,
    tapEvents: '',
  });
  /** Seven visits of `kind` at `rate` × CPU, all alike. */
  const run = (kind: PageKind, rate: number, each: Visit): FirstVisitRun => ({
    kind,
    setting: SETTINGS.find((setting) => setting.rate === rate)!,
    visits: Array.from({ length: 7 }, () => each),
  });
  /** A run where every budget holds, with `changes` made to it. */
  const runs = (changes: Partial<Record<`${PageKind} ${1 | 4}`, FirstVisitRun['visits']>> = {}): FirstVisitRun[] => {
    const base: Record<`${PageKind} ${1 | 4}`, Visit> = {
      'widget 1': visit(),
      'lit 1': visit(),
      'static 1': visit(),
      'widget 4': visit({ longTasks: [90, 60] }),
      'lit 4': visit({ longTasks: [80] }),
      'static 4': visit({ longTasks: [70] }),
    };
    return Object.entries(base).map(([key, each]) => {
      const [kind, rate] = key.split(' ') as [PageKind, string];
      const made = run(kind, Number(rate), each);
      const changed = changes[key as keyof typeof changes];
      return changed ? { ...made, visits: changed } : made;
    });
  };
  const verdict = (of: FirstVisitRun[], check: string) => firstVisitVerdicts(of).find((v) => v.check === check)!;
  const seven = (each: Visit) => Array.from({ length: 7 }, () => each);

  it('passes every budget when the widget keeps to its floors', () => {
    assert.deepEqual(
      firstVisitVerdicts(runs()).filter((v) => !v.pass),
      [],
    );
  });

  it("fails the longest task at 4× over 1.5 × the Lit floor's, a floor visit without a long task counting as 50 ms", () => {
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ longTasks: [121] })) }), 'longest task at 4×').pass, false);
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ longTasks: [120] })) }), 'longest task at 4×').pass, true);
    const quietFloor = { 'lit 4': seven(visit()) };
    assert.equal(verdict(runs({ ...quietFloor, 'widget 4': seven(visit({ longTasks: [75] })) }), 'longest task at 4×').pass, true);
    assert.equal(verdict(runs({ ...quietFloor, 'widget 4': seven(visit({ longTasks: [76] })) }), 'longest task at 4×').pass, false);
  });

  it("fails the total blocking time at 4× over the Lit floor's + 50 ms", () => {
    // The floor blocks 30 ms (one task of 80 ms): the widget may block 80.
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ longTasks: [100, 80] })) }), 'total blocking time at 4×').pass, true);
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ longTasks: [100, 81] })) }), 'total blocking time at 4×').pass, false);
  });

  it('fails at 1× when more than one visit in seven has a task over 50 ms', () => {
    const some = (n: number) => Array.from({ length: 7 }, (_, i) => visit({ longTasks: i < n ? [51] : [] }));
    assert.equal(verdict(runs({ 'widget 1': some(1) }), 'long tasks at 1×').pass, true);
    assert.equal(verdict(runs({ 'widget 1': some(2) }), 'long tasks at 1×').pass, false);
  });

  it("fails the tap over 1.5 × the static floor's, a tap without an entry counting as 16 ms", () => {
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ tapMs: 40 })) }), 'tap on a choice at 4×').pass, false);
    assert.equal(verdict(runs({ 'widget 4': seven(visit({ tapMs: 32 })) }), 'tap on a choice at 4×').pass, true);
    const quickFloor = { 'static 4': seven(visit({ tapMs: null })) };
    assert.equal(verdict(runs({ ...quickFloor, 'widget 4': seven(visit({ tapMs: 24 })) }), 'tap on a choice at 4×').pass, true);
    assert.equal(verdict(runs({ ...quickFloor, 'widget 4': seven(visit({ tapMs: 32 })) }), 'tap on a choice at 4×').pass, false);
  });

  it('fails a median layout shift over 0.05 at either width', () => {
    const shifted = (cls: number[]) => cls.map((value) => visit({ cls: value }));
    const wide = runs({ 'widget 1': shifted([0, 0, 0, 0.06, 0.06, 0.06, 0.06]) });
    assert.equal(verdict(wide, 'layout shift at 1280 px').pass, false);
    assert.equal(verdict(wide, 'layout shift at 360 px').pass, true);
    const narrow = runs({ 'widget 4': shifted([0, 0, 0, 0, 0.2, 0.2, 0.2]).map((v) => ({ ...v, longTasks: [90, 60] })) });
    assert.equal(verdict(narrow, 'layout shift at 360 px').pass, true);
    assert.equal(verdict(narrow, 'layout shift at 1280 px').pass, true);
  });

  it('tells a widget that settled in another state than its page shows', () => {
    const wrong = runs({ 'widget 1': seven({ ...visit(), states: ['ready', 'prepaid', 'ineligible', 'loading'] }) });
    assert.equal(unexpectedStates(wrong).length, 7);
    assert.deepEqual(unexpectedStates(runs()), []);
  });
});
