/**
 * A customer's visit on a slow mobile network, step by step: what waits for what between the click that opens the
 * account page and the offer on screen.
 *
 * One widget of Ada's pay-as-you-go subscription, embedded exactly as the README's "Embed it" says (its `auth-url`
 * answered by the merchant's token endpoint), on a page that the bench's node server answers as a store, a CDN and the
 * service would (bench/network-server.ts), each request 150 ms late: the page, the bundle (served as a CDN serves a
 * versioned, integrity-pinned file: cacheable for a year, `immutable`), the token, signed for Ada as the store's server
 * signs it, and the sandbox's real handler, whose orders listing has the service's documented shape (so the next
 * order's amounts are read by id too).
 *
 * At each setting (1× CPU at 1280 × 800, 4× at 360 × 800), a fresh browser context opens the page (a first visit),
 * then the same tab opens it again (a return visit: the session's storage and the HTTP cache kept). From the page's
 * Resource Timing entries and its own marks (bench/network-page.ts): each request's start and end, the idle time
 * before it (its start less the end of the answer before it), `prepaid-upgrade-ready` and the animation frame after
 * it, and the round trips to the offer (bench/request-chain.ts).
 */
import type { Browser } from 'playwright-core';
import { createSandbox, SANDBOX_SUBSCRIPTIONS } from '../src/sandbox/index.js';
import { BUDGETS } from './budgets.js';
import { freshContext, signAdaToken, within, type Setting } from './first-visit.js';
import type { Verdict } from './first-visit-budgets.js';
import { embedPage, TOKEN_PATH, type Embed } from './layout-visits.js';
import type { NetworkVisitRecord } from './network-page.js';
import { BUNDLE_CACHE_CONTROL, startNetworkServer } from './network-server.js';
import {
  readChain,
  requestsOf,
  withTokenChecks,
  type Addresses,
  type Chain,
  type RequestKind,
  type TimedRequest,
} from './request-chain.js';
import { median } from './stats.js';

/** How late the bench's server answers each request, in ms: a slow mobile network's round trip. */
export const CHAIN_LATENCY_MS = 150;
const CHAIN_PATH = '/account.html';

export type VisitKind = 'first' | 'return';

export interface ChainVisit {
  /** Every request of the visit until the widget settled, in the page's time (ms from navigation). */
  requests: TimedRequest[];
  /**
   * When the widget said `prepaid-upgrade-ready`, and when the animation frame after it began. A widget that never
   * said it (its `state` tells how it settled, and the gate fails it) counts until it settled instead.
   */
  offerMs: number;
  frameMs: number | null;
  /** When the element was defined: the bundle had run. */
  definedMs: number | null;
  /** Whether the token endpoint was asked in the task that ran the bundle; `null` when it was not asked, or not known. */
  tokenInBundleTask: boolean | null;
  /** The widget's final state. */
  state: string;
}

export interface ChainRun {
  setting: Setting;
  visit: VisitKind;
  visits: ChainVisit[];
}

declare const networkVisit: { record(): Promise<NetworkVisitRecord> };

/** The visit's figures from what the page recorded. */
function chainVisitOf(record: NetworkVisitRecord, addresses: Addresses): ChainVisit {
  const offerMs = record.readyMs[0] ?? record.settledMs;
  const requests = requestsOf(CHAIN_PATH, record.pageEndMs, record.resources, addresses);
  const token = requests.find((request) => request.kind === 'token');
  return {
    requests,
    offerMs,
    frameMs: record.frameAfterReadyMs[0] ?? null,
    definedMs: record.definedMs,
    tokenInBundleTask: token && record.nextTaskMs !== null ? token.startMs < record.nextTaskMs : null,
    state: record.states.join(', '),
  };
}

/**
 * `visits` first and return visits at each of `settings`, taken in turn (every setting once, then again), with
 * `networkPage` (bench/network-page.ts, built) as the init script and the README's `embed` pinned to `integrity`.
 */
