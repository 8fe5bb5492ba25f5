/**
 * The benchmark's page side. The real sandbox answers from a worker of the page (bench/sandbox-worker.ts), so that
 * the figures measure the widget and neither a network nor the service: requests to /sandbox/ never leave the page, and
 * the sandbox's work is not done on the main thread. Everything else goes to the real fetch.
 */
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../src/sandbox/seed.js';
import { signStorefrontToken } from '../src/server/index.js';
import type { LoggedRequest, MountLog } from './ready-requests.js';
import type { SerializedRequest, SerializedResponse } from './sandbox-worker.js';

const sandbox = new Worker(new URL('./sandbox-worker.js', import.meta.url), { type: 'module' });
const sandboxReady = new Promise((resolve, reject) => {
  sandbox.addEventListener('message', resolve, { once: true });
  // A worker that cannot start says so here, where the page's error reaches the benchmark, instead of never being ready.
  sandbox.addEventListener('error', (event) => reject(new Error(`the sandbox's worker failed: ${event.message || 'it did not load'}`)));
});
/** The requests sent to the sandbox and not yet answered, by id. */
const unanswered = new Map<number, (answer: SerializedResponse) => void>();
let lastId = 0;
void sandboxReady.then(() => {
  sandbox.onmessage = ({ data }: MessageEvent<SerializedResponse>) => {
    unanswered.get(data.id)!(data);
    unanswered.delete(data.id);
  };
});

/** The sandbox's answer to `request`, which crosses to the worker and back as a request crosses a network. */
async function askSandbox(request: Request): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const id = ++lastId;
  const answered = new Promise<SerializedResponse>((resolve) => unanswered.set(id, resolve));
  const sent: SerializedRequest = { id, url: request.url, method: request.method, headers: [...request.headers], body };
  sandbox.postMessage(sent, body ? [body] : []);
  const { status, statusText, headers, body: answer } = await answered;
  // A null-body status takes no body, not even an empty one.
  return new Response([101, 204, 205, 304].includes(status) ? null : answer, { status, statusText, headers });
}

/**
 * Every request the page makes to the sandbox, with when it started and when its answer came back. `seq` numbers
 * those moments (and each ready) in one sequence, so that which came first never depends on the timer's resolution.
 */
const requests: Array<Omit<LoggedRequest, 'startMs' | 'endMs'> & { start: number; end: number | null }> = [];
let seq = 0;
const pageFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/sandbox/')) return pageFetch(request);
  const logged = {
    method: request.method,
    // The path under the instance's base (`/sandbox/i/{instance}`), with its query.
    target: url.pathname.replace(/^\/sandbox\/i\/[^/]+/, '') + url.search,
    start: performance.now(),
    startSeq: ++seq,
    end: null as number | null,
    endSeq: null as number | null,
  };
  requests.push(logged);
  const response = await askSandbox(request);
  logged.end = performance.now();
  logged.endSeq = ++seq;
  return response;
};

/** The requests logged since `requests` was emptied, their times from `started`. */
const logSince = (started: number): LoggedRequest[] =>
  requests.map(({ start, end, ...request }) => ({ ...request, startMs: start - started, endMs: end === null ? null : end - started }));

/** Long tasks while widgets mount, render and upgrade; the heap phase's forced collections are not the widget's. */
const longTasks: Array<{ start: number; duration: number }> = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });
let mountsWindow = { start: 0, end: 0 };

const token = await signStorefrontToken({
  merchantPublicId: SANDBOX_MERCHANT.publicId,
  customerId: SANDBOX_SUBSCRIPTIONS.eligible.customerId,
  hashKey: SANDBOX_MERCHANT.hashKey,
});

let instances = 0;
/**
 * A widget for a fresh sandbox instance (every mount then reads a pay-as-you-go subscription and sees only its own
 * requests), or for the one named.
 */
function widget(instance = `bench${++instances}`): HTMLElement {
  const el = document.createElement('prepaid-upgrade');
  el.setAttribute('subscription-id', SANDBOX_SUBSCRIPTIONS.eligible.id);
  el.setAttribute('api-base', `/sandbox/i/${instance}`);
  el.setAttribute('token', token);
  return el;
}

