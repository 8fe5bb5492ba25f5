/**
 * The request log of each instance, for tests and the demo: what the sandbox saw, with every credential redacted. What
 * it keeps is bounded twice. Each instance keeps its latest requests only, and all the instances of one sandbox share
 * one budget of bytes, from which the oldest requests of any instance go first. Anyone who can reach the sandbox can
 * send requests and create instances, so without the shared budget they could make it hold gigabytes.
 */
import { parseJson } from './http.js';
import { redactedHeaders, redactedJson, redactedSearch } from './redaction.js';

/** One API request as the sandbox saw it. */
export interface RecordedRequest {
  method: string;
  /** The path relative to the instance's base, such as `/subscriptions/sub_coffee_ada/`. */
  path: string;
  /** The query string with its `?`, or empty. A parameter that carries a credential is redacted. */
  search: string;
  /**
   * Every request header, with names in lower case. A credential (`authorization`, `cookie`, `x-api-key`, and any
   * header whose name says it carries a token, key or secret) shows as `[redacted sha256:…]` (see `redactCredential`).
   */
  headers: Record<string, string>;
  /**
   * The body as parsed JSON, else as the raw text, with credentials redacted as in the headers. Null when there was
   * none. A body longer than `LOGGED_BODY_CHARACTERS` is cut to that many characters of its text, and `bodyTruncated`
   * says so.
   */
  body: unknown;
  /** Only for a body that was cut. */
  bodyTruncated?: true;
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

/** The requests each instance keeps at most. */
export const MAX_RECORDED_REQUESTS = 1000;
/** How much of a body the log keeps: enough for every body the service takes, and little for one it does not. */
export const LOGGED_BODY_CHARACTERS = 2048;
/** The bytes that the logs of all the instances of one sandbox hold together, at most. */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;

/** Makes the record of a request whose body has been read, as the log keeps it. */
export async function recordOf(request: Request, path: string, search: string, bodyText: string, at: number): Promise<RecordedRequest> {
  const record: RecordedRequest = {
    method: request.method,
    path,
    search: await redactedSearch(search),
    headers: await redactedHeaders(request.headers),
    body: null,
    status: null,
    at,
  };
  if (bodyText === '') return record;
  const parsed = parseJson(bodyText);
  const body = parsed.ok ? await redactedJson(parsed.value) : bodyText;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text.length <= LOGGED_BODY_CHARACTERS) record.body = body;
  else Object.assign(record, { body: text.slice(0, LOGGED_BODY_CHARACTERS), bodyTruncated: true });
  return record;
}

/** About how many bytes a record holds: its texts, counted in UTF-16 code units, as the engine keeps most of them. */
function sizeOf(record: RecordedRequest): number {
  let size = record.method.length + record.path.length + record.search.length + 64;
  for (const [name, value] of Object.entries(record.headers)) size += name.length + value.length;
  return size + (record.body === null ? 0 : typeof record.body === 'string' ? record.body.length : JSON.stringify(record.body).length);
}

/** The bytes shared by the logs of one sandbox's instances, spent on their requests oldest first. */
export class LogBudget {
  readonly #maxBytes: number;
  #usedBytes = 0;
  /** Every request held, oldest first, with its log and its size. A Map keeps insertion order. */
  readonly #held = new Map<RecordedRequest, { log: RequestLog; bytes: number }>();

  constructor(maxBytes = MAX_LOG_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get usedBytes(): number {
    return this.#usedBytes;
  }

  /** Counts a request that `log` now holds, and makes room for it by dropping the oldest of any log. */
  spend(log: RequestLog, record: RecordedRequest): void {
    const bytes = sizeOf(record);
    this.#held.set(record, { log, bytes });
    this.#usedBytes += bytes;
    for (const [oldest, { log: holder }] of this.#held) {
      if (this.#usedBytes <= this.#maxBytes) break;
      holder.drop(oldest);
    }
  }

  /** Gives back what a request that is no longer held cost. */
  release(record: RecordedRequest): void {
    const held = this.#held.get(record);
    if (!held) return;
    this.#held.delete(record);
    this.#usedBytes -= held.bytes;
  }
}

/** The log of one instance, oldest first. */
export class RequestLog {
  readonly #budget: LogBudget;
  #records: RecordedRequest[] = [];

  constructor(budget: LogBudget) {
    this.#budget = budget;
  }

  get records(): readonly RecordedRequest[] {
    return this.#records;
  }

  add(record: RecordedRequest): void {
    this.#records.push(record);
    this.#budget.spend(this, record);
    if (this.#records.length > MAX_RECORDED_REQUESTS) this.drop(this.#records[0]!);
  }

  /** Forgets one request, which is nearly always the oldest. */
  drop(record: RecordedRequest): void {
    const index = this.#records.indexOf(record);
    if (index !== -1) this.#records.splice(index, 1);
    this.#budget.release(record);
  }

  clear(): void {
    for (const record of this.#records) this.#budget.release(record);
    this.#records = [];
  }
}
