/**
 * The page side of the visits over the network (bench/chain-visits.ts, bench/scale-visits.ts): an init script, which
 * the browser runs as each document starts, before anything of the page and in a task of its own. The requests go to
 * the bench's server as a customer's go to the store, the CDN and the service; this script only watches them. It
 * counts the page's fetches under way (to tell when the page has settled), marks when the element is defined, when
 * each widget says `prepaid-upgrade-ready` and the animation frame after, and once every widget has settled, hands
 * the bench those marks with the page's Resource Timing entries. Until then it checks the page every 20 ms and does
 * nothing else on the main thread. No imports: it is a classic script.
 */

/** What a visit over the network tells the bench, its times in ms from navigation. */
export interface NetworkVisitRecord {
  /** When every widget had settled in its final state (then two animation frames more). */
  settledMs: number;
  /** The widgets' final states, in the page's order. */
  states: string[];
  /** The page's own response: when it ended. */
  pageEndMs: number;
  /** Each resource the page fetched (Resource Timing): its address, start and end, and whether it came from the cache. */
  resources: Array<{ url: string; startMs: number; endMs: number; fromCache: boolean }>;
  /** When `customElements.define('prepaid-upgrade')` had run (the end of the bundle's task, give or take its microtasks). */
  definedMs: number | null;
  /** When the first task after the bundle's began: anything started before it was started in the bundle's task. */
  nextTaskMs: number | null;
  /** Each `prepaid-upgrade-ready`, in order, and the start of the animation frame after each. */
  readyMs: number[];
  frameAfterReadyMs: number[];
}

/** An element of the page: the widget. */
type Shown = HTMLElement & { state?: string; updateComplete?: Promise<unknown> };

const TAG = 'prepaid-upgrade';

// Every fetch of a page of 50 widgets, and the page's own files, fit with room to spare (the default keeps 250).
performance.setResourceTimingBufferSize(5000);

let inFlight = 0;
let answered = 0;
const pageFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  inFlight++;
  try {
    return await pageFetch(input, init);
  } finally {
    inFlight--;
    answered++;
  }
};

let definedMs: number | null = null;
let nextTaskMs: number | null = null;
void customElements.whenDefined(TAG).then(() => {
  definedMs = performance.now();
  // The first task after the bundle's, queued at the highest priority there is: a request started before it ran was
  // started in the bundle's task.
  const scheduler = (window as { scheduler?: { postTask(task: () => void, options: { priority: string }): Promise<void> } }).scheduler;
  if (scheduler) void scheduler.postTask(() => (nextTaskMs = performance.now()), { priority: 'user-blocking' });
});

const readyMs: number[] = [];
const frameAfterReadyMs: number[] = [];
// Captured on the window, so that each widget's event is heard however it travels.
addEventListener(
  `${TAG}-ready`,
  () => {
    readyMs.push(performance.now());
    requestAnimationFrame(() => frameAfterReadyMs.push(performance.now()));
  },
  true,
);

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every widget is defined, rendered and past `loading`, and no fetch is under way. */
const stillNow = (elements: Shown[]) =>
  inFlight === 0 && elements.every((el) => el.matches(':defined') && !!el.shadowRoot?.childElementCount && el.state !== 'loading');

/**
 * Resolves once every widget has settled: defined, rendered, out of `loading`, no fetch under way, its update done, and
 * still so two animation frames later with no fetch started or answered meanwhile (as bench/first-visit-page.ts).
 */
async function settled(): Promise<{ at: number; states: string[] }> {
  await customElements.whenDefined(TAG);
  const elements = [...document.querySelectorAll<Shown>(TAG)];
  for (;;) {
    if (stillNow(elements)) {
      const seen = answered;
      await Promise.all(elements.map((el) => el.updateComplete));
      await frame();
      await frame();
      if (stillNow(elements) && answered === seen) return { at: performance.now(), states: elements.map((el) => el.state ?? '') };
    }
    await sleep(20);
  }
}

// Watched from the start, so that the bench asks nothing of the page while it loads.
const done = settled();

/** The visit's record, once every widget has settled. */
async function record(): Promise<NetworkVisitRecord> {
  const { at, states } = await done;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
    url: entry.name,
    startMs: entry.startTime,
    endMs: entry.responseEnd,
    // Nothing crossed the network, yet a body came: the browser's cache answered (the page's origin serves all, so the
    // sizes are not hidden).
    fromCache: entry.transferSize === 0 && entry.decodedBodySize > 0,
  }));
  return {
    settledMs: at,
    states,
    pageEndMs: navigation?.responseEnd ?? 0,
    resources,
    definedMs,
    nextTaskMs,
    readyMs,
    frameAfterReadyMs,
  };
}

Object.assign(window, { networkVisit: { record } });
