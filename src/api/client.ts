/**
 * The service calls the widget makes, with no DOM: each one takes an `AbortSignal`, has a time limit, sends only the
 * storefront token, and returns data that has been checked against its schema, or throws an `ApiError`.
 */
import { ApiError, isAbortError } from './errors.js';
import { MAX_ATTEMPTS, RETRY_BUDGET_MS, isRetryable, retryDelayMs, sleep } from './retry.js';
import { anySignal } from './signals.js';
import { refusedAfterRenewal, type StorefrontCredentials } from './credentials.js';
import {
  answerSchemas,
  validate,
  type Product,
  type Schema,
  type Subscription,
  type SubscriptionPage,
  type UpgradeRequest,
} from './schemas.js';
import type { RenewalBehavior } from './upgrade-request.js';

/**
 * What the client needs of `StorefrontCredentials`: the `authorization` header value for the next request, and after
 * the service refused one with 401, a different token to try once more (or `undefined` when none can be had).
 */
export type TokenSource = Pick<StorefrontCredentials, 'authorization'> & Partial<Pick<StorefrontCredentials, 'renewAfterRefusal'>>;

export interface ApiClientOptions {
  /** From `resolveBaseAddress`: absolute, ending in `/`. */
  baseAddress: URL;
  /** Where each request's token comes from. */
  credentials: TokenSource;
  /** Time limit of one try, in milliseconds. */
  timeoutMs?: number;
  /** Tries in all, the first included (see `retry.ts`); 1 turns retries off. */
  maxAttempts?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 6000;
/** Larger answers are refused: no subscription or product comes anywhere near it. */
export const MAX_RESPONSE_BYTES = 1_000_000;

export interface ApiClient {
  getSubscription(subscriptionId: string, options?: RequestOptions): Promise<Subscription>;
  getProduct(productId: string, options?: RequestOptions): Promise<Product>;
  upgradeToPrepaid(subscriptionId: string, request: UpgradeRequest, options?: RequestOptions): Promise<Subscription>;
  /** What happens when a prepaid subscription's prepaid orders run out. */
  changeRenewalBehavior(subscriptionId: string, renewalBehavior: RenewalBehavior, options?: RequestOptions): Promise<Subscription>;
  /** The base address every request is relative to: absolute, ending in `/`. */
  readonly baseAddress: URL;
  /**
   * A read of `address`, relative to the base address or absolute, checked against `schema`: for addresses an answer
   * names (a listing's next page). One outside the base address is refused unsent: the token must not travel there.
   */
  read<T>(address: string, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  /**
   * A page of the subscriptions listing at `address`, read as `read` reads it: for the discovery chunk, which then
   * needs no schema, and so no zod, of its own.
   */
  readSubscriptionPage(address: string, options?: RequestOptions): Promise<SubscriptionPage>;
}

/** `.` and `..` (and nothing) would be read as path steps, not as an id, and send a request elsewhere under the base address. */
export const isPathStep = (id: string): boolean => /^\.{0,2}$/.test(id);

export function createApiClient({
  baseAddress,
  credentials,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  maxAttempts = MAX_ATTEMPTS,
}: ApiClientOptions): ApiClient {
  /**
   * Tries until an answer can be used, a failure is final, or the retry policy is spent. The changes are the
   * requests with a body, so the body decides the method.
   */
  async function send<T>(path: string, schema: Schema<T>, signal?: AbortSignal, body?: object): Promise<T> {
    const method = body ? 'PATCH' : 'GET';
    const url = new URL(path, baseAddress);
    const what = `${method} ${url.pathname}`;
    const started = Date.now();
    // The token `renew` issued after a 401, for the next try; `renew` itself is dropped once used, as a request
    // renews at most once.
    let renewed: string | undefined;
    let renew = credentials.renewAfterRefusal?.bind(credentials);
    /**
     * The token renewal gave. The service refusing it too is no expired session but the store's set-up: a token just
     * made is refused for its signature (the hash key, merchant or customer it was signed with), and signing the
     * customer in again cannot help.
     */
    let fresh: string | undefined;
    for (let tries = 1; ; tries++) {
      // One try: one token, one request, one time limit.
      // Before Chrome 124 the timer counts only while the page is active (BCD: partial): a page put away meanwhile
      // waits longer, which is harmless.
      // eslint-disable-next-line baseline-js/use-baseline -- every supported engine has it, Chrome < 124 in part
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? anySignal([signal, timeout]) : timeout;
      let sent: string | undefined;
      try {
        // Obtaining the token (from auth-url, say) counts against the same time limit as the request.
        sent = renewed ?? (await credentials.authorization(combined));
        renewed = undefined;
        const response = await fetch(url, {
          method,
          headers: { accept: 'application/json', authorization: sent, ...(body && { 'content-type': 'application/json' }) },
          // No body for a read: `JSON.stringify(undefined)` is `undefined`.
          body: JSON.stringify(body),
          // The token is the only credential: no cookies of the page travel to the service.
          credentials: 'omit',
          cache: 'no-store',
          // Only the service answers: a redirect (to another origin, say) is never followed, and its answer is no data.
          redirect: 'manual',
          signal: combined,
        });
        const malformed = (problem: string) => new ApiError('malformed', `${what}: ${problem}`, { status: response.status });
        if (response.type === 'opaqueredirect' || response.redirected)
          throw malformed('the service answered with a redirect, which is not followed');
        const text = await textUpTo(response, MAX_RESPONSE_BYTES);
        if (text === undefined) throw malformed(`the answer is too large (over ${MAX_RESPONSE_BYTES} bytes)`);
        if (!response.ok) throw httpError(response, text, what);
        const type = response.headers.get('content-type');
        if (!/^application\/([\w.+-]+\+)?json\b/i.test(type ?? '')) throw malformed(`expected JSON, got ${type || 'no content type'}`);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw malformed(text.trim() ? 'the answer is not valid JSON' : 'the answer is empty');
        }
        const checked = validate(schema, json);
        if ('problem' in checked) throw malformed(`unexpected answer (${checked.problem})`);
        return checked.data;
      } catch (caught) {
        let error: ApiError;
        if (caught instanceof ApiError) error = caught;
        else {
          // The caller's abort rejects with the caller's reason; an abort from elsewhere passes through as it is.
          signal?.throwIfAborted();
          if (!timeout.aborted && isAbortError(caught)) throw caught;
          error = timeout.aborted
            ? new ApiError('timeout', `${what}: no answer within ${timeoutMs} ms`, { cause: caught })
            : new ApiError('network', `${what}: the service could not be reached`, { cause: caught });
        }
        // A failure to obtain a token is final here: retrying is the credential source's business.
        if (sent === undefined) throw error;
        if (error.status === 401 && sent === fresh) throw refusedAfterRenewal(error, sent);
        // A 401 applied nothing: one more try with a new token, if the source can issue one.
        if (error.status === 401 && renew) {
          fresh = renewed = await renew(sent, signal);
          renew = undefined;
          if (renewed === undefined) throw error;
          // The source issued the very token refused: sending it again cannot help.
          if (renewed === sent) throw refusedAfterRenewal(error, sent);
          tries--;
          continue;
        }
        const delay = retryDelayMs(error, tries);
        if (!isRetryable(error, method) || tries >= maxAttempts || Date.now() - started + delay > RETRY_BUDGET_MS) {
          throw error;
        }
        await sleep(delay, signal);
      }
    }
  }