export async function runChainVisits(
  browser: Browser,
  {
    networkPage,
    embed,
    integrity,
    settings,
    visits,
  }: { networkPage: string; embed: Embed; integrity: string; settings: readonly Setting[]; visits: number },
): Promise<ChainRun[]> {
  const server = await startNetworkServer({
    pages: { [CHAIN_PATH]: embedPage(embed, [SANDBOX_SUBSCRIPTIONS.eligible.id], integrity) },
    // A benchmark signs in as one customer far more often than the default rate limit allows.
    sandbox: createSandbox({ basePath: '/sandbox', rateLimit: { limit: 1e9, windowMs: 60_000 }, orderListing: 'reference' }),
    tokenPath: TOKEN_PATH,
    signToken: signAdaToken,
    latencyMs: CHAIN_LATENCY_MS,
  });
  const runs: ChainRun[] = settings.flatMap((setting) => (['first', 'return'] as const).map((visit) => ({ setting, visit, visits: [] })));
  try {
    for (let i = 0; i < visits; i++) {
      for (const setting of settings) {
        const { context, page, errors } = await freshContext(browser, setting, [networkPage]);
        try {
          for (const visit of ['first', 'return'] as const) {
            await page.goto(`${server.origin}${CHAIN_PATH}`);
            const record = await within(
              page.evaluate(() => networkVisit.record()),
              `the ${visit} visit at ${setting.rate}× did not settle`,
            ).catch((error: unknown) => {
              throw errors.length ? new Error(`the ${visit} visit failed: ${errors.join('; ')}`) : error;
            });
            if (errors.length) throw new Error(`the ${visit} visit failed: ${errors.join('; ')}`);
            runs.find((run) => run.setting === setting && run.visit === visit)!.visits.push(chainVisitOf(record, server.addresses));
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await server.close();
  }
  return runs;
}

/** A visit's chain, to the offer. */
export const chainOf = (visit: ChainVisit): Chain => readChain(visit.requests, visit.offerMs);

/** The visit whose chain took the most round trips: the one a budget is checked on. */
const longestVisit = (run: ChainRun) =>
  run.visits.map((visit) => ({ visit, chain: chainOf(visit) })).reduce((a, b) => (b.chain.roundTrips > a.chain.roundTrips ? b : a));

/** How many of the visit's requests are of `kinds`. */
const countOf = (visit: ChainVisit, ...kinds: RequestKind[]) =>
  withTokenChecks(visit.requests).filter((request) => kinds.includes(request.kind)).length;

const runName = (run: ChainRun) => `${run.visit} visit at ${run.setting.rate}×`;

/**
 * The gate of `npm test`, on counts that no machine's speed changes: each visit's round trips to the offer, its token
 * requests, and a return visit's product reads, against bench/budgets.ts; and that the widget settled with its offer.
 */
export function chainVerdicts(runs: readonly ChainRun[]): Verdict[] {
  const { firstVisitRoundTrips, returnVisitRoundTrips, returnVisitProductReads, tokenRequests, returnVisitTokenChecks } = BUDGETS.chain;
  return runs.flatMap((run) => {
    const first = run.visit === 'first';
    const { chain } = longestVisit(run);
    const tripsBudget = first ? firstVisitRoundTrips : returnVisitRoundTrips;
    const tokens = Math.max(...run.visits.map((visit) => countOf(visit, 'token', 'token check')));
    const tokenBudget = first ? tokenRequests : tokenRequests + returnVisitTokenChecks;
    const states = [...new Set(run.visits.map((visit) => visit.state))];
    const verdicts: Verdict[] = [
      {
        check: `round trips, ${runName(run)}`,
        detail: `${chain.roundTrips} (${chain.described}) ≤ ${tripsBudget}`,
        pass: chain.roundTrips <= tripsBudget,
      },
      {
        check: `token requests, ${runName(run)}`,
        detail: `${tokens} ≤ ${tokenBudget}${first ? '' : ` (${tokenRequests} and a check of the kept token)`}`,
        pass: tokens <= tokenBudget,
      },
    ];
    if (!first) {
      const products = Math.max(...run.visits.map((visit) => countOf(visit, 'product')));
      verdicts.push({
        check: `product reads, ${runName(run)}`,
        detail: `${products} ≤ ${returnVisitProductReads} (the product kept from the first visit)`,
        pass: products <= returnVisitProductReads,
      });
    }
    verdicts.push({ check: `offer shown, ${runName(run)}`, detail: `settled as ${states.join(' / ')}`, pass: states.join() === 'ready' });
    return verdicts;
  });
}

/** A step's figures over the visits: the median start and end, the idle time before it, and what it waited for. */
interface StepSummary {
  name: string;
  startMs: number;
  endMs: number | null;
  fromCache: boolean;
  idleMs: number | null;
  after: string;
  afterOffer: boolean;
  /** In how many of the visits it came. */
  seen: number;
}

/**
 * The steps of `visits` lined up by name (the second request of a kind is its own line), each the median over the
 * visits it came in, in the order of their median start; then the frame after the offer.
 */
function summarizeSteps(visits: readonly ChainVisit[]): StepSummary[] {
  const byName = new Map<string, Array<Chain['steps'][number]>>();
  for (const visit of visits) {
    const seen = new Map<string, number>();
    for (const step of chainOf(visit).steps) {
      const n = (seen.get(step.name) ?? 0) + 1;
      seen.set(step.name, n);
      const key = n > 1 ? `${step.name} (${n})` : step.name;
      byName.set(key, [...(byName.get(key) ?? []), step]);
    }
  }
  const steps: StepSummary[] = [...byName].map(([name, all]) => {
    const idles = all.flatMap((step) => (step.idle ? [step.idle.ms] : []));
    const ends = all.flatMap((step) => (step.endMs === null ? [] : [step.endMs]));
    return {
      name,
      startMs: median(all.map((step) => step.startMs)),
      endMs: ends.length ? median(ends) : null,
      fromCache: all.filter((step) => step.fromCache).length * 2 > all.length,
      idleMs: idles.length ? median(idles) : null,
      after: all[0]!.idle?.after ?? '',
      afterOffer: all.filter((step) => step.afterOffer).length * 2 > all.length,
      seen: all.length,
    };
  });
  // When the element was defined: the bundle had run, in the task that ran it.
  const defined = visits.flatMap((visit) => {
    const bundle = visit.requests.find((request) => request.kind === 'bundle');
    return visit.definedMs === null || !bundle ? [] : [{ at: visit.definedMs, idle: visit.definedMs - bundle.endMs }];
  });
  if (defined.length) {
    steps.push({
      name: 'element defined (the bundle ran)',
      startMs: median(defined.map((mark) => mark.at)),
      endMs: null,
      fromCache: false,
      idleMs: median(defined.map((mark) => mark.idle)),
      after: 'bundle',
      afterOffer: false,
      seen: defined.length,
    });
  }
  const frames = visits.flatMap((visit) => (visit.frameMs === null ? [] : [visit.frameMs - visit.offerMs]));
  const offer = steps.find((step) => step.name === 'offer shown');
  if (offer && frames.length) {
    steps.push({
      name: 'its next animation frame',
      startMs: offer.startMs + median(frames),
      endMs: null,
      fromCache: false,
      idleMs: median(frames),
      after: 'offer shown',
      afterOffer: false,
      seen: frames.length,
    });
  }
  return steps.sort((a, b) => a.startMs - b.startMs);
}

const ms = (value: number) => value.toFixed(0).padStart(7);

/** The printout: each setting's first and return visits, step by step, then the gate's verdicts. */
export function formatChainVisits(runs: readonly ChainRun[]): string[] {
  const visits = Math.max(...runs.map((run) => run.visits.length));
  const lines = [
    `the chain of a visit on a slow network: every request answered ${CHAIN_LATENCY_MS} ms late, one widget of Ada's`,
    `(${SANDBOX_SUBSCRIPTIONS.eligible.id}) embedded as the README says (auth-url), the bundle served "${BUNDLE_CACHE_CONTROL}";`,
    `a first visit in a fresh context, then a return visit in the same tab; ms from navigation, the median of ${visits}`,
    `visit${visits === 1 ? '' : 's'}; idle: the step's start less the end of the answer before it (the one it waited for)`,
  ];
  for (const run of runs) {
    const { rate, viewport } = run.setting;
    lines.push(
      '',
      `${`${rate}× CPU, ${viewport.width} × ${viewport.height}, ${run.visit} visit`.padEnd(40)}  start      end     idle  after`,
    );
    for (const step of summarizeSteps(run.visits)) {
      const end = step.fromCache ? ' (cache)' : step.endMs === null ? '       -' : ` ${ms(step.endMs)}`;
      const idle = step.idleMs === null ? '       -' : ms(step.idleMs);
      const notes = [
        step.afterOffer && 'answered after the offer',
        step.seen < run.visits.length && `in ${step.seen} of ${run.visits.length} visits`,
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(`  ${step.name.padEnd(38)}${ms(step.startMs)}${end}  ${idle}  ${step.after.padEnd(12)}${notes}`.trimEnd());
    }
    const chains = run.visits.map(chainOf);
    const trips = chains.map((chain) => chain.roundTrips);
    const requests = chains.map((chain) => chain.requests);
    const each = (values: number[]) => (new Set(values).size > 1 ? ` (each visit: ${values.join(', ')})` : '');
    const inTask = run.visits.map((visit) => visit.tokenInBundleTask);
    lines.push(
      `  round trips to the offer: ${median(trips)}${each(trips)}, ${longestVisit(run).chain.described}`,
      `  requests: ${median(requests)}${each(requests)}` +
        (inTask.some((value) => value !== null)
          ? `; the token asked for in the task that ran the bundle: ${inTask.filter(Boolean).length} of ${inTask.length} visits`
          : ''),
    );
  }
  const verdicts = chainVerdicts(runs);
  const width = Math.max(...verdicts.map((verdict) => verdict.detail.length));
  lines.push('', 'the gate of npm test: counts of requests and round trips (bench/budgets.ts)');
  for (const verdict of verdicts)
    lines.push(`  ${verdict.check.padEnd(34)} ${verdict.detail.padEnd(width)}  ${verdict.pass ? 'ok' : 'OVER'}`);
  return lines;
}
