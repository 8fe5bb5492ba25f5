/**
 * The page side of the bench's mounts and heap cycles (`runBench` in bench/bench.ts): widgets created by script, one
 * after the other, in a page whose sandbox answers from a worker (bench/page-sandbox.ts). It logs the requests each
 * widget makes before ready and before success (read by bench/ready-requests.ts), and measures the heap over
 * mount/unmount cycles. The main thread's tasks are measured on first visits instead (bench/first-visit.ts).
 */
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../src/sandbox/seed.js';
import { signStorefrontToken } from '../src/server/index.js';
import { logSince, nextSeq, requests, sandboxReady, traffic } from './page-sandbox.js';
import { ORDER_BY_ID_DELAY_MS, type LoggedRequest, type MountLog } from './ready-requests.js';

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
    el.addEventListener(type, () => resolve({ at: performance.now(), seq: nextSeq() }), { once: true }),
  );

export interface MountFigures {
  /** Each mount: from connection to `prepaid-upgrade-ready`, and the requests it made meanwhile and after. */
  mounts: MountLog[];
  roomOnConnection: boolean;
  /** One more mount, upgraded: its requests, and where in the sequence `prepaid-upgrade-success` came. */
  upgraded: { requests: LoggedRequest[]; successSeq: number };
}

/** Mounts `count` widgets one after the other and times each from connection to `prepaid-upgrade-ready`. */
async function mounts(count: number): Promise<MountFigures> {
  const container = document.getElementById('stage')!;
  const logs: MountLog[] = [];
  let roomOnConnection = true;
  for (let i = 0; i < count; i++) {
    const el = widget();
    requests.length = 0;
    const ready = moment(el, 'prepaid-upgrade-ready');
    const started = performance.now();
    container.append(el);
    // The room is held from the inserting task on; the placeholder is drawn in a task of its own.
    roomOnConnection &&= el.getBoundingClientRect().height >= innerHeight - 1;
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
  return { mounts: logs, roomOnConnection, upgraded };
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

/**
 * Heap growth over `count` mount → ready → unmount cycles, after a warm-up that fills every cache once. The bench's
 * own log of requests is emptied at every cycle: the figure is the widget's, not the log's (four entries a cycle,
 * about 0.7 MB over 1,000 cycles, when it was kept).
 */
async function cycles(count: number, warmUp: number): Promise<{ before: number; after: number }> {
  const container = document.getElementById('stage')!;
  const cycle = async () => {
    requests.length = 0;
    // One instance throughout, so that the sandbox's worker does not grow by an instance a cycle.
    const el = widget(HEAP_INSTANCE);
    const ready = once(el, 'prepaid-upgrade-ready');
    container.append(el);
    await ready;
    el.remove();
  };
  // Until the last answers have come (the next order read by id is answered ORDER_BY_ID_DELAY_MS late, later still on
  // a busy machine): a widget whose request is under way is still held by it.
  const answered = async () => {
    await new Promise((resolve) => setTimeout(resolve, ORDER_BY_ID_DELAY_MS));
    while (traffic().inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  for (let i = 0; i < warmUp; i++) await cycle();
  await answered();
  requests.length = 0;
  const before = await heap();
  for (let i = 0; i < count; i++) await cycle();
  await answered();
  requests.length = 0;
  return { before, after: await heap() };
}

// The worker's start is not the widget's: mounts begin once the sandbox can answer.
await sandboxReady;
Object.assign(window, { bench: { mounts, cycles } });
