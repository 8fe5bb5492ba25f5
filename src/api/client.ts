/**
 * The calls that the widget makes to the service. Nothing here uses the DOM. Each call takes an `AbortSignal` and has a
 * time limit. It sends only the storefront token. It returns data that was checked against its schema, or throws an
 * `ApiError`.
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
 * The part of `StorefrontCredentials` that the client needs. It gives the `authorization` header value for the next
 * request. After the service refuses a token with 401, it may give a different token to try once more, or `undefined`
 * when it cannot get one.
 */
export type TokenSource = Pick<StorefrontCredentials, 'authorization'> &
  Partial<Pick<StorefrontCredentials, 'renewAfterRefusal' | 'confirm'>>;

export interface ApiClientOptions {
  /** The address from `resolveBaseAddress`. It is absolute and ends in `/`. */
  baseAddress: URL;
  /** Where each request's token comes from. */
  credentials: TokenSource;
  /** The time limit of one try, in milliseconds. */
  timeoutMs?: number;
  /** The number of tries in all, the first one included (see `retry.ts`). 1 turns retries off. */
  maxAttempts?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Receives the headers of the answer that was used. */
  heard?: (headers: Headers) => void;
}

export const DEFAULT_TIMEOUT_MS = 6000;
/** Answers larger than this are refused. No subscription or product comes anywhere near this size. */
export const MAX_RESPONSE_BYTES = 1_000_000;

