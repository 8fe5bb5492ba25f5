/**
 * The sandbox of the bench's pages, answering from a worker of the page (bench/sandbox-worker.ts), so that the figures
 * measure the widget and neither a network nor the service: requests to /sandbox/ never leave the page, and the
 * sandbox's work is not done on the main thread. Everything else goes to the real fetch. Imported first by each page
 * of the bench (bench/in-page.ts, bench/first-visit-page.ts): `window.fetch` is wrapped before any widget can call it,
 * and a request made before the worker is ready waits for it, as a request waits on a network.
 */
import type { LoggedRequest } from './ready-requests.js';
import type { SerializedRequest, SerializedResponse } from './sandbox-worker.js';

// Served beside the pages by bench/bench.ts (an address from the page's root: this file runs as a classic script too).
const sandbox = new Worker('/sandbox-worker.js', { type: 'module' });
/** When the sandbox's worker can answer. */
export const sandboxReady = new Promise((resolve, reject) => {
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
  await sandboxReady;
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
 * those moments (and whatever else a page marks with `nextSeq`) in one sequence, so that which came first never
 * depends on the timer's resolution.
 */
export const requests: Array<Omit<LoggedRequest, 'startMs' | 'endMs'> & { start: number; end: number | null }> = [];
let seq = 0;
export const nextSeq = (): number => ++seq;
/** Requests to the sandbox started and not yet answered; and how many have been answered in all. */
let inFlight = 0;
let answered = 0;
export const traffic = (): { inFlight: number; answered: number } => ({ inFlight, answered });

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
    startSeq: nextSeq(),
    end: null as number | null,
    endSeq: null as number | null,
  };
  requests.push(logged);
  inFlight++;
  try {
    return await askSandbox(request);
  } finally {
    logged.end = performance.now();
    logged.endSeq = nextSeq();
    inFlight--;
    answered++;
  }
};

/** The requests logged since `requests` was emptied, their times from `started`. */
export const logSince = (started: number): LoggedRequest[] =>
  requests.map(({ start, end, ...request }) => ({ ...request, startMs: start - started, endMs: end === null ? null : end - started }));
