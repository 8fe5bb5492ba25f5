/**
 * Fault injection. It answers the next N matching API requests with a chosen status or a raw body, or only delays them.
 * With `apply`, the request is carried out for real first and only its answer is replaced, as when a change is made but
 * the answer is lost on the way back. With `carriedOutAfterMs`, the request is carried out late, as the service
 * sometimes makes a change seconds after the client gave up waiting for it. The demo's fault controls and the tests
 * drive it through `/__sandbox/faults`.
 */
import { isPlainObject, problem } from './http.js';

export interface Fault {
  /**
   * The status to answer with. 0 means a network failure (see `faultResponse`). Without a status, only latency is
   * added, and with `carriedOutAfterMs`, the real answer waits for the change.
   */
  status?: number;
  /** How many matching requests the fault applies to. Default 1. */
  count?: number;
  /** Only requests with this method, in any case. */
  method?: string;
  /**
   * Only requests whose API path and query string, taken together as sent, contain this text. Examples are
   * `upgrade_to_prepaid`, or `/orders/?subscription=sub_coffee_ada` for one subscription's order reads, which name the
   * subscription in the query alone.
   */
  path?: string;
  /** The delay before answering, in ms. */
  latencyMs?: number;
  /**
   * The `Retry-After` header: whole seconds, or a text sent verbatim, such as an HTTP date or something unreadable, or
   * null for none at all. A 429 has one unless this is null, and it defaults to 1 s.
   */
  retryAfter?: number | string | null;
  /** The `detail` of the JSON error body. */
  detail?: string;
  /** A raw body to answer with instead of the JSON error, such as a malformed one. */
  body?: string;
  /**
   * The content type of `body`: a JSON type, such as `application/problem+json; charset=utf-8`. Default
   * application/json. The body need not be JSON, to stand for an answer that cannot be read, but it is never served as
   * anything a browser would show as a page or run as a script: the sandbox may share its origin with a store.
   */
  contentType?: string;
  /**
   * A `Location` header: a path on the sandbox's own origin, such as `/subscriptions/sub_other/`. With a 3xx status, it
   * makes a redirect, which a client that follows redirects would read its answer from. Never another origin, since a
   * redirect that anyone can queue would send customers there.
   */
  location?: string;
  /**
   * Carries the request out for real first, so that an upgrade is applied. Then the fault's status, body or network
   * failure is answered instead of the real answer: "the change was made, but the answer was lost". The latency then
   * comes after the change. So with a latency alone and no status, the change is made at once, and the real answer
   * arrives late. A client that gives up meanwhile sees a timeout of a request that did succeed. Without `apply`, a
   * fault with a status answers in place of the service, and nothing is changed.
   */
  apply?: boolean;
  /**
   * Carries the request out for real this many ms after it arrived, whether or not its client is still waiting. The
   * service sometimes does this: it has no idempotency key, and a change can be made seconds after the client gave up.
   *
   * With a status, that status is answered after the latency as usual, and the change is made on its own time. Without
   * a status, the real answer is sent once the change is made, after the latency, if any, counted from then. So a
   * client with a shorter time limit sees a timeout of a request that is carried out all the same. This does not go
   * with `apply`, which carries the request out at once.
   */
  carriedOutAfterMs?: number;
}

export interface QueuedFault extends Omit<Fault, 'count'> {
  id: number;
  /** How many more matching requests the fault applies to. */
  remaining: number;
}

type ParsedFault = { ok: true; fault: Fault } | { ok: false; detail: string };

/** Ten minutes. This is enough to hold a request open for a timeout test, and well below what timers can count. */
export const MAX_LATENCY_MS = 600_000;
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const STRING_FIELDS = ['method', 'path', 'detail', 'body', 'contentType', 'location'] as const;
const KNOWN_FIELDS = new Set(['status', 'count', 'latencyMs', 'retryAfter', 'apply', 'carriedOutAfterMs', ...STRING_FIELDS]);

const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** What a header can carry verbatim: printable ASCII without line breaks. */
const isHeaderText = (value: unknown): value is string => typeof value === 'string' && /^[\x20-\x7e]{1,100}$/.test(value);
/** A JSON media type, with or without parameters: `application/json`, `application/problem+json; charset=utf-8`. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json *(?:;[\x20-\x7e]*)?$/i;
/** A path of the sandbox's own origin: one slash, then printable ASCII. `//host` and `/\host` would name another host. */
const OWN_PATH = /^\/(?![/\\])[\x21-\x7e]{0,2000}$/;

