/**
 * Pages of many widgets of one customer: what a page of 1, 5, 20 and 50 widgets asks of the token endpoint and the
 * service, and what it costs the main thread.
 *
 * The customer is Mary (bench/scale-seed.ts): 50 subscriptions over three products, five of them prepaid and three
 * cancelled, in the bench's own copy of the sandbox (bench/scale-sandbox.ts). A page of N widgets holds her first N
 * subscriptions, embedded exactly as the README says (`auth-url`), served by the node server of the chain's visits
 * (bench/network-server.ts) with no latency added: the requests cross the browser's network stack as a customer's
 * do, the server counts every one of them and reads what each listing answered (which ids a listing missed), and
 * counting there adds nothing to the page's main thread, whose time is measured. Each visit is a first visit (a fresh
 * browser context) at 4× CPU and 360 × 800, with the long tasks observed from navigation
 * (bench/first-visit-observers.ts) until every widget has settled (bench/network-page.ts).
 */
import type { Browser } from 'playwright-core';
import { SANDBOX_MERCHANT } from '../src/sandbox/index.js';
import { signStorefrontToken } from '../src/server/index.js';
import { BUDGETS } from './budgets.js';
import { freshContext, SETTINGS, within } from './first-visit.js';
import { LONG_TASK_MS, type Verdict } from './first-visit-budgets.js';
import type { FirstVisitEntries } from './first-visit-observers.js';
import { embedPage, TOKEN_PATH, type Embed } from './layout-visits.js';
import type { NetworkVisitRecord } from './network-page.js';
import { startNetworkServer } from './network-server.js';
import { countKinds, missedByListings, type RequestKind } from './request-chain.js';
import { buildScaleSandbox } from './scale-sandbox.js';
import { SCALE_CUSTOMER } from './scale-seed.js';
import { median } from './stats.js';

/** The pages' numbers of widgets. */
export const SCALE_WIDGETS = [1, 5, 20, 50] as const;
/** A phone: 4× CPU, 360 × 800. */
export const SCALE_SETTING = SETTINGS.find((setting) => setting.rate === 4)!;

export interface ScaleVisit {
  /** From navigation until every widget had settled, in ms. */
  settledMs: number;
  /** The main thread's long tasks until then, and the time they blocked it (each one's time beyond 50 ms, summed). */
  longTasks: number[];
  blockingMs: number;
  /** The widgets' final states, in the page's order. */
  states: string[];
  /** The requests to the token endpoint and the service, by kind. */
  counts: Record<RequestKind, number>;
  /** The page's subscriptions that no subscriptions listing answered with: each may be read alone. */
  subscriptionsMissed: string[];
  /** The page's subscriptions with a next order that no orders listing answered with: each may be read alone. */
  nextOrdersMissed: string[];
}

export interface ScaleRun {
  widgets: number;
  /** The distinct products of the page's subscriptions. */
  products: number;
  /** The state each widget of the page settles in, as seeded. */
  expected: string[];
  visits: ScaleVisit[];
}

declare const networkVisit: { record(): Promise<NetworkVisitRecord> };
declare const firstVisitEntries: FirstVisitEntries;

const pagePath = (widgets: number) => `/scale-${widgets}.html`;
const subscriptionsOf = (widgets: number) => SCALE_CUSTOMER.subscriptions.slice(0, widgets);

/**
 * `visits` first visits of each page, taken in turn (every page once, then again), with `initScripts` (the built
 * bench/first-visit-observers.ts and bench/network-page.ts); the sandbox's copy is built into `workDir`.
 */
