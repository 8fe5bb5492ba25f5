/**
 * The service calls the widget makes, with no DOM: each one takes an `AbortSignal`, has a time limit, sends only the
 * storefront token, and returns data that has been checked against its schema, or throws an `ApiError`.
 */
import type { $ZodType } from 'zod/v4/core';
import { ApiError, isAbortError } from './errors.js';
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, sleep, type RetryPolicy } from './retry.js';
import {
  ErrorBodySchema,
  ProductSchema,
  SubscriptionSchema,
  check,
  describeIssues,
  type Product,
  type Subscription,
  type UpgradeRequest,
} from './schemas.js';

export interface ApiClientOptions {
  /** From `resolveBaseAddress`: absolute, ending in `/`. */
  baseAddress: URL;
  /** The `authorization` header value for the next request. */
  authorization: (signal: AbortSignal) => Promise<string>;
  /**
   * After the service refused `refused` with 401: a different token to try once more, or `undefined` when the
   * credential source cannot issue one.
   */
  renewAuthorization?: (refused: string, signal: AbortSignal) => Promise<string | undefined>;
  /** Time limit of one try, in milliseconds. */
  timeoutMs?: number;
  /** When failed tries are repeated; see `retry.ts`. */
  retryPolicy?: RetryPolicy;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type Method = 'GET' | 'PATCH';

export const DEFAULT_TIMEOUT_MS = 6000;
/** Larger answers are refused unread: no subscription or product comes anywhere near it. */
export const MAX_RESPONSE_BYTES = 1_000_000;

export interface ApiClient {
  getSubscription(subscriptionId: string, options?: RequestOptions): Promise<Subscription>;
  getProduct(productId: string, options?: RequestOptions): Promise<Product>;
  upgradeToPrepaid(subscriptionId: string, request: UpgradeRequest, options?: RequestOptions): Promise<Subscription>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseAddress, authorization, renewAuthorization } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));

  /** One try: one token, one request, one time limit. */
  async function attempt<T>(
    method: Method,
    url: URL,
    schema: $ZodType<T>,
    token: (signal: AbortSignal) => Promise<string>,
    signal?: AbortSignal,
    body?: unknown,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const what = `${method} ${url.pathname}`;
    try {
      // Obtaining the token (from auth-url, say) counts against the same time limit as the request.
      const headers: Record<string, string> = { accept: 'application/json', authorization: await token(combined) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetchImpl(url, {
        method,
        headers,
        // The token is the only credential: no cookies of the page travel to the service.
        credentials: 'omit',
        cache: 'no-store',
        signal: combined,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await readBody(response, what);
      if (!response.ok) throw httpError(response, text, what);
      return parseBody(response, text, schema, what);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw signal.reason ?? error;
      if (timeout.aborted) throw new ApiError('timeout', `${what} got no answer within ${timeoutMs} ms`, { cause: error });
      if (isAbortError(error)) throw error;
      throw new ApiError('network', `${what} failed: the service could not be reached`, { cause: error });
    }
  }

  /** Tries until an answer can be used, a failure is final, or the retry policy is spent. */
  async function send<T>(method: Method, path: string, schema: $ZodType<T>, signal?: AbortSignal, body?: unknown): Promise<T> {
    const url = new URL(path, baseAddress);
    const started = Date.now();
    let sent: string | undefined;
    let renewed: string | undefined;
    let renewedOnce = false;
    const token = async (tokenSignal: AbortSignal) => {
      sent = renewed ?? (await authorization(tokenSignal));
      renewed = undefined;
      return sent;
    };
    for (let tries = 1; ; tries++) {
      sent = undefined;
      try {
        return await attempt(method, url, schema, token, signal, body);
      } catch (error) {
        // A failure to obtain a token is final here: retrying is the credential source's business.
        if (!(error instanceof ApiError) || sent === undefined) throw error;
        // A 401 applied nothing: one more try with a new token, if the source can issue one.
        if (error.kind === 'http' && error.status === 401 && renewAuthorization && !renewedOnce) {
          renewedOnce = true;
          renewed = await renewAuthorization(sent, signal ?? new AbortController().signal);
          if (renewed === undefined) throw error;
          tries--;
          continue;
        }
        if (!isRetryable(error, method) || tries >= policy.maxAttempts) throw error;
        const delay = retryDelayMs(error, tries, policy);
        if (Date.now() - started + delay > policy.budgetMs) throw error;
        await sleep(delay, signal);
      }
    }
  }

  // `.` and `..` would be read as path steps, not as an id, and send the request elsewhere under the base address.
  const segment = (id: string) => {
    if (id === '' || id === '.' || id === '..') throw new ApiError('malformed', `${JSON.stringify(id)} is not an id`);
    return encodeURIComponent(id);
  };
  return {
    getSubscription: async (id, { signal } = {}) =>
      sameSubscription(id, await send('GET', `subscriptions/${segment(id)}/`, SubscriptionSchema, signal)),
    getProduct: async (id, { signal } = {}) => send('GET', `products/${segment(id)}/`, ProductSchema, signal),
    upgradeToPrepaid: async (id, request, { signal } = {}) =>
      sameSubscription(id, await send('PATCH', `subscriptions/${segment(id)}/upgrade_to_prepaid/`, SubscriptionSchema, signal, request)),
  };
}

/**
 * Every field is optional in the schema, but an answer about a subscription must say which one it is: rendering
 * (or worse, confirming an upgrade of) some other subscription is the one mistake this widget must not make.
 */
function sameSubscription(requestedId: string, subscription: Subscription): Subscription {
  if (!subscription.public_id) throw new ApiError('malformed', 'the subscription in the answer has no public_id', { status: 200 });
  if (subscription.public_id !== requestedId) {
    throw new ApiError('malformed', `asked for subscription ${requestedId}, the answer is about ${subscription.public_id}`, {
      status: 200,
    });
  }
  return subscription;
}

async function readBody(response: Response, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new ApiError('malformed', `${what}: the answer is too large (${declared} bytes)`, { status: response.status });
  }
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) {
    throw new ApiError('malformed', `${what}: the answer is too large (${text.length} characters)`, { status: response.status });
  }
  return text;
}

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function httpError(response: Response, text: string, what: string): ApiError {
  let detail: string | undefined;
  try {
    const parsed = check(ErrorBodySchema, JSON.parse(text));
    if (parsed.success) detail = parsed.data.detail;
  } catch {
    // An error page that is not JSON: the status alone says what happened.
  }
  return new ApiError('http', `${what} answered ${response.status}${detail ? `: ${detail}` : ''}`, {
    status: response.status,
    detail,
    retryAfterSeconds: retryAfterSeconds(response),
  });
}

function parseBody<T>(response: Response, text: string, schema: $ZodType<T>, what: string): T {
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError('malformed', `${what}: expected JSON, got ${type || 'no content type'}`, { status: response.status });
  }
  if (text.trim() === '') throw new ApiError('malformed', `${what}: the answer is empty`, { status: response.status });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('malformed', `${what}: the answer is not valid JSON`, { status: response.status });
  }
  const parsed = check(schema, json);
  if (!parsed.success) {
    throw new ApiError('malformed', `${what}: unexpected answer (${describeIssues(parsed.error)})`, { status: response.status });
  }
  return parsed.data;
}
