/**
 * The benchmark's sandbox, in a worker of the page: the service's work happens off the page's main thread, as a
 * server's does, so that the main thread's tasks (timed for long ones) and its heap are the widget's alone. Before, the
 * sandbox ran on the main thread, and its first answers in a page were tasks of 25–30 ms here (over 100 ms with the CPU
 * slowed four times), counted against the widget.
 *
 * It says "ready" once it can answer; then each `SerializedRequest` it is sent gets a `SerializedResponse` of the same
 * `id`.
 */
import { createSandbox } from '../src/sandbox/index.js';
import { ORDER_BY_ID_DELAY_MS } from './ready-requests.js';

export interface SerializedRequest {
  id: number;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
}

export interface SerializedResponse {
  id: number;
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
}

// A benchmark makes thousands of requests with one credential in a minute: far past the default rate limit. The
// orders are listed as the service's List reference documents them (no sub_total), as the real service lists them:
// the widget then reads the next order by id as well, and the figures show that ready never waits for it.
const sandbox = createSandbox({
  basePath: '/sandbox',
  rateLimit: { limit: 1e9, windowMs: 60_000 },
  upgradeDurationMs: 0,
  orderListing: 'reference',
});

// The next order read by id is answered late, as a slow service would answer it (see ORDER_BY_ID_DELAY_MS).
const ORDER_BY_ID = /^\/sandbox\/i\/[^/]+\/orders\/[^/]+\/$/;

self.onmessage = async ({ data }: MessageEvent<SerializedRequest>) => {
  const { id, url, method, headers, body } = data;
  if (ORDER_BY_ID.test(new URL(url).pathname)) await new Promise((resolve) => setTimeout(resolve, ORDER_BY_ID_DELAY_MS));
  const response = await sandbox.handle(new Request(url, { method, headers, body }));
  const answer: SerializedResponse = {
    id,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: await response.arrayBuffer(),
  };
  self.postMessage(answer, { transfer: [answer.body] });
};

self.postMessage('ready');