export async function runScaleVisits(
  browser: Browser,
  {
    initScripts,
    embed,
    integrity,
    workDir,
    visits,
  }: { initScripts: readonly string[]; embed: Embed; integrity: string; workDir: string; visits: number },
): Promise<ScaleRun[]> {
  const createSandbox = await buildScaleSandbox(workDir);
  const server = await startNetworkServer({
    pages: Object.fromEntries(
      SCALE_WIDGETS.map((n) => [
        pagePath(n),
        embedPage(
          embed,
          subscriptionsOf(n).map((s) => s.id),
          integrity,
        ),
      ]),
    ),
    // A benchmark signs in as one customer far more often than the default rate limit allows.
    sandbox: createSandbox({ basePath: '/sandbox', rateLimit: { limit: 1e9, windowMs: 60_000 }, orderListing: 'reference' }),
    tokenPath: TOKEN_PATH,
    signToken: () =>
      signStorefrontToken({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        customerId: SCALE_CUSTOMER.customerId,
        hashKey: SANDBOX_MERCHANT.hashKey,
      }),
    latencyMs: 0,
  });
  const runs: ScaleRun[] = SCALE_WIDGETS.map((widgets) => ({
    widgets,
    products: new Set(subscriptionsOf(widgets).map((s) => s.product)).size,
    expected: subscriptionsOf(widgets).map((s) => s.outcome),
    visits: [],
  }));
  try {
    for (let i = 0; i < visits; i++) {
      for (const run of runs) {
        const { context, page, errors } = await freshContext(browser, SCALE_SETTING, initScripts);
        try {
          server.log.length = 0;
          await page.goto(`${server.origin}${pagePath(run.widgets)}`);
          const record = await within(
            page.evaluate(() => networkVisit.record()),
            `the page of ${run.widgets} widgets did not settle`,
          ).catch((error: unknown) => {
            throw errors.length ? new Error(`the page of ${run.widgets} widgets failed: ${errors.join('; ')}`) : error;
          });
          // Entries are delivered a little after their frame: those of the frames up to the settling have come by then.
          const longTasks = await page.evaluate(async (settledMs) => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            return firstVisitEntries.longTasks.filter((task) => task.start < settledMs).map((task) => task.duration);
          }, record.settledMs);
          if (errors.length) throw new Error(`the page of ${run.widgets} widgets failed: ${errors.join('; ')}`);
          const log = server.log.filter((request) => request.kind !== 'page' && request.kind !== 'bundle' && request.kind !== 'other');
          const listed = (kind: RequestKind) => log.filter((request) => request.kind === kind).map((request) => request.listed ?? []);
          const ids = subscriptionsOf(run.widgets);
          run.visits.push({
            settledMs: record.settledMs,
            longTasks,
            blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0),
            states: record.states,
            counts: countKinds(log.map((request) => request.kind)),
            subscriptionsMissed: missedByListings(
              ids.map((s) => s.id),
              listed('subscription listing'),
            ),
            nextOrdersMissed: missedByListings(
              ids.filter((s) => s.outcome !== 'ineligible').map((s) => s.id),
              listed('orders listing'),
            ),
          });
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

/** The most that any visit of `run` had of `of`. */
const most = (run: ScaleRun, of: (visit: ScaleVisit) => number) => Math.max(...run.visits.map(of));
/** The visit of `run` with the most of `of`. */
const worst = (run: ScaleRun, of: (visit: ScaleVisit) => number) => run.visits.reduce((a, b) => (of(b) > of(a) ? b : a));

/** A visit's subscription requests beyond a read alone of each id the listings missed: what the listings must keep to one. */
const subscriptionsBeyondMissed = (visit: ScaleVisit) =>
  visit.counts['subscription listing'] + visit.counts.subscription - visit.subscriptionsMissed.length;
/** ...and the same of its next-order requests. */
const nextOrdersBeyondMissed = (visit: ScaleVisit) =>
  visit.counts['orders listing'] + visit.counts['next order'] - visit.nextOrdersMissed.length;

/**
 * The gate of `npm test`, on counts that no machine's speed changes, at every page size: one token request, one
 * subscriptions listing and a read alone of each id it missed, one product read per distinct product, one orders
 * listing for the next orders and a read alone of each it missed (bench/budgets.ts); and every widget settled as
 * seeded, so that the counts are those of the page the bench claims.
 */
export function scaleVerdicts(runs: readonly ScaleRun[]): Verdict[] {
  const { tokenRequests, subscriptionListings, productReadsPerProduct, ordersListings } = BUDGETS.scale;
  const tally = (states: readonly string[]) =>
    [...new Set(states)].map((state) => `${states.filter((s) => s === state).length} ${state}`).join(', ');
  return runs.flatMap((run) => {
    const at = `at ${run.widgets} widget${run.widgets === 1 ? '' : 's'}`;
    const tokens = most(run, (visit) => visit.counts.token + visit.counts['token check']);
    const subscriptions = worst(run, subscriptionsBeyondMissed);
    const nextOrders = worst(run, nextOrdersBeyondMissed);
    const products = most(run, (visit) => visit.counts.product);
    const productBudget = productReadsPerProduct * run.products;
    const wrong = run.visits.map((visit) => visit.states).find((states) => states.join() !== run.expected.join());
    return [
      { check: `token requests ${at}`, detail: `${tokens} ≤ ${tokenRequests}`, pass: tokens <= tokenRequests },
      {
        check: `subscription requests ${at}`,
        detail:
          `${subscriptions.counts['subscription listing']} listings + ${subscriptions.counts.subscription} alone ≤ ` +
          `${subscriptionListings} listing + ${subscriptions.subscriptionsMissed.length} it missed`,
        pass: subscriptionsBeyondMissed(subscriptions) <= subscriptionListings,
      },
      { check: `product reads ${at}`, detail: `${products} ≤ ${productBudget} (distinct products)`, pass: products <= productBudget },
      {
        check: `next-order requests ${at}`,
        detail:
          `${nextOrders.counts['orders listing']} listings + ${nextOrders.counts['next order']} alone ≤ ` +
          `${ordersListings} listing + ${nextOrders.nextOrdersMissed.length} it missed`,
        pass: nextOrdersBeyondMissed(nextOrders) <= ordersListings,
      },
      {
        check: `widgets settled ${at}`,
        detail: wrong ? `as ${tally(wrong)}, not ${tally(run.expected)}` : `as seeded: ${tally(run.expected)}`,
        pass: !wrong,
      },
    ];
  });
}

/** The columns of the requests, by kind. */
const COLUMNS: ReadonlyArray<{ title: string; kinds: RequestKind[] }> = [
  { title: 'token', kinds: ['token', 'token check'] },
  { title: 'subs list', kinds: ['subscription listing'] },
  { title: 'sub', kinds: ['subscription'] },
  { title: 'product', kinds: ['product'] },
  { title: 'orders list', kinds: ['orders listing'] },
  { title: 'next order', kinds: ['next order'] },
  { title: 'by id', kinds: ['order by id'] },
  { title: 'other', kinds: ['upgrade', 'other'] },
];

/** The printout: per page, its requests by kind (the most of any visit) and the medians of its times; then the gate. */
export function formatScaleVisits(runs: readonly ScaleRun[]): string[] {
  const visits = Math.max(...runs.map((run) => run.visits.length));
  const all = SCALE_CUSTOMER.subscriptions;
  const count = (outcome: string) => all.filter((s) => s.outcome === outcome).length;
  const lines = [
    `pages of N widgets of one customer (${SCALE_CUSTOMER.firstName}: ${all.length} subscriptions over ${new Set(all.map((s) => s.product)).size} products, ` +
      `${count('prepaid')} prepaid, ${count('ineligible')} cancelled),`,
    `embedded as the README says (auth-url); first visits at ${SCALE_SETTING.rate}× CPU, ${SCALE_SETTING.viewport.width} × ` +
      `${SCALE_SETTING.viewport.height}, nothing answered late; requests by kind`,
    `(the most of any visit: subs list = subscriptions listing, sub = a subscription read alone, next order = one`,
    `subscription's next-order listing, by id = an order read by id), then the median of ${visits} visit${visits === 1 ? '' : 's'}`,
    '',
    `  widgets  products${COLUMNS.map((column) => column.title.padStart(12)).join('')}      all   settled (ms)   blocking (ms)`,
  ];
  for (const run of runs) {
    const cells = COLUMNS.map((column) => most(run, (visit) => column.kinds.reduce((sum, kind) => sum + visit.counts[kind], 0)));
    const total = most(run, (visit) => COLUMNS.flatMap((column) => column.kinds).reduce((sum, kind) => sum + visit.counts[kind], 0));
    lines.push(
      `  ${String(run.widgets).padStart(7)}  ${String(run.products).padStart(8)}${cells.map((cell) => String(cell).padStart(12)).join('')}` +
        `${String(total).padStart(9)}${median(run.visits.map((visit) => visit.settledMs))
          .toFixed(0)
          .padStart(15)}` +
        `${median(run.visits.map((visit) => visit.blockingMs))
          .toFixed(0)
          .padStart(16)}`,
    );
  }
  const verdicts = scaleVerdicts(runs);
  const width = Math.max(...verdicts.map((verdict) => verdict.detail.length));
  lines.push('', 'the gate of npm test: counts of requests at every page size (bench/budgets.ts)');
  for (const verdict of verdicts)
    lines.push(`  ${verdict.check.padEnd(36)} ${verdict.detail.padEnd(width)}  ${verdict.pass ? 'ok' : 'OVER'}`);
  return lines;
}
