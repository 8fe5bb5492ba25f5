/**
 * `npm run bench`: the widget's size and speed, measured on the built bundles (run `npm run build` first).
 *
 * Prints, and writes to test-results/bench.json: raw/gzip/brotli bytes of both script bundles, of the discovery chunk
 * and of each language; where the bytes of dist/prepaid-upgrade.js go (Lit, lit-html, @lit/task, zod, our own code); then,
 * in headless Chromium:
 *
 * - first visits of a store's account page of four widgets (bench/first-visit.ts), at 1× CPU and 1280 px wide and at
 *   4× and 360 px, each figure beside the two floors built in the same run (a minimal Lit form, and a static stamp of
 *   the widget's own DOM): the longest task and the total blocking time until every widget has settled, the layout
 *   shift meanwhile, and the duration of a tap on a choice;
 * - pages of four widgets embedded exactly as the README says, in several orders, one with a heading for each widget
 *   (the page's own, and in the widget's slot), first and repeat visits: the layout shift, and the room each settled
 *   widget keeps below its content (bench/layout-visits.ts);
 * - the chain of a visit on a slow network, every request answered 150 ms late: one widget embedded as the README says,
 *   a first visit and a return visit in the same tab, at both settings; each request's start, end and the idle time
 *   before it, and the round trips until the offer is shown (bench/chain-visits.ts);
 * - pages of 1, 5, 20 and 50 widgets of one customer at 4× CPU: the requests each page sends, by kind, the time until
 *   every widget has settled and the total blocking time (bench/scale-visits.ts);
 * - mounts of widgets one after the other in one page: the requests made before ready (what each read, when it
 *   started and was answered, and in how many round trips: bench/ready-requests.ts; the orders are listed as the
 *   service documents them, so the next order is read by id too, and the figures say whether ready ever waited for
 *   that) and before success; then the heap growth over 1,000 mount/unmount cycles.
 *
 * The sandbox answers from a worker of each page (bench/page-sandbox.ts): no network in the figures, and none of the
 * service's work on the main thread; but for the chain and the pages of many widgets, whose requests are what is
 * measured, which the bench's node server answers (bench/network-server.ts). test/bench/budgets.test.ts checks the figures against bench/budgets.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, type LibraryOptions } from 'vite';
import { brotliBytes, measureBundleParts, type BundleParts } from './bundle-parts.js';
import {
  accountPage,
  buildFloors,
  captureStamps,
  PAGES,
  runFirstVisits,
  SETTINGS,
  signAdaToken,
  type FirstVisitRun,
} from './first-visit.js';
import { formatDemoVisits, runDemoVisits, type DemoRun } from './demo-visits.js';
import {
  formatLayoutVisits,
  layoutPage,
  layoutPath,
  LAYOUT_PAGES,
  readmeEmbed,
  runLayoutVisits,
  TOKEN_PATH,
  type LayoutRun,
} from './layout-visits.js';
import { formatFirstVisits } from './first-visit-budgets.js';
import { formatChainVisits, runChainVisits, type ChainRun } from './chain-visits.js';
import { formatScaleVisits, runScaleVisits, type ScaleRun } from './scale-visits.js';
import type { MountFigures } from './in-page.js';
import { describeReads, ORDER_BY_ID_DELAY_MS, readOf, readyRequests, type TimedRead } from './ready-requests.js';
import { median } from './stats.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BenchFigures {
  sizes: FileSize[];
  /** Where the bytes of dist/prepaid-upgrade.js go (bench/bundle-parts.ts). */
  parts: BundleParts;
  /** First visits of the account page: the widget's and the floors', at each setting (bench/first-visit.ts). */
  firstVisits: FirstVisitRun[];
  /** Pages of four widgets in several orders, embedded as the README says: layout shift, unused room (bench/layout-visits.ts). */
  layout: LayoutRun[];
  /** A visit on a slow network, step by step, first and return visits at each setting measured (bench/chain-visits.ts). */
  chain: ChainRun[];
  /** Pages of 1, 5, 20 and 50 widgets of one customer: their requests by kind and times (bench/scale-visits.ts). */
  scale: ScaleRun[];
  /** The demo store's account page, as `npm start` serves it: its layout shift (bench/demo-visits.ts), when measured. */
  demo?: DemoRun[];
  /** Mounts, one after the other in one page. */
  mounts: number;
  medianMsToReady: number;
  roomOnConnection: boolean;
  /** The most requests any mount started before ready. */
  requestsBeforeReady: number;
  /** The most round trips any mount took before ready (bench/ready-requests.ts). */
  roundTripsBeforeReady: number;
  /** The requests before ready of the mount in the middle by time to ready, with their times from its connection. */
  readsBeforeReady: TimedRead[];
  /** Of the mounts, how many read the next order before ready, and how many of those waited for the product's answer. */
  nextOrder: { readBeforeReady: number; afterProduct: number };
  /**
   * Of the mounts, how many read the next order by id (the listing, as the service documents it, has no sub_total),
   * and in how many its answer, held back on purpose, came before ready: ready must never wait for it.
   */
  orderById: { read: number; answeredBeforeReady: number };
  msFromLastAnswerToReady: number;
  /** Requests answered before `prepaid-upgrade-success`: the ready ones and the upgrade. */
  requestsBeforeSuccess: number;
  /** What those were. */
  requestsBeforeSuccessDescribed: string;
  cycles: number;
  heapGrowthBytes: number;
}

