/**
 * The service calls the widget makes, with no DOM: each one takes an `AbortSignal`, has a time limit, sends only the
 * storefront token, and returns data that has been checked against its schema, or throws an `ApiError`.
 */
import type * as z from 'zod/mini';
import { ApiError, isAbortError } from './errors.js';
import {
  ErrorBodySchema,
  ProductSchema,
  SubscriptionSchema,
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
  /** Time limit of one request, in milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 8000;
/** Larger answers are refused unread: no subscription or product comes anywhere near it. */
export const MAX_RESPONSE_BYTES = 1_000_000;

export interface ApiClient {
  getSubscription(subscriptionId: string, options?: RequestOptions): Promise<Subscription>;
  getProduct(productId: string, options?: RequestOptions): Promise<Product>;
  upgradeToPrepaid(subscriptionId: string, request: UpgradeRequest, options?: RequestOptions): Promise<Subscription>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseAddress, authorization } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));

  async function send<T>(method: 'GET' | 'PATCH', path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal, body?: unknown): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const url = new URL(path, baseAddress);
    const what = `${method} ${url.pathname}`;
    try {
      const headers: Record<string, string> = { accept: 'application/json', authorization: await authorization(combined) };
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

  const segment = (id: string) => encodeURIComponent(id);
  return {
    getSubscription: async (id, { signal } = {}) =>
      sameSubscription(id, await send('GET', `subscriptions/${segment(id)}/`, SubscriptionSchema, signal)),
    getProduct: (id, { signal } = {}) => send('GET', `products/${segment(id)}/`, ProductSchema, signal),
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
    throw new ApiError('malformed', `asked for subscription ${requestedId}, the answer is about ${subscription.public_id}`, { status: 200 });
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
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
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

function parseBody<T>(response: Response, text: string, schema: z.ZodMiniType<T>, what: string): T {
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('malformed', `${what}: unexpected answer (${describeIssues(parsed.error)})`, { status: response.status });
  }
  return parsed.data;
}