export interface ApiClient {
  getSubscription(subscriptionId: string, options?: RequestOptions): Promise<Subscription>;
  getProduct(productId: string, options?: RequestOptions): Promise<Product>;
  upgradeToPrepaid(subscriptionId: string, request: UpgradeRequest, options?: RequestOptions): Promise<Subscription>;
  /** Changes what happens when a prepaid subscription's prepaid orders run out. */
  changeRenewalBehavior(subscriptionId: string, renewalBehavior: RenewalBehavior, options?: RequestOptions): Promise<Subscription>;
  /** The base address that every request is relative to. It is absolute and ends in `/`. */
  readonly baseAddress: URL;
  /**
   * Reads `address` and checks the answer against `schema`. The address may be absolute or relative to the base
   * address. This is for addresses that an answer names, such as a listing's next page. An address outside the base
   * address is refused without being sent, because the token must not travel there.
   */
  read<T>(address: string, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  /**
   * Reads a page of the subscriptions listing at `address`, as `read` does. The discovery chunk uses it, so that the
   * chunk needs no schema of its own, and so no zod.
   */
  readSubscriptionPage(address: string, options?: RequestOptions): Promise<SubscriptionPage>;
}

/**
 * Whether an id is `.`, `..` or empty. Such an id would be read as a path step, and the request would go elsewhere
 * under the base address.
 */
export const isPathStep = (id: string): boolean => /^\.{0,2}$/.test(id);

/**
 * Until when the page's requests wait, after the service limited its rate (429). The limit is the page's, not a
 * widget's: one request's 429 holds back the page's others too, and each goes out after the wait with jitter, so that
 * the page is refused once, not once for each widget, and does not return as one burst.
 */
let calmUntil = 0;
/** The most jitter added to the wait after a 429, in milliseconds. */
const CALM_JITTER_MS = 500;

export function createApiClient({
  baseAddress,
  credentials,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  maxAttempts = MAX_ATTEMPTS,
}: ApiClientOptions): ApiClient {
  /**
   * Sends a request, and tries again until an answer can be used, a failure is final, or the retry policy is spent.
   * Only the changes have a body, so the body decides the method.
   */
  async function send<T>(
    path: string,
    schema: Schema<T>,
    signal?: AbortSignal,
    body?: object,
    heard?: RequestOptions['heard'],
  ): Promise<T> {
    const method = body ? 'PATCH' : 'GET';
    const url = new URL(path, baseAddress);
    const what = `${method} ${url.pathname}`;
    // A request waits out a 429 that another one met before it is first sent. A retry keeps to its own backoff.
    const calm = calmUntil - Date.now();
    if (calm > 0) await sleep(calm + Math.random() * CALM_JITTER_MS, signal);
    const started = Date.now();
    // The token that `renew` issued after a 401, for the next try. A request renews at most once, so `renew` is dropped
    // once it is used.
    let renewed: string | undefined;
    let renew = credentials.renewAfterRefusal?.bind(credentials);
    /**
     * The token that renewal gave. If the service refuses this one too, the cause is not an expired session but the
     * store's set-up. A token that was just made is refused for its signature: the hash key, merchant or customer it
     * was signed with. Signing the customer in again cannot help.
     */
    let fresh: string | undefined;
    for (let tries = 1; ; tries++) {
      // Each try has one token, one request and one time limit.
      // Before Chrome 124, the timer counts only while the page is active (BCD: partial support). A page that is put
      // away meanwhile waits longer, which is harmless.
      // eslint-disable-next-line baseline-js/use-baseline -- every supported engine has it, Chrome < 124 in part
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? anySignal([signal, timeout]) : timeout;
      let sent: string | undefined;
      // Whether what this try's token reads may be used (`StorefrontCredentials.confirm`), asked once a try, within its time
      // limit. A token that cannot be confirmed fails the request, as one that cannot be obtained does.
      let check: Promise<string | undefined> | undefined;
      const confirmed = (token: string) =>
        (check ??= credentials.confirm?.(token, timeout).catch((error: unknown) => {
          sent = undefined;
          throw error;
        }));
      try {
        // Obtaining the token, from auth-url for example, counts against the same time limit as the request.
        sent = renewed ?? (await credentials.authorization(combined));
        renewed = undefined;
        // The confirmation of a kept token goes out beside the request. A change goes only once it has come.
        confirmed(sent)?.catch(() => {});
        if (body) sent = (await confirmed(sent)) ?? sent;
        const response = await fetch(url, {
          method,
          headers: { accept: 'application/json', authorization: sent, ...(body && { 'content-type': 'application/json' }) },
          // A read has no body, because `JSON.stringify(undefined)` is `undefined`.
          body: JSON.stringify(body),
          // The token is the only credential. No cookies of the page travel to the service.
          credentials: 'omit',
          cache: 'no-store',
          // Only the service may answer. A redirect, to another origin for example, is never followed, and its answer
          // is not data.
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
        // What a kept token read is used once its customer is known to be signed in, or read again as the one who is.
        if ((renewed = await confirmed(sent))) {
          tries--;
          continue;
        }
        heard?.(response.headers);
        return checked.data;
      } catch (caught) {
        let error: ApiError;
        if (caught instanceof ApiError) error = caught;
        else {
          // The caller's abort rejects with the caller's reason. An abort from elsewhere passes through unchanged.
          signal?.throwIfAborted();
          if (!timeout.aborted && isAbortError(caught)) throw caught;
          error = timeout.aborted
            ? new ApiError('timeout', `${what}: no answer within ${timeoutMs} ms`, { cause: caught })
            : new ApiError('network', `${what}: the service could not be reached`, { cause: caught });
        }
        // A failure to obtain a token is final here. Retrying is up to the credential source.
        if (sent === undefined) throw error;
        // A refusal of what a kept token asked is the signed-in customer's only once auth-url says so: read again as the
        // one signed in (a 401 renews below).
        if (error.status && error.status !== 401 && (renewed = await confirmed(sent))) {
          tries--;
          continue;
        }
        if (error.status === 401 && sent === fresh) throw refusedAfterRenewal(error, sent);
        // A 401 means that nothing was applied. So one more try is made with a new token, if the source can issue one.
        if (error.status === 401 && renew) {
          fresh = renewed = await renew(sent, signal);
          renew = undefined;
          if (renewed === undefined) throw error;
          // The source issued the same token that was refused. Sending it again cannot help.
          if (renewed === sent) throw refusedAfterRenewal(error, sent);
          tries--;
          continue;
        }
        const delay = retryDelayMs(error, tries);
        if (!isRetryable(error, method) || tries >= maxAttempts || Date.now() - started + delay > RETRY_BUDGET_MS) {
          throw error;
        }
        if (error.status === 429) calmUntil = Math.max(calmUntil, Date.now() + delay);
        const calmed = calmUntil;
        try {
          await sleep(delay, signal);
        } finally {
          // The page's wait is over once this one's is.
          if (calmUntil === calmed) calmUntil = 0;
        }
      }
    }
  }

  const segment = (id: string) => {
    if (isPathStep(id)) throw new ApiError('malformed', `${JSON.stringify(id)} is not an id`);
    return encodeURIComponent(id);
  };

  /**
   * Every field is optional in the schema, but an answer about a subscription must say which subscription it is.
   * Rendering some other subscription, or worse, confirming an upgrade of it, is the one mistake this widget must not
   * make.
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
    // Only the service's own addresses get the token, whatever address an answer names.
    if (url.origin !== baseAddress.origin || !url.pathname.startsWith(baseAddress.pathname)) {
      throw new ApiError('malformed', `${url.origin}${url.pathname} is not an address of the service at ${baseAddress.href}`);
    }
    return send(url.href, schema, options?.signal, undefined, options?.heard);
  };

  return {
    baseAddress,
    read,
    readSubscriptionPage: (address, options) => read(address, answerSchemas().SubscriptionPageSchema, options),
    getSubscription: (id, options) => subscription(id, options?.signal),
    getProduct: async (id, options) =>
      send(`products/${segment(id)}/`, answerSchemas().ProductSchema, options?.signal, undefined, options?.heard),
    upgradeToPrepaid: (id, request, options) => subscription(id, options?.signal, ['upgrade_to_prepaid/', request]),
    changeRenewalBehavior: (id, renewalBehavior, options) =>
      subscription(id, options?.signal, ['change_renewal_behavior/', { renewal_behavior: renewalBehavior }]),
  };
}

/**
 * Reads the answer's text and counts its bytes as they arrive. An answer that says it is larger than `limit`, or grows
 * past it, is cancelled, and `undefined` is returned. This way an endless or huge answer never sits whole in memory.
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
  // The request is over either way, so a failure to cancel changes nothing.
  reader.cancel().catch(() => {});
  return undefined;
}

/** Reads `Retry-After` in seconds. The header holds either a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  // Header values arrive trimmed. An empty one gives no wait, because `Number('')` would be 0.
  if (!header) return undefined;
  const seconds = Number(header);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : (Date.parse(header) - Date.now()) / 1000;
  return Number.isNaN(wait) ? undefined : Math.max(0, wait);
}

/**
 * The service's explanation of a refused request, and the field it is about. This is the first message of the first
 * field that has one.
 *
 * The body is either `{"detail": "…"}`, which is about no field, or field errors with a list of messages per field,
 * such as `{"renewal_behavior": ["Value 'x' is not a valid choice."]}` or `{"non_field_errors": ["…"]}`. A bare string
 * instead of a list is read too. Nothing is read from a body that is not an object, because a string's fields would be
 * its characters.
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
    // The error page is not JSON. The status alone says what happened.
  }
  return new ApiError('http', `${what} answered ${status}${detail ? `: ${field ? `${field}: ` : ''}${detail}` : ''}`, {
    status,
    detail,
    field,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  });
}