export async function measureSize(file: string): Promise<FileSize> {
  const bytes = await readFile(join(distDir, file));
  return {
    file: `dist/${file}`,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliBytes(bytes),
  };
}

async function bundleSizes(): Promise<FileSize[]> {
  const languages = (await readdir(join(distDir, 'i18n'))).filter((file) => file.endsWith('.js')).sort();
  return Promise.all(
    ['prepaid-upgrade.js', 'prepaid-upgrade.iife.js', 'discovery.js', ...languages.map((file) => `i18n/${file}`)].map(measureSize),
  );
}

/**
 * The pages' scripts, for the browser: the mounts' page (bench/in-page.ts) and the sandbox's worker as modules; the
 * init scripts, run by the browser as each document starts, before anything of the page and in a task of their own:
 * the first visits' (bench/first-visit-observers.ts, and bench/first-visit-page.ts as one classic script), and the
 * visits over the network's (bench/network-page.ts, a classic script too).
 */
async function buildPageScripts(outDir: string): Promise<{ firstVisit: string[]; observers: string; networkPage: string }> {
  const buildLib = (lib: LibraryOptions) =>
    build({ configFile: false, logLevel: 'error', build: { outDir, emptyOutDir: false, target: 'es2022', lib } });
  await buildLib({
    entry: Object.fromEntries(['in-page', 'first-visit-observers', 'sandbox-worker'].map((name) => [name, join(root, `bench/${name}.ts`)])),
    formats: ['es'],
    fileName: (_format, name) => `${name}.js`,
  });
  for (const name of ['first-visit-page', 'network-page'])
    await buildLib({ entry: join(root, `bench/${name}.ts`), name: 'pageScript', formats: ['iife'], fileName: () => `${name}.js` });
  const observers = join(outDir, 'first-visit-observers.js');
  return { firstVisit: [observers, join(outDir, 'first-visit-page.js')], observers, networkPage: join(outDir, 'network-page.js') };
}

/**
 * Serves `pages` by path, the built bundles under /dist/ (cacheable, as a CDN serves them, for repeat visits), the files
 * of `scriptsDir` (the pages' scripts and floors), and `token` at the README snippet's token endpoint.
 */