/** Checks a fault description, so that a typo in a test fails loudly instead of injecting nothing. */
export function parseFault(value: unknown): ParsedFault {
  if (!isPlainObject(value)) return { ok: false, detail: 'A fault is a JSON object.' };
  const unknown = Object.keys(value).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) return { ok: false, detail: `Unknown fault field(s): ${unknown.join(', ')}.` };
  const { status, count, latencyMs, retryAfter, carriedOutAfterMs } = value;
  if (status !== undefined && status !== 0 && !isWhole(status, 200, 599)) {
    return { ok: false, detail: 'status must be 0 (network failure) or a whole number from 200 to 599.' };
  }
  if (count !== undefined && !isWhole(count, 1, 1_000_000)) return { ok: false, detail: 'count must be a positive whole number.' };
  if (latencyMs !== undefined && !isWhole(latencyMs, 0, MAX_LATENCY_MS)) {
    return { ok: false, detail: `latencyMs must be a whole number from 0 to ${MAX_LATENCY_MS}.` };
  }
  if (carriedOutAfterMs !== undefined && !isWhole(carriedOutAfterMs, 0, MAX_LATENCY_MS)) {
    return { ok: false, detail: `carriedOutAfterMs must be a whole number from 0 to ${MAX_LATENCY_MS}.` };
  }
  if (retryAfter !== undefined && retryAfter !== null && !isWhole(retryAfter, 0, 86_400) && !isHeaderText(retryAfter)) {
    return {
      ok: false,
      detail: 'retryAfter must be whole seconds, a text of up to 100 printable characters (e.g. an HTTP date), or null.',
    };
  }
  for (const field of STRING_FIELDS) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return { ok: false, detail: `${field} must be a string.` };
  }
  if (typeof value.contentType === 'string' && !JSON_MEDIA_TYPE.test(value.contentType)) {
    return { ok: false, detail: 'contentType must be a JSON type, such as application/json or application/problem+json.' };
  }
  if (typeof value.location === 'string' && !OWN_PATH.test(value.location)) {
    return {
      ok: false,
      detail: 'location must be a path on the sandbox’s own origin, such as /subscriptions/sub_other/, never another origin.',
    };
  }
  if (value.apply !== undefined && typeof value.apply !== 'boolean') return { ok: false, detail: 'apply must be true or false.' };
  if (value.apply === true && carriedOutAfterMs !== undefined) {
    return {
      ok: false,
      detail: 'apply and carriedOutAfterMs do not go together: apply carries the request out at once, carriedOutAfterMs later.',
    };
  }
  if (status === undefined && latencyMs === undefined && carriedOutAfterMs === undefined) {
    return { ok: false, detail: 'A fault needs at least one of status, latencyMs and carriedOutAfterMs.' };
  }
  return { ok: true, fault: value as Fault };
}

export class FaultQueue {
  #faults: QueuedFault[] = [];
  #nextId = 1;

  add(fault: Fault): QueuedFault {
    const { count = 1, ...rest } = fault;
    const queued: QueuedFault = { id: this.#nextId++, ...rest, remaining: count };
    if (queued.method) queued.method = queued.method.toUpperCase();
    this.#faults.push(queued);
    return { ...queued };
  }

  /**
   * Takes the first queued fault that matches the request, and uses it up by one. Faults apply in the order they were
   * added. `target` is the request's API path with its query string, such as
   * `/orders/?subscription=sub_coffee_ada&status=1`.
   */
  take(method: string, target: string): QueuedFault | undefined {
    const index = this.#faults.findIndex((f) => (!f.method || f.method === method) && (!f.path || target.includes(f.path)));
    if (index === -1) return undefined;
    const fault = this.#faults[index]!;
    fault.remaining--;
    if (fault.remaining === 0) this.#faults.splice(index, 1);
    return { ...fault };
  }

  list(): QueuedFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#faults = [];
  }
}

const DEFAULT_DETAILS: Record<number, string> = {
  400: 'Bad request.',
  401: 'Invalid or missing credentials.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  423: 'The resource is in use; retry shortly.',
  429: 'Request was throttled.',
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Service unavailable.',
  504: 'Gateway timeout.',
};

/**
 * The answer that a fault puts in place of the real one. There is none for a fault with latency only.
 *
 * Status 0, a network failure, is the fetch standard's network error, `Response.error()`. When a service worker answers
 * with it, the page's `fetch` rejects, in every engine. `serveNodeRequest` does the same over HTTP (see there for how).
 * Code that calls the handler itself sees `type: 'error'` and status 0.
 */
export function faultResponse(fault: QueuedFault): Response | undefined {
  const { status } = fault;
  if (status === undefined) return undefined;
  if (status === 0) return Response.error();
  const headers: Record<string, string> = {};
  const retryAfter = fault.retryAfter === undefined && status === 429 ? 1 : fault.retryAfter;
  if (retryAfter !== undefined && retryAfter !== null) headers['retry-after'] = String(retryAfter);
  if (fault.location !== undefined) headers.location = fault.location;
  if (NULL_BODY_STATUSES.has(status)) return new Response(null, { status, headers });
  if (fault.body !== undefined) {
    headers['content-type'] = fault.contentType ?? 'application/json';
    return new Response(fault.body, { status, headers });
  }
  return problem(status, fault.detail ?? DEFAULT_DETAILS[status] ?? `Injected fault (status ${status}).`, headers);
}
