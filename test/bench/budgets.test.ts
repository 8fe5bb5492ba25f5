// The performance budgets, checked against figures the benchmark measures in this same run (on the built bundles:
// `npm test` builds first). `npm run test:bench` runs it alone, after the other node tests, which run two files at a
// time: its main-thread figures are taken on a machine busy with nothing else, and each is compared with the floors
// measured beside it, so that a slower machine slows both. The chain on a slow network and the pages of many widgets
// are checked on counts of requests, which no machine's speed changes: one visit of each is enough.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { formatFigures, measureSize, runBench, type BenchFigures } from '../../bench/bench.js';
import { BUDGETS } from '../../bench/budgets.js';
import { firstVisitGate, unexpectedStates, type Verdict } from '../../bench/first-visit-budgets.js';
import { LAYOUT_ORDERS, layoutVerdicts, type LayoutRun } from '../../bench/layout-visits.js';
import { SETTINGS, type FirstVisitRun, type PageKind, type Visit } from '../../bench/first-visit.js';
import { describeReads, readyRequests, type LoggedRequest } from '../../bench/ready-requests.js';
import { chainVerdicts, type ChainRun, type ChainVisit } from '../../bench/chain-visits.js';
import { scaleVerdicts, SCALE_WIDGETS, type ScaleRun, type ScaleVisit } from '../../bench/scale-visits.js';
import { countKinds, type RequestKind, type TimedRequest } from '../../bench/request-chain.js';

const bundle = await measureSize('prepaid-upgrade.js');
const classicBundle = await measureSize('prepaid-upgrade.iife.js');
const discoveryChunk = await measureSize('discovery.js');