function serve(pages: Record<string, string>, scriptsDir: string, token: string): Promise<{ origin: string; server: Server }> {
  /** The file under `dir` that `path` names, or null for a path that leaves it. */
  const under = (dir: string, path: string) => {
    const file = normalize(join(dir, path));
    return file.startsWith(dir + sep) ? file : null;
  };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (page !== undefined) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if (path === TOKEN_PATH) return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(token);
    const inDist = path.startsWith('/dist/');
    const file = inDist ? under(distDir, path.slice('/dist/'.length)) : under(scriptsDir, path);
    try {
      if (file?.endsWith('.js'))
        return void res
          .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...(inDist && { 'cache-control': 'max-age=3600' }) })
          .end(await readFile(file));
    } catch {
      // Falls through to 404.
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

/** The page side of the mounts (bench/in-page.ts), on `window.bench`. */
interface PageBench {
  mounts(count: number): Promise<MountFigures>;
  cycles(count: number, warmUp: number): Promise<{ before: number; after: number }>;
}
declare const bench: PageBench;

/**
 * The figures: `visits` first visits of each page (the widget's and each floor's) at each setting (bench/first-visit.ts;
 * the floors at 4× CPU only without `floorsAt1x`); `layoutVisits` first and repeat visits of each page embedded as the
 * README says (bench/layout-visits.ts); `chainVisits` first and return visits on a slow network at each setting (at 4×
 * CPU only without `chainAt1x`: bench/chain-visits.ts); `scaleVisits` first visits of each page of many widgets
 * (bench/scale-visits.ts); with `demo`, as many of the demo store's pages (bench/demo-visits.ts); then,
 * in one more page, `mounts` widgets mounted one after the other and an upgrade, and `cycles` mount/unmount cycles
 * after `warmUp` more.
 */
export async function runBench({
  visits = 9,
  layoutVisits = 3,
  floorsAt1x = true,
  chainVisits = 5,
  chainAt1x = true,
  scaleVisits = 5,
  demo = false,
  mounts = 20,
  cycles = 1000,
  warmUp = 200,
} = {}): Promise<BenchFigures> {
  const sizes = await bundleSizes();
  // Built before the browser starts: nothing else runs while the times are measured.
  const parts = await measureBundleParts();
  const work = await mkdtemp(join(tmpdir(), 'prepaid-upgrade-bench-'));
  const scripts = await buildPageScripts(work);
  const initScripts = scripts.firstVisit;
  const token = await signAdaToken();
  const pages: Record<string, string> = {
    '/mounts.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
    <script type="module" src="/dist/prepaid-upgrade.js"></script><script type="module" src="/in-page.js"></script>
    </head><body><main id="stage" style="inline-size: 480px"></main></body></html>`,
  };
  for (const kind of PAGES) pages[`/${kind}.html`] = accountPage(kind, token);
  const embed = await readmeEmbed();
  const integrity = JSON.parse(await readFile(join(distDir, 'integrity.json'), 'utf8'))['prepaid-upgrade.js'] as string;
  for (const layout of LAYOUT_PAGES) pages[layoutPath(layout)] = layoutPage(embed, layout, integrity);
  const { origin, server } = await serve(pages, work, token);
  const browser = await chromium.launch({
    // The full browser, as a customer's, rather than the tests' headless shell (test/engines.ts).
    executablePath: process.env.BENCH_CHROME_PATH ?? '/usr/lib/chromium/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--js-flags=--expose-gc',
      '--enable-precise-memory-info',
    ],
  });
  try {
    // The static floor stamps what this build of the widget shows: copied first, then both floors are built.
    await buildFloors(work, await captureStamps(browser, origin, initScripts));
    const firstVisits = await runFirstVisits(browser, origin, initScripts, { visits, floorsAt1x });
    const layout = await runLayoutVisits(browser, origin, initScripts, layoutVisits);
    const chain = await runChainVisits(browser, {
      networkPage: scripts.networkPage,
      embed,
      integrity,
      settings: SETTINGS.filter((setting) => chainAt1x || setting.rate !== 1),
      visits: chainVisits,
    });
    const scale = await runScaleVisits(browser, {
      initScripts: [scripts.observers, scripts.networkPage],
      embed,
      integrity,
      workDir: work,
      visits: scaleVisits,
    });
    const demoRuns = demo ? await runDemoVisits(browser, initScripts[0]!, visits) : undefined;

    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(`${origin}/mounts.html`);
    await tab
      .waitForFunction(() => 'bench' in window && customElements.get('prepaid-upgrade') !== undefined, null, { timeout: 20_000 })
      .catch((error: unknown) => {
        throw errors.length ? new Error(`the bench page failed: ${errors.join('; ')}`) : error;
      });
    const figures = await tab.evaluate((count) => bench.mounts(count), mounts);
    const heap = await tab.evaluate(([count, warm]) => bench.cycles(count!, warm!), [cycles, warmUp]);
    if (errors.length) throw new Error(`the bench page failed: ${errors.join('; ')}`);
    await context.close();

    const msToReady = figures.mounts.map((mount) => mount.msToReady);
    const ready = figures.mounts.map(readyRequests);
    // The mount in the middle by time to ready stands for all of them in the printout.
    const typical = ready[msToReady.indexOf([...msToReady].sort((a, b) => a - b)[Math.floor(msToReady.length / 2)]!)]!;
    const { upgraded } = figures;
    // The next order read by id is left out: it only fills in amounts, and nothing waits for it.
    const answeredBeforeSuccess = upgraded.requests.filter(
      (r) => r.endSeq !== null && r.endSeq < upgraded.successSeq && readOf(r) !== 'order by id',
    );
    return {
      sizes,
      parts,
      firstVisits,
      layout,
      chain,
      scale,
      ...(demoRuns && { demo: demoRuns }),
      mounts: figures.mounts.length,
      medianMsToReady: median(msToReady),
      roomOnConnection: figures.roomOnConnection,
      requestsBeforeReady: Math.max(...ready.map((r) => r.reads.length)),
      roundTripsBeforeReady: Math.max(...ready.map((r) => r.roundTrips)),
      readsBeforeReady: typical.reads,
      nextOrder: {
        readBeforeReady: ready.filter((r) => r.nextOrderRead).length,
        afterProduct: ready.filter((r) => r.nextOrderAfterProduct).length,
      },
      orderById: {
        read: ready.filter((r) => r.orderById.read).length,
        answeredBeforeReady: ready.filter((r) => r.orderById.answeredBeforeReady).length,
      },
      msFromLastAnswerToReady: Math.max(...ready.map((r) => r.msFromLastAnswerToReady)),
      requestsBeforeSuccess: answeredBeforeSuccess.length,
      requestsBeforeSuccessDescribed: answeredBeforeSuccess.map((r) => `${r.method} ${readOf(r)}`).join(', '),
      cycles,
      heapGrowthBytes: heap.after - heap.before,
    };
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
    await rm(work, { recursive: true, force: true });
  }
}

const grouped = (n: number) => n.toLocaleString('en-US');

export function formatFigures(figures: BenchFigures): string {
  const width = Math.max(...figures.sizes.map((size) => size.file.length));
  const lines = [
    `${'file'.padEnd(width)}  ${'raw'.padStart(8)}  ${'gzip'.padStart(8)}  ${'brotli'.padStart(8)}`,
    ...figures.sizes.map(
      (s) => `${s.file.padEnd(width)}  ${grouped(s.raw).padStart(8)}  ${grouped(s.gzip).padStart(8)}  ${grouped(s.brotli).padStart(8)}`,
    ),
    '',
    `where the ${grouped(figures.parts.whole)} bytes brotli of dist/prepaid-upgrade.js go`,
    ...(
      [
        ['our own code', figures.parts.ours],
        ['Lit: lit-element and @lit/reactive-element', figures.parts.litCore],
        ['Lit: lit-html', figures.parts.litHtml],
        ['@lit/task', figures.parts.task],
        ['zod (zod/mini)', figures.parts.zod],
      ] as const
    ).map(([part, bytes]) => `  ${part.padEnd(44)} ${grouped(bytes).padStart(6)}`),
    '',
    ...formatFirstVisits(figures.firstVisits),
    '',
    ...formatLayoutVisits(figures.layout),
    '',
    ...formatChainVisits(figures.chain),
    '',
    ...formatScaleVisits(figures.scale),
    '',
    ...(figures.demo ? [...formatDemoVisits(figures.demo), ''] : []),
    `mounts one after the other in one page: ${figures.mounts}, then one upgraded`,
    `time to ready, median                 ${figures.medianMsToReady.toFixed(1)} ms`,
    `room held on connection               ${figures.roomOnConnection ? 'synchronously' : 'NOT synchronously'}`,
    `requests before ready                 ${figures.requestsBeforeReady} (${describeReads(figures.readsBeforeReady)})`,
    `round trips before ready              ${figures.roundTripsBeforeReady}`,
    ...figures.readsBeforeReady.map(
      (read) =>
        `  ${String(read.roundTrip)}  ${read.name.padEnd(33)} ${read.startMs.toFixed(1).padStart(5)} → ${read.endMs === null ? 'after ready' : `${read.endMs.toFixed(1)} ms`}`,
    ),
    `next order read before ready          in ${figures.nextOrder.readBeforeReady} of ${figures.mounts} mounts, waiting on the product in ${figures.nextOrder.afterProduct}`,
    `next order read by id                 in ${figures.orderById.read} of ${figures.mounts} mounts, answered (${ORDER_BY_ID_DELAY_MS} ms late) before ready in ${figures.orderById.answeredBeforeReady}`,
    `ready after the last answer           ${figures.msFromLastAnswerToReady.toFixed(1)} ms at most`,
    `requests before success               ${figures.requestsBeforeSuccess} (${figures.requestsBeforeSuccessDescribed})`,
    `heap growth after ${grouped(figures.cycles)} cycles        ${grouped(figures.heapGrowthBytes)} bytes`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const figures = await runBench({ demo: true });
  console.log(formatFigures(figures));
  await mkdir(join(root, 'test-results'), { recursive: true });
  await writeFile(join(root, 'test-results/bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
}
