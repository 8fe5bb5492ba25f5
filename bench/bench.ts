/**
 * `npm run bench`: the widget's size and speed, measured on the built bundles (run `npm run build` first).
 *
 * Prints, and writes to test-results/bench.json: raw/gzip/brotli bytes of both script bundles, of the discovery chunk
 * and of each language; where the bytes of dist/prepaid-upgrade.js go (Lit, lit-html, @lit/task, our own code);
 * then, in headless Chromium over five first visits (`runBench`), with the sandbox answering from a worker of the page
 * (bench/sandbox-worker.ts: no network in the figures, and none of the service's work on the main thread): the median
 * time from the element's connection to `prepaid-upgrade-ready`, whether the placeholder is there on connection, the
 * requests made before ready (what each read, when it started and was answered, and in how many round trips:
 * bench/ready-requests.ts; the orders are listed as the service documents them, so the next order is read by id too,
 * and the figures say whether ready ever waited for that) and before success, long tasks on the main thread in each visit, and the heap growth over
 * 1,000 mount/unmount cycles. test/bench/budgets.test.ts checks the figures against bench/budgets.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { brotliBytes, measureBundleParts, type BundleParts } from './bundle-parts.js';
import type { MountFigures } from './in-page.js';
import { describeReads, ORDER_BY_ID_DELAY_MS, readOf, readyRequests, type TimedRead } from './ready-requests.js';

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
  /** First visits, each in a fresh browser context. */
  visits: number;
  /** Mounts over all visits. */
  mounts: number;
  medianMsToReady: number;
  placeholderOnConnection: boolean;
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
  /** Each visit's first widget, the cold one: from its creation to its first render. */
  coldMountMs: number[];
  /**
   * Tasks over 50 ms on the main thread while widgets mount, render and upgrade, in each visit; and the longest of them
   * in the quietest visit (0 when a visit had none), which the budget holds.
   */
  longTasks: { perVisit: Array<{ count: number; longestMs: number }>; quietestLongestMs: number };
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

/** The page side (bench/in-page.ts) and the sandbox's worker (bench/sandbox-worker.ts), as modules for the browser. */
async function buildPageScripts(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      lib: {
        entry: { 'in-page': join(root, 'bench/in-page.ts'), 'sandbox-worker': join(root, 'bench/sandbox-worker.ts') },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  });
}

