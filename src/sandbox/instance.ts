/**
 * One sandbox instance, with its own data, faults, latency, rate limits and request log.
 *
 * Every API request goes through the same steps. It is routed, and a request for no endpoint is refused there. Then it
 * is logged, waits for any latency, and may be answered by a fault. Otherwise it is authenticated, rate-limited and
 * answered for real. A fault with `apply` turns the last steps
 * around. The request is answered for real at once, then the latency passes, and then the fault's answer replaces the
 * real one. A fault with `carriedOutAfterMs` carries the request out on a timer of its own, which the client's waiting
 * or giving up does not touch.
 *
 * The control routes (`/__sandbox/…`, in control.ts) change an instance through its methods. index.ts sends each
 * request either to the API or to the control routes.
 */
import { matchApiRoute, type RouteMatch } from './api.js';
import { authenticate } from './auth.js';
import { FaultQueue, MAX_LATENCY_MS, faultResponse, parseFault, type Fault, type QueuedFault } from './faults.js';
import { isLoopback } from './hosts.js';
import { MAX_BODY_BYTES, delay, problem, readBodyText, type ClientInfo } from './http.js';
import { describeSandbox, type SandboxInfo } from './info.js';
import type { Environment, SandboxData } from './model.js';
import { FixedWindowRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { recordOf, RequestLog, type LogBudget, type RecordedRequest } from './request-log.js';
import { ORDER_LISTING_SHAPES, type OrderListingShape } from './schemas.js';
import { seedData } from './seed.js';

export interface InstanceOptions {
  environment: Environment;
  now: () => number;
  rateLimit: RateLimitOptions;
  writeDurationMs: number;
  /** How the orders listing is served until a control route says otherwise, and again after a reset. */
  orderListing: OrderListingShape;
  /** The bytes that the request logs of all the sandbox's instances share. */
  logBudget: LogBudget;
  /** The refused tokens that the token doctor may diagnose, shared by all the sandbox's instances. */
  diagnoses: FixedWindowRateLimiter;
}

export class SandboxInstance {
  readonly #options: InstanceOptions;
  #data: SandboxData;
  readonly #faults = new FaultQueue();
  readonly #rateLimiter: FixedWindowRateLimiter;
  readonly #locks = new Set<string>();
  readonly #log: RequestLog;
  #latencyMs = 0;
  #orderListing: OrderListingShape;

  constructor(options: InstanceOptions) {
    this.#options = options;
    this.#orderListing = options.orderListing;
    this.#data = seedData(options.now());
    this.#rateLimiter = new FixedWindowRateLimiter(options.rateLimit);
    this.#log = new RequestLog(options.logBudget);
  }

  /**
   * Seeds the data again, with next orders dated from now. Forgets the faults, latency, order listing shape, rate
   * limits and request log.
   */
  reset(): void {
    this.#data = seedData(this.#options.now());
    this.#faults.clear();
    this.#rateLimiter.clear();
    this.#log.clear();
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

  /** The requests this instance answered, oldest first, with every credential redacted. */
  get requests(): readonly RecordedRequest[] {
    return this.#log.records;
  }

  clearRequests(): void {
    this.#log.clear();
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

  /**
   * Answers an API request whose path, relative to this instance's base, is `path`. `client` is what the server knows
   * of where the request came from.
   */
  async handle(request: Request, path: string, client: ClientInfo = {}): Promise<Response> {
    const at = this.#options.now();
    // A request for no endpoint, or with a body too large to read, is refused before anything is kept of it or spent
    // on it: it is not logged, faulted or delayed.
    const route = matchApiRoute(request.method, path);
    if (!route.ok) return route.response;
    const body = await readBodyText(request);
    if (body.tooLarge) return problem(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
    const url = new URL(request.url);
    const record = await recordOf(request, path, url.search, body.text, at);
    this.#log.add(record);

    const fault = this.#faults.take(request.method, `${path}${url.search}`);
    const latency = this.#latencyMs + (fault?.latencyMs ?? 0);
    const real = (data = this.#data) => this.#answer(request, route, url, body.text, data, client);
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

  async #answer(
    request: Request,
    route: Extract<RouteMatch, { ok: true }>,
    url: URL,
    bodyText: string,
    data: SandboxData,
    client: ClientInfo,
  ): Promise<Response> {
    const { now, environment, writeDurationMs, diagnoses } = this.#options;
    // Only a developer on this machine gets the token doctor's diagnosis of a refused token, and only so many a
    // minute: it costs dozens of signatures, which a stranger could otherwise make the sandbox compute at will.
    const diagnose = () => isLoopback(client.remoteAddress) && diagnoses.take('refused tokens', now()).allowed;
    const auth = await authenticate(request, data, environment, now(), diagnose);
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