const once = (el: Element, type: string) => new Promise<Event>((resolve) => el.addEventListener(type, resolve, { once: true }));
/** When `type` is dispatched on `el`: its time, and its place in the sequence of the requests' starts and ends. */
const moment = (el: Element, type: string) =>
  new Promise<{ at: number; seq: number }>((resolve) =>
    el.addEventListener(type, () => resolve({ at: performance.now(), seq: ++seq }), { once: true }),
  );

export interface MountFigures {
  /** Each mount: from connection to `prepaid-upgrade-ready`, and the requests it made meanwhile and after. */
  mounts: MountLog[];
  placeholderOnConnection: boolean;
  /** One more mount, upgraded: its requests, and where in the sequence `prepaid-upgrade-success` came. */
  upgraded: { requests: LoggedRequest[]; successSeq: number };
  /** The first widget, the page's cold one: from its creation to its first render, the microtasks after included. */
  coldMountMs: number;
}

/** Mounts `count` widgets one after the other and times each from connection to `prepaid-upgrade-ready`. */
async function mounts(count: number): Promise<MountFigures> {
  mountsWindow = { start: performance.now(), end: Infinity };
  // The first mount in a task that starts inside the window, so that its first render is counted too.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const container = document.getElementById('stage')!;
  const logs: MountLog[] = [];
  let placeholderOnConnection = true;
  let coldMountMs = 0;
  for (let i = 0; i < count; i++) {
    const created = performance.now();
    const el = widget();
    requests.length = 0;
    const ready = moment(el, 'prepaid-upgrade-ready');
    const started = performance.now();
    container.append(el);
    placeholderOnConnection &&= el.shadowRoot?.querySelector('[part~=base]') !== null;
    if (i === 0) {
      await (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      coldMountMs = performance.now() - created;
    }
    const { at, seq: readySeq } = await ready;
    // A request still under way at ready (none, today) is logged unanswered.
    logs.push({ msToReady: at - started, readySeq, requests: logSince(started) });
    el.remove();
  }
  const el = widget();
  requests.length = 0;
  const ready = once(el, 'prepaid-upgrade-ready');
  const started = performance.now();
  container.append(el);
  await ready;
  const success = moment(el, 'prepaid-upgrade-success');
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=submit]')!.click();
  const { seq: successSeq } = await success;
  const upgraded = { requests: logSince(started), successSeq };
  el.remove();
  // Long tasks are reported a little after they end.
  await new Promise((resolve) => setTimeout(resolve, 100));
  mountsWindow.end = performance.now();
  return { mounts: logs, placeholderOnConnection, upgraded, coldMountMs };
}

declare const gc: () => void;
/** The page's heap after a full collection (the sandbox's memory is the worker's, not the page's). */
const heap = async () => {
  // Twice, a task apart: what only the first collection let go of (weak references, finalizers, the engine's own
  // caches) is gone by the second, so the figure does not depend on where the engine's collections happened to stand.
  gc();
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
};
const HEAP_INSTANCE = 'heap';

/** Heap growth over `count` mount → ready → unmount cycles, after a warm-up that fills every cache once. */
async function cycles(count: number, warmUp: number): Promise<{ before: number; after: number }> {
  const container = document.getElementById('stage')!;
  const cycle = async () => {
    // One instance throughout, so that the sandbox's worker does not grow by an instance a cycle.
    const el = widget(HEAP_INSTANCE);
    const ready = once(el, 'prepaid-upgrade-ready');
    container.append(el);
    await ready;
    el.remove();
  };
  for (let i = 0; i < warmUp; i++) await cycle();
  // Let the last answers settle before measuring.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = await heap();
  for (let i = 0; i < count; i++) await cycle();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { before, after: await heap() };
}

const longTasksWhileMounting = () =>
  longTasks.filter((task) => task.start >= mountsWindow.start && task.start <= mountsWindow.end).map((task) => task.duration);

// The worker's start (a module as big as the sandbox, compiled beside the main thread on a machine of few cores) is
// not the widget's either: with mounts under way, it made the first mount's task 60–150 ms long.
await sandboxReady;
Object.assign(window, { bench: { mounts, cycles, longTasks: longTasksWhileMounting } });
document.dispatchEvent(new Event('bench-ready'));