/** Serves `page` at /index.html, the built bundles under /dist/, and the page's scripts (built into `scriptsDir`). */
function serve(page: string, scriptsDir: string): Promise<{ origin: string; server: Server }> {
  /** The file under `dir` that `path` names, or null for a path that leaves it. */
  const under = (dir: string, path: string) => {
    const file = normalize(join(dir, path));
    return file.startsWith(dir + sep) ? file : null;
  };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/index.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    const file = path.startsWith('/dist/') ? under(distDir, path.slice('/dist/'.length)) : under(scriptsDir, path);
    try {
      if (file?.endsWith('.js'))
        return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(await readFile(file));
    } catch {
      // Falls through to 404.
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The page side's functions, on `window.bench` (bench/in-page.ts). */
interface PageBench {
  mounts(count: number): Promise<MountFigures>;
  cycles(count: number, warmUp: number): Promise<{ before: number; after: number }>;
  longTasks(): number[];
}
declare const bench: PageBench;

/**
 * `visits` first visits of a customer, each in a fresh browser context (nothing cached, no compiled code kept) that
 * mounts `mounts` widgets one after the other, the first of them cold; then, in the last, `cycles` mount/unmount cycles
 * after `warmUp` more. Several visits, because one is at the mercy of the machine: the cold first mount's task takes
 * 12–40 ms here, and over 50 ms in about one visit in six on a busy machine, in any of them. A task the widget's own
 * work makes long is long in every visit; so the quietest visit tells, as `timeit` reports the best of its runs.
 */
export async function runBench({ visits = 5, mounts = 20, cycles = 1000, warmUp = 200 } = {}): Promise<BenchFigures> {
  const sizes = await bundleSizes();
  // Built before the browser starts: nothing else runs while the times are measured.
  const parts = await measureBundleParts();
  const work = await mkdtemp(join(tmpdir(), 'prepaid-upgrade-bench-'));
  await buildPageScripts(work);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
    <script type="module" src="/dist/prepaid-upgrade.js"></script><script type="module" src="/in-page.js"></script>
    </head><body><main id="stage" style="inline-size: 480px"></main></body></html>`;
  const { origin, server } = await serve(page, work);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium',
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
    const seen: Array<{ figures: MountFigures; longTasks: number[] }> = [];
    let heap = { before: 0, after: 0 };
    for (let i = 0; i < visits; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      await tab.goto(`${origin}/index.html`);
      await tab
        .waitForFunction(() => 'bench' in window && customElements.get('prepaid-upgrade') !== undefined, null, { timeout: 20_000 })
        .catch((error: unknown) => {
          throw errors.length ? new Error(`the bench page failed: ${errors.join('; ')}`) : error;
        });
      const figures = await tab.evaluate((count) => bench.mounts(count), mounts);
      seen.push({ figures, longTasks: await tab.evaluate(() => bench.longTasks()) });
      if (i === visits - 1) heap = await tab.evaluate(([count, warm]) => bench.cycles(count!, warm!), [cycles, warmUp]);
      if (errors.length) throw new Error(`the bench page failed: ${errors.join('; ')}`);
      await context.close();
    }
    const mountLogs = seen.flatMap(({ figures }) => figures.mounts);
    const msToReady = mountLogs.map((mount) => mount.msToReady);
    const ready = mountLogs.map(readyRequests);
    // The mount in the middle by time to ready stands for all of them in the printout.
    const typical = ready[msToReady.indexOf([...msToReady].sort((a, b) => a - b)[Math.floor(msToReady.length / 2)]!)]!;
    // Every visit upgrades once; the one that needed the most requests stands for them.
    const answeredBeforeSuccess = seen
      // The next order read by id is left out: it only fills in amounts, and nothing waits for it.
      .map(({ figures: { upgraded } }) =>
        upgraded.requests.filter((r) => r.endSeq !== null && r.endSeq < upgraded.successSeq && readOf(r) !== 'order by id'),
      )
      .reduce((most, these) => (these.length > most.length ? these : most));
    const longTasksPerVisit = seen.map(({ longTasks }) => ({ count: longTasks.length, longestMs: Math.max(0, ...longTasks) }));
    return {
      sizes,
      parts,
      visits,
      mounts: mountLogs.length,
      medianMsToReady: median(msToReady),
      placeholderOnConnection: seen.every(({ figures }) => figures.placeholderOnConnection),
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
      coldMountMs: seen.map(({ figures }) => figures.coldMountMs),
      longTasks: { perVisit: longTasksPerVisit, quietestLongestMs: Math.min(...longTasksPerVisit.map((visit) => visit.longestMs)) },
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

/** "none in the quietest visit (by visit: 0; 1, up to 102 ms; 0; 0; 0)" */
export function describeLongTasks({ perVisit, quietestLongestMs }: BenchFigures['longTasks']): string {
  const quietest = quietestLongestMs ? `up to ${quietestLongestMs.toFixed(0)} ms` : 'none';
  const byVisit = perVisit.map((visit) => (visit.count ? `${visit.count}, up to ${visit.longestMs.toFixed(0)} ms` : '0'));
  return `${quietest} in the quietest visit (by visit: ${byVisit.join('; ')})`;
}

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
      ] as const
    ).map(([part, bytes]) => `  ${part.padEnd(44)} ${grouped(bytes).padStart(6)}`),
    '',
    `time to ready, median of ${figures.mounts} mounts   ${figures.medianMsToReady.toFixed(1)} ms (${figures.visits} first visits)`,
    `placeholder on connection             ${figures.placeholderOnConnection ? 'synchronous' : 'NOT synchronous'}`,
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
    `first widget, created to rendered     ${Math.min(...figures.coldMountMs).toFixed(1)} ms at best, ${median(figures.coldMountMs).toFixed(1)} ms median (cold)`,
    `long tasks while mounting (> 50 ms)   ${describeLongTasks(figures.longTasks)}`,
    `heap growth after ${grouped(figures.cycles)} cycles        ${grouped(figures.heapGrowthBytes)} bytes`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const figures = await runBench();
  console.log(formatFigures(figures));
  await mkdir(join(root, 'test-results'), { recursive: true });
  await writeFile(join(root, 'test-results/bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
}