  const segment = (id: string) => {
    if (isPathStep(id)) throw new ApiError('malformed', `${JSON.stringify(id)} is not an id`);
    return encodeURIComponent(id);
  };

  /**
   * Every field is optional in the schema, but an answer about a subscription must say which one it is: rendering
   * (or worse, confirming an upgrade of) some other subscription is the one mistake this widget must not make.
   */
  const subscription = async (id: string, signal?: AbortSignal, change?: [step: string, body: object]) => {
    const answer = await send(`subscriptions/${segment(id)}/${change?.[0] ?? ''}`, answerSchemas().SubscriptionSchema, signal, change?.[1]);
    if (answer.public_id !== id) {
      const about = answer.public_id ? `is about ${answer.public_id}` : 'has no public_id';
      throw new ApiError('malformed', `asked for subscription ${id}, the answer ${about}`, { status: 200 });
    }
    return answer;
  };

  const read = async <T>(address: string, schema: Schema<T>, options?: RequestOptions) => {
    const url = new URL(address, baseAddress);
    // Only the service's own addresses get the token, whatever an answer names.
    if (url.origin !== baseAddress.origin || !url.pathname.startsWith(baseAddress.pathname)) {
      throw new ApiError('malformed', `${url.origin}${url.pathname} is not an address of the service at ${baseAddress.href}`);
    }
    return send(url.href, schema, options?.signal);
  };

  return {
    baseAddress,
    read,
    readSubscriptionPage: (address, options) => read(address, answerSchemas().SubscriptionPageSchema, options),
    getSubscription: (id, options) => subscription(id, options?.signal),
    getProduct: async (id, options) => send(`products/${segment(id)}/`, answerSchemas().ProductSchema, options?.signal),
    upgradeToPrepaid: (id, request, options) => subscription(id, options?.signal, ['upgrade_to_prepaid/', request]),
    changeRenewalBehavior: (id, renewalBehavior, options) =>
      subscription(id, options?.signal, ['change_renewal_behavior/', { renewal_behavior: renewalBehavior }]),
  };
}

/**
 * The answer's text, its bytes counted as they arrive: one that says it is larger than `limit`, or grows past it, is
 * cancelled there and `undefined` returned, so that an endless or huge answer never sits whole in memory.
 */
async function textUpTo(response: Response, limit: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  if (Number(response.headers.get('content-length')) <= limit) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > limit) break;
      text += decoder.decode(value, { stream: true });
    }
  }
  // The request is over either way: a refusal to cancel changes nothing.
  reader.cancel().catch(() => {});
  return undefined;
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  // Header values arrive trimmed, and `Number('')` would be 0.
  if (!header) return undefined;
  const seconds = Number(header);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : (Date.parse(header) - Date.now()) / 1000;
  return Number.isNaN(wait) ? undefined : Math.max(0, wait);
}

/**
 * The service's explanation of a refused request, and the field it is about: the first message of the first field
 * that has one, whether `{"detail": "…"}` (about no field) or field errors, one list of messages per field
 * (`{"renewal_behavior": ["Value 'x' is not a valid choice."]}`, `{"non_field_errors": ["…"]}`; a bare string instead
 * of a list too). Nothing is read from a body that is no object: a string's fields would be its characters.
 */
function explanation(body: unknown): [detail?: string, field?: string] {
  if (typeof body === 'object') {
    for (const field in body) {
      const message: unknown = [(body as Record<string, unknown>)[field]].flat()[0];
      if (typeof message === 'string') return field === 'detail' ? [message] : [message, field];
    }
  }
  return [];
}

function httpError(response: Response, text: string, what: string): ApiError {
  const { status } = response;
  let detail, field;
  try {
    [detail, field] = explanation(JSON.parse(text));
  } catch {
    // An error page that is not JSON (or is JSON null): the status alone says what happened.
  }
  return new ApiError('http', `${what} answered ${status}${detail ? `: ${field ? `${field}: ` : ''}${detail}` : ''}`, {
    status,
    detail,
    field,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  });
}