describe('performance budgets', () => {
  let figures: BenchFigures;
  let verdicts: Verdict[];
  before(async () => {
    // Nine first visits of each page, as `npm run bench`; the floors at 4× CPU only, where the gate compares with
    // them; one first and one repeat visit of each page embedded as the README says; fewer mounts (each reads the same
    // three things) and a shorter warm-up before the 1,000 cycles; one first and one return visit on a slow network at
    // each setting, and one first visit of each page of many widgets, whose counts are the same at every visit.
    figures = await runBench({ visits: 9, layoutVisits: 1, floorsAt1x: false, chainVisits: 1, scaleVisits: 1, mounts: 10, warmUp: 100 });
    verdicts = firstVisitGate(figures.firstVisits);
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

  // The classic script carries the same code, in a wrapper where brotli finds other matches.
  it(`keeps dist/prepaid-upgrade.iife.js within ${BUDGETS.classicScriptBrotliBytes} bytes brotli`, () => {
    assert.ok(
      classicBundle.brotli <= BUDGETS.classicScriptBrotliBytes,
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

  // The gate: each figure against the static floor's, with a margin from the spread of this run's visits.
  for (const figure of ['longest task', 'total blocking time', 'tap on a choice'])
    it(`at 4× CPU, keeps its ${figure} within the static floor's and the margin of this run's spread`, () => holds(`${figure} at 4×`));

  for (const { viewport } of SETTINGS) {
    it(`shifts the account page by at most ${BUDGETS.firstVisit.layoutShift} at ${viewport.width} px wide, until every widget has settled`, () =>
      holds(`layout shift at ${viewport.width} px`));
  }

  it(`keeps pages embedded as the README says still, in every order, first and repeat visits (with headings of the page's own, the repeat visit), each widget as tall as its content`, () => {
    const failed = layoutVerdicts(figures.layout).filter((verdict) => !verdict.pass);
    assert.deepEqual(
      failed.map((verdict) => `${verdict.check}: ${verdict.detail}`),
      [],
    );
  });

  /** Each failed verdict of `verdicts` whose check starts with `check`, with its figures; none of them at all is a failure too. */
  const failedOf = (verdicts: Verdict[], check: string) => {
    const these = verdicts.filter((verdict) => verdict.check.startsWith(check));
    assert.ok(these.length, `no verdict "${check}…"`);
    return these.filter((verdict) => !verdict.pass).map((verdict) => `${verdict.check}: ${verdict.detail}`);
  };
  const { chain, scale } = BUDGETS;

  it(`on a slow network, shows the offer within ${chain.firstVisitRoundTrips} round trips of a first visit and ${chain.returnVisitRoundTrips} of a return visit`, () =>
    assert.deepEqual(failedOf(chainVerdicts(figures.chain), 'round trips'), []));

  it('asks the token endpoint once a visit, and on a return visit checks the kept token besides', () =>
    assert.deepEqual(failedOf(chainVerdicts(figures.chain), 'token requests'), []));

  it('reads no product on a return visit, the product kept from the first', () =>
    assert.deepEqual(failedOf(chainVerdicts(figures.chain), 'product reads'), []));

  it('measures the visit it claims: the widget shows its offer on every visit on a slow network', () =>
    assert.deepEqual(failedOf(chainVerdicts(figures.chain), 'offer shown'), []));

  it(`asks for ${scale.tokenRequests} token a page, of ${SCALE_WIDGETS.join(', ')} widgets`, () =>
    assert.deepEqual(failedOf(scaleVerdicts(figures.scale), 'token requests'), []));

  it("reads a page's subscriptions in one listing, and alone only those it missed", () =>
    assert.deepEqual(failedOf(scaleVerdicts(figures.scale), 'subscription requests'), []));

  it('reads each distinct product of a page once', () => assert.deepEqual(failedOf(scaleVerdicts(figures.scale), 'product reads'), []));

  it("reads a page's next orders in one listing, and alone only those it missed", () =>
    assert.deepEqual(failedOf(scaleVerdicts(figures.scale), 'next-order requests'), []));

  it('measures the pages it claims: every widget of the pages of many widgets settles as seeded', () =>
    assert.deepEqual(failedOf(scaleVerdicts(figures.scale), 'widgets settled'), []));

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

// The gate's verdicts, on visits made up to show that a real regression fails it and the machine's noise does not, and
// what counts for a visit without a long task or without an event entry.
describe('first-visit gate', () => {
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
  /** Nine visits, all alike. */
  const nine = (each: Visit) => Array.from({ length: 9 }, () => each);
  /** A run where the gate holds, with `changes` made to it. */
  const runs = (changes: Partial<Record<`${PageKind} ${1 | 4}`, Visit[]>> = {}): FirstVisitRun[] => {
    const base: Record<`${PageKind} ${1 | 4}`, Visit> = {
      'widget 1': visit(),
      'lit 1': visit(),
      'static 1': visit(),
      'widget 4': visit({ longTasks: [90, 60] }),
      'lit 4': visit({ longTasks: [150] }),
      'static 4': visit({ longTasks: [140] }),
    };
    return Object.entries(base).map(([key, each]) => {
      const [kind, rate] = key.split(' ') as [PageKind, string];
      const setting = SETTINGS.find((s) => s.rate === Number(rate))!;
      return { kind, setting, visits: changes[key as keyof typeof changes] ?? nine(each) };
    });
  };
  const verdict = (of: FirstVisitRun[], check: string) => firstVisitGate(of).find((v) => v.check === check)!;
  /** Visits whose one long task takes each of `durations`. */
  const tasks = (durations: number[]) => durations.map((ms) => visit({ longTasks: [ms] }));

  it('holds when the widget keeps to its floor', () => {
    assert.deepEqual(
      firstVisitGate(runs()).filter((v) => !v.pass),
      [],
    );
  });

  it('fails a synchronous 100 ms loop in each first render: four tasks of 150 ms more at 4×, 200 ms more blocking', () => {
    // As measured: the widget's blocking time went from about 140 ms to 350 against a floor of 128.
    const slowed = runs({ 'widget 4': nine(visit({ longTasks: [90, 60, 150, 150, 150, 150] })) });
    assert.equal(verdict(slowed, 'total blocking time at 4×').pass, false);
    assert.equal(verdict(slowed, 'longest task at 4×').pass, true, 'no task of its own grew past the others by much');
  });

  it('fails it on a busy machine too, whose spread widens the margin', () => {
    // Floor and widget alike spread from 56 to 184 ms (their spread, 35 ms, makes a margin of 70, and so 75).
    const noisy = [56, 87, 97, 120, 139, 150, 166, 174, 184];
    const slowed = runs({
      'static 4': tasks(noisy),
      'widget 4': tasks(noisy).map((v) => ({ ...v, longTasks: [...v.longTasks, 150, 150, 150] })),
    });
    assert.equal(verdict(slowed, 'total blocking time at 4×').pass, false);
  });

  it('holds through noise: a widget at its floor, both spread wide by a busy machine', () => {
    // As one clean clone's run had it: the floor's visits from 54 to 308 ms, the widget's as spread, its median above
    // (the spread, 80 ms, makes a margin of 160).
    const floor = [54, 80, 110, 150, 190, 230, 260, 290, 308];
    const widget = [60, 95, 140, 170, 220, 250, 280, 300, 322];
    assert.deepEqual(
      firstVisitGate(runs({ 'static 4': tasks(floor), 'widget 4': tasks(widget) })).filter((v) => !v.pass),
      [],
    );
  });

  it('never takes a margin under 75 ms: a quiet floor and a widget 75 ms over it holds, 76 ms over fails', () => {
    assert.equal(verdict(runs({ 'widget 4': nine(visit({ longTasks: [215] })) }), 'longest task at 4×').pass, true);
    assert.equal(verdict(runs({ 'widget 4': nine(visit({ longTasks: [216] })) }), 'longest task at 4×').pass, false);
    // A visit without a long task counts as 50 ms: against a floor without any, the widget may take 125.
    const quietFloor = { 'static 4': nine(visit()) };
    assert.equal(verdict(runs({ ...quietFloor, 'widget 4': nine(visit({ longTasks: [125] })) }), 'longest task at 4×').pass, true);
    assert.equal(verdict(runs({ ...quietFloor, 'widget 4': nine(visit({ longTasks: [126] })) }), 'longest task at 4×').pass, false);
  });

  it("fails a tap more than 24 ms over the static floor's, a tap without an entry counting as 16 ms", () => {
    assert.equal(verdict(runs({ 'widget 4': nine(visit({ tapMs: 48 })) }), 'tap on a choice at 4×').pass, true);
    assert.equal(verdict(runs({ 'widget 4': nine(visit({ tapMs: 56 })) }), 'tap on a choice at 4×').pass, false);
    const quickFloor = { 'static 4': nine(visit({ tapMs: null })) };
    assert.equal(verdict(runs({ ...quickFloor, 'widget 4': nine(visit({ tapMs: 40 })) }), 'tap on a choice at 4×').pass, true);
    assert.equal(verdict(runs({ ...quickFloor, 'widget 4': nine(visit({ tapMs: 48 })) }), 'tap on a choice at 4×').pass, false);
  });

  it('fails a median layout shift over 0.05 at either width', () => {
    const shifted = (cls: number[]) => cls.map((value) => visit({ cls: value }));
    const wide = runs({ 'widget 1': shifted([0, 0, 0, 0, 0.06, 0.06, 0.06, 0.06, 0.06]) });
    assert.equal(verdict(wide, 'layout shift at 1280 px').pass, false);
    assert.equal(verdict(wide, 'layout shift at 360 px').pass, true);
    const narrow = runs({ 'widget 4': shifted([0, 0, 0, 0, 0, 0.2, 0.2, 0.2, 0.2]).map((v) => ({ ...v, longTasks: [90, 60] })) });
    assert.equal(verdict(narrow, 'layout shift at 360 px').pass, true);
    assert.equal(verdict(narrow, 'layout shift at 1280 px').pass, true);
  });

  it('tells a widget that settled in another state than its page shows', () => {
    const wrong = runs({ 'widget 1': nine({ ...visit(), states: ['ready', 'prepaid', 'ineligible', 'loading'] }) });
    assert.equal(unexpectedStates(wrong).length, 9);
    assert.deepEqual(unexpectedStates(runs()), []);
  });
});

// The verdicts on the pages embedded as the README says, on runs made up to show that each can fail.
describe('layout verdicts', () => {
  const still: LayoutRun = {
    order: LAYOUT_ORDERS[1]!,
    headings: 'none',
    setting: SETTINGS[0]!,
    visit: 'first',
    cls: [0, 0, 0],
    unusedPx: [0, 0, 0],
    hidden: [0, 0, 0],
    states: Array.from({ length: 3 }, () => ['ineligible', 'error', 'prepaid', 'ready']),
  };
  const passes = (run: LayoutRun) => layoutVerdicts([run])[0]!.pass;

  it('holds for a page that keeps still, each widget as tall as its content', () => assert.equal(passes(still), true));
  it('fails a median layout shift over 0.05', () => {
    assert.equal(passes({ ...still, cls: [0, 0.05, 0.2] }), true);
    assert.equal(passes({ ...still, cls: [0, 0.06, 0.2] }), false);
  });
  it('fails a settled widget with more than 64 px of unused room in any visit', () => {
    assert.equal(passes({ ...still, unusedPx: [0, 64, 0] }), true);
    assert.equal(passes({ ...still, unusedPx: [0, 65, 0] }), false);
  });
  it('fails a widget left hidden once the page settled', () => assert.equal(passes({ ...still, hidden: [0, 1, 0] }), false));
  it('holds a page with headings of its own to the layout shift on the return visit only, and one with them in the slot on both', () => {
    const shifted = { ...still, cls: [0.2, 0.25, 0.3] };
    assert.equal(passes({ ...shifted, headings: 'page' }), true);
    assert.equal(passes({ ...shifted, headings: 'page', hidden: [0, 1, 0] }), false, 'the first visit is held to the rest');
    assert.equal(passes({ ...shifted, headings: 'page', visit: 'repeat' }), false);
    assert.equal(passes({ ...shifted, headings: 'slot' }), false);
    assert.equal(passes({ ...shifted, headings: 'slot', visit: 'repeat' }), false);
  });
  it('fails a page whose widgets settled in other states than its order says', () =>
    assert.equal(passes({ ...still, states: [...still.states.slice(1), ['ready', 'error', 'prepaid', 'ineligible']] }), false));
});

/** A request of `kind` from `start` to `end` (ms), over the network unless `fromCache`. */
const timed = (kind: RequestKind, startMs: number, endMs: number, fromCache = false): TimedRequest => ({
  kind,
  path: `/${kind}`,
  startMs,
  endMs,
  fromCache,
});

// The chain's verdicts on visits made up as the widget of 0.3.0 makes them and as the budgets hold it to, to show that each budget
// fails a real regression and holds the chain it stands for.
describe('chain verdicts', () => {
  const visit = (requests: TimedRequest[], offerMs: number): ChainVisit => ({
    requests,
    offerMs,
    frameMs: offerMs + 5,
    definedMs: null,
    tokenInBundleTask: null,
    state: 'ready',
  });
  const first = visit(
    [
      timed('page', 0, 160),
      timed('bundle', 170, 330),
      timed('token', 340, 495),
      timed('subscription', 500, 655),
      timed('product', 660, 815),
      timed('next order', 660, 816),
      timed('order by id', 820, 975),
    ],
    830,
  );
  /** A return visit as the budgets hold it to: the bundle from the cache, the kept token used at once and checked beside the reads. */
  const kept = visit(
    [
      timed('page', 0, 160),
      timed('bundle', 170, 171, true),
      timed('subscription', 180, 335),
      timed('next order', 180, 336),
      timed('token', 181, 337),
    ],
    345,
  );
  /** A return visit as the widget of 0.3.0 makes it: a new token, then the reads of the first visit. */
  const again = visit(
    [
      timed('page', 0, 160),
      timed('bundle', 170, 171, true),
      timed('token', 180, 335),
      timed('subscription', 340, 495),
      timed('product', 500, 655),
      timed('next order', 500, 656),
    ],
    660,
  );
  const runs = (firstVisit: ChainVisit, returnVisit: ChainVisit): ChainRun[] => [
    { setting: SETTINGS[1]!, visit: 'first', visits: [firstVisit] },
    { setting: SETTINGS[1]!, visit: 'return', visits: [returnVisit] },
  ];
  const failed = (of: ChainRun[]) =>
    chainVerdicts(of)
      .filter((verdict) => !verdict.pass)
      .map((verdict) => verdict.check);

  it('holds for the chain that the service imposes and no more', () => assert.deepEqual(failed(runs(first, kept)), []));

  it('fails a return visit that asks for a new token before its reads, and reads the product again', () =>
    assert.deepEqual(failed(runs(first, again)), ['round trips, return visit at 4×', 'product reads, return visit at 4×']));

  it('fails a first visit whose next order waits for the product: a sixth round trip', () => {
    const late = visit([...first.requests.filter((r) => r.kind !== 'next order'), timed('next order', 820, 975)], 980);
    assert.deepEqual(failed(runs(late, kept)), ['round trips, first visit at 4×']);
  });

  it('fails a return visit whose token check goes before the reads and is waited for: a third round trip', () => {
    const waited = visit(
      [
        timed('page', 0, 160),
        timed('bundle', 170, 171, true),
        timed('token', 180, 335),
        timed('subscription', 340, 495),
        timed('next order', 340, 496),
      ],
      500,
    );
    assert.deepEqual(failed(runs(first, waited)), ['round trips, return visit at 4×']);
  });

  it('fails a visit that asks the token endpoint twice, and one whose widget never showed the offer', () => {
    const twice = visit([...first.requests, timed('token', 340, 496)], 830);
    assert.deepEqual(failed(runs(twice, kept)), ['token requests, first visit at 4×']);
    assert.deepEqual(failed(runs({ ...first, state: 'error' }, kept)), ['offer shown, first visit at 4×']);
  });
});

// The verdicts on pages of many widgets, on counts made up as the widgets of 0.3.0 send them and as the budgets hold them to.
describe('scale verdicts', () => {
  const page = (widgets: number, products: number, kinds: Partial<Record<RequestKind, number>>, missed = 0): ScaleRun => {
    const counts = countKinds([]);
    for (const [kind, count] of Object.entries(kinds)) counts[kind as RequestKind] = count;
    const visit: ScaleVisit = {
      settledMs: 1000,
      longTasks: [],
      blockingMs: 0,
      states: Array.from({ length: widgets }, () => 'ready'),
      counts,
      subscriptionsMissed: Array.from({ length: missed }, (_, i) => `sub_${i}`),
      nextOrdersMissed: [],
    };
    return { widgets, products, expected: visit.states, visits: [visit] };
  };
  const failed = (run: ScaleRun) =>
    scaleVerdicts([run])
      .filter((verdict) => !verdict.pass)
      .map((verdict) => verdict.check);

  it('holds for a page of 50 as the budgets ask: one token, one listing of each, one read per product', () =>
    assert.deepEqual(failed(page(50, 3, { token: 1, 'subscription listing': 1, product: 3, 'orders listing': 1, 'order by id': 47 })), []));

  it('fails a page of 5 that makes each request once per widget', () =>
    assert.deepEqual(failed(page(5, 3, { token: 5, subscription: 5, product: 5, 'next order': 5, 'order by id': 5 })), [
      'token requests at 5 widgets',
      'subscription requests at 5 widgets',
      'product reads at 5 widgets',
      'next-order requests at 5 widgets',
    ]));

  it('holds for a read alone of each id the listing missed, and fails one read more, or a second listing', () => {
    const listed = { token: 1, product: 3, 'orders listing': 1 };
    assert.deepEqual(failed(page(20, 3, { ...listed, 'subscription listing': 1, subscription: 2 }, 2)), []);
    assert.deepEqual(failed(page(20, 3, { ...listed, 'subscription listing': 1, subscription: 3 }, 2)), [
      'subscription requests at 20 widgets',
    ]);
    assert.deepEqual(failed(page(20, 3, { ...listed, 'subscription listing': 2 })), ['subscription requests at 20 widgets']);
  });

  it('fails a page whose widgets settled otherwise than seeded', () => {
    const run = page(1, 1, { token: 1, subscription: 1, product: 1, 'next order': 1 });
    assert.deepEqual(failed({ ...run, visits: [{ ...run.visits[0]!, states: ['error'] }] }), ['widgets settled at 1 widget']);
  });
});
