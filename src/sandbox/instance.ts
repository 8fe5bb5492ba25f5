/**
 * One sandbox instance, with its own data, faults, latency, rate limits and request log.
 *
 * Every API request goes through the same steps. It is logged, waits for any latency, and may be answered by a fault.
 * Otherwise it is routed, authenticated, rate-limited and answered for real. A fault with `apply` turns the last steps
 * around. The request is answered for real at once, then the latency passes, and then the fault's answer replaces the
 * real one. A fault with `carriedOutAfterMs` carries the request out on a timer of its own, which the client's waiting
 * or giving up does not touch.
 *
 * The control routes (`/__sandbox/…`, in control.ts) change an instance through its methods. index.ts sends each
 * request either to the API or to the control routes.
 */
import { matchApiRoute } from './api.js';
import { authenticate } from './auth.js';
import { FaultQueue, MAX_LATENCY_MS, faultResponse, parseFault, type Fault, type QueuedFault } from './faults.js';
import { MAX_BODY_BYTES, delay, parseJson, problem, readBodyText } from './http.js';
import { describeSandbox, type SandboxInfo } from './info.js';
import type { Environment, SandboxData } from './model.js';
import { FixedWindowRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { ORDER_LISTING_SHAPES, type OrderListingShape } from './schemas.js';
import { seedData } from './seed.js';

export interface InstanceOptions {
  environment: Environment;
  now: () => number;
  rateLimit: RateLimitOptions;
  writeDurationMs: number;
  /** How the orders listing is served until a control route says otherwise, and again after a reset. */
  orderListing: OrderListingShape;
}

/** One API request as the sandbox saw it. */
export interface RecordedRequest {
  method: string;
  /** The path relative to the instance's base, such as `/subscriptions/sub_coffee_ada/`. */
  path: string;
  /** The query string with its `?`, or empty. */
  search: string;
  /** Every request header, with names in lower case. */
  headers: Record<string, string>;
  /** The body as parsed JSON, else as the raw text. Null when there was none, or when it was too large. */
  body: unknown;
  /**
   * The status that the client was answered. It is 0 for a simulated network failure, and null while the request is
   * still being answered. A client that gave up meanwhile never read it.
   */
  status: number | null;
  /** When the sandbox received the request, in ms on the sandbox's clock: the `now` option, by default `Date.now`. */
  at: number;
  /**
   * Only for a request that a fault with `apply` or `carriedOutAfterMs` carried out. It is the status of the real
   * answer, such as 200 when an upgrade was made, whether or not that answer was the one sent. It is null until the
   * request has been carried out, so that a test can tell a change still to come from one that was made.
   */
  appliedStatus?: number | null;
}

/** The log keeps the latest requests only, so that a long-running demo does not grow without end. */
const MAX_RECORDED_REQUESTS = 1000;

function loggedBody(text: string): unknown {
  if (text === '') return null;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

export class SandboxInstance {
  readonly #options: InstanceOptions;
  #data: SandboxData;
  readonly #faults = new FaultQueue();
  readonly #rateLimiter: FixedWindowRateLimiter;
  readonly #locks = new Set<string>();
  #requests: RecordedRequest[] = [];
  #latencyMs = 0;
  #orderListing: OrderListingShape;

  constructor(options: InstanceOptions) {
    this.#options = options;
    this.#orderListing = options.orderListing;
    this.#data = seedData(options.now());
    this.#rateLimiter = new FixedWindowRateLimiter(options.rateLimit);
  }

  /**
   * Seeds the data again, with next orders dated from now. Forgets the faults, latency, order listing shape, rate
   * limits and request log.
   */
  reset(): void {
    this.#data = seedData(this.#options.now());
    this.#faults.clear();
    this.#rateLimiter.clear();
    this.#requests = [];
    this.#latencyMs = 0;
    this.#orderListing = this.#options.orderListing;
  }

  /** Queues a fault. Throws a TypeError when it is not a valid one. */
  addFault(fault: Fault): QueuedFault {
    return this.addFaults([fault])[0]!;
  }

  /** Queues faults in their order, or none of them. Throws a TypeError that names the first one that is not valid. */
  addFaults(faults: Fault[]): QueuedFault[] {
    const valid: Fault[] = [];
    for (const [index, fault] of faults.entries()) {
      const parsed = parseFault(fault);
      if (!parsed.ok) throw new TypeError(faults.length > 1 ? `Fault ${index + 1}: ${parsed.detail}` : parsed.detail);
      valid.push(parsed.fault);
    }
    return valid.map((fault) => this.#faults.add(fault));
  }

  get faults(): QueuedFault[] {
    return this.#faults.list();
  }

  clearFaults(): void {
    this.#faults.clear();
  }

  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }

  clearRequests(): void {
    this.#requests = [];
  }

  /** The latency added to every API request, in ms. */
  get latencyMs(): number {
    return this.#latencyMs;
  }

  /** Throws a TypeError unless it is a whole number of ms from 0 to 600,000. */
  set latencyMs(ms: number) {
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
      throw new TypeError(`latencyMs must be a whole number from 0 to ${MAX_LATENCY_MS}.`);
    this.#latencyMs = ms;
  }

  /**
   * How `GET /orders/` lists each order. It is `complete`, unless the sandbox's options say otherwise, or `reference`,
   * as the service's List reference documents it: without `sub_total`, and with `total` as the text "undefined".
   * `GET /orders/{id}/` is complete either way.
   */
  get orderListing(): OrderListingShape {
    return this.#orderListing;
  }

  /** Throws a TypeError unless it is one of the two shapes. */
  set orderListing(shape: OrderListingShape) {
    if (!ORDER_LISTING_SHAPES.includes(shape)) throw new TypeError('shape must be "complete" or "reference".');
    this.#orderListing = shape;
  }

  /** The demo merchant, its customers and their subscriptions. It never includes a key. */
  info(): SandboxInfo {
    return describeSandbox(this.#data, this.#options.environment);
  }

  /** Answers an API request whose path, relative to this instance's base, is `path`. */
  async handle(request: Request, path: string): Promise<Response> {
    const at = this.#options.now();
    const url = new URL(request.url);
    const body = await readBodyText(request);
    const record: RecordedRequest = {
      method: request.method,
      path,
      search: url.search,
      headers: Object.fromEntries(request.headers),
      body: body.tooLarge ? null : loggedBody(body.text),
      status: null,
      at,
    };
    this.#requests.push(record);
    if (this.#requests.length > MAX_RECORDED_REQUESTS) this.#requests.shift();

    const fault = this.#faults.take(request.method, `${path}${url.search}`);
    const latency = this.#latencyMs + (fault?.latencyMs ?? 0);
    const real = (data = this.#data) =>
      body.tooLarge
        ? problem(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`)
        : this.#answer(request, path, url, body.text, data);
    let response: Response;
    if (fault?.carriedOutAfterMs !== undefined) {
      record.appliedStatus = null;
      // The change runs on a timer of its own, not the answer's, so that it is made even when no one waits for its
      // answer any more. It is made in the data that the request arrived at, so that a reset meanwhile does not get it.
      const data = this.#data;
      const carriedOut = delay(fault.carriedOutAfterMs)
        .then(() => real(data))
        .then((applied) => {
          record.appliedStatus = applied.status;
          return applied;
        });
      if (fault.status === undefined) {
        response = await carriedOut;
        if (latency > 0) await delay(latency);
      } else {
        // Nothing awaits the change. Its answer is dropped, and an error in making it is logged rather than lost.
        carriedOut
          .then((applied) => applied.body?.cancel())
          .catch((error: unknown) => console.error('sandbox: could not carry out a request late', error));
        if (latency > 0) await delay(latency);
        response = faultResponse(fault)!;
      }
    } else if (fault?.apply) {
      record.appliedStatus = null;
      const applied = await real();
      record.appliedStatus = applied.status;
      if (latency > 0) await delay(latency);
      const injected = faultResponse(fault);
      if (injected) await applied.body?.cancel();
      response = injected ?? applied;
    } else {
      if (latency > 0) await delay(latency);
      response = (fault && faultResponse(fault)) ?? (await real());
    }
    record.status = fault?.status === 0 ? 0 : response.status;
    return response;
  }

  async #answer(request: Request, path: string, url: URL, bodyText: string, data: SandboxData): Promise<Response> {
    const route = matchApiRoute(request.method, path);
    if (!route.ok) return route.response;
    const { now, environment, writeDurationMs } = this.#options;
    const auth = await authenticate(request, data, environment, now());
    if (!auth.ok) return problem(auth.status, auth.detail);
    const rate = this.#rateLimiter.take(auth.principal.rateKey, now());
    if (!rate.allowed) {
      return problem(429, `Too many requests; retry in ${rate.retryAfterSeconds} s.`, { 'retry-after': String(rate.retryAfterSeconds) });
    }
    const { principal } = auth;
    const context = { data, principal, url, headers: request.headers, bodyText, nowMs: now, locks: this.#locks, writeDurationMs };
    return route.handler({ ...context, orderListing: this.#orderListing }, route.params);
  }
}
