/**
 * Every way a request can fail, as one typed error. The element turns it into a message for the customer, an event
 * for the page and a console line for the developer. Nothing here knows about the DOM.
 */
import type { Subscription } from './schemas.js';

export type ApiErrorKind =
  /** The server answered with a status outside 2xx. */
  | 'http'
  /** The request never got an answer: offline, DNS, CORS, connection reset. */
  | 'network'
  /** No answer within the time limit. */
  | 'timeout'
  /** An answer came, but the widget cannot use it: it is not JSON, has the wrong shape or is too large. */
  | 'malformed'
  /** The widget's configuration keeps any request from being sent, as with a bad base address or no credential. */
  | 'config'
  /** A change's answer was lost, and no read afterwards answered. The change may or may not be made. */
  | 'unconfirmed';

export interface ApiErrorInit {
  status?: number;
  detail?: string | undefined;
  field?: string | undefined;
  retryAfterSeconds?: number | undefined;
  cause?: unknown;
  applied?: false | null | undefined;
  current?: Subscription | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status when the server answered, and 0 otherwise. */
  readonly status: number = 0;
  /**
   * The server's own explanation, when its error body had one. This is its `detail`, or else the first message of its
   * field errors, as in `{"renewal_behavior": ["Value 'x' is not a valid choice."]}`.
   */
  readonly detail?: string | undefined;
  /** The field of the request that `detail` is about, as the service named it, such as `renewal_behavior`. */
  readonly field?: string | undefined;
  /** The wait that a `Retry-After` header asked for, in seconds. */
  readonly retryAfterSeconds?: number | undefined;
  /**
   * Whether a change that failed was made. `false` means that the service surely did not make it: it refused, or the
   * reads after a lost answer show the change not made. `null` means that this is not known.
   */
  readonly applied?: false | null | undefined;
  /**
   * The subscription as a read after the failure found it, when it was already prepaid elsewhere with other terms. The
   * widget shows it instead of a refusal.
   */
  readonly current?: Subscription | undefined;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    // `Error` takes the `cause` from `init`, and only when `init` has one. The other fields belong to this class.
    super(message, init);
    this.kind = kind;
    Object.assign(this, init);
  }
}

export const isAbortError = (error: unknown): boolean => (error as { name?: unknown } | null | undefined)?.name === 'AbortError';

/** Why a request failed, from the customer's side (see `describeFailure`). Each kind has its own message. */
export type FailureKind =
  | 'config'
  | 'network'
  | 'timeout'
  | 'malformed'
  | 'unconfirmed'
  | 'alreadyPrepaid'
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'locked'
  | 'rateLimited'
  | 'server';
