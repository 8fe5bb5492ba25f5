/**
 * Every way a request can fail, as one typed error. The element turns it into a message for the customer, an event
 * for the page and a console line for the developer; nothing here knows about the DOM.
 */
import type { Subscription } from './schemas.js';

export type ApiErrorKind =
  /** The server answered with a status outside 2xx. */
  | 'http'
  /** The request never got an answer: offline, DNS, CORS, connection reset. */
  | 'network'
  /** No answer within the time limit. */
  | 'timeout'
  /** An answer came, but not one we can use: not JSON, wrong shape, too large. */
  | 'malformed'
  /** The widget is configured so that no request may be sent (bad base address, no credential). */
  | 'config'
  /** A change's answer was lost and no read afterwards answered: it may or may not be done. */
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
  /** The HTTP status, when the server answered; 0 otherwise. */
  readonly status: number = 0;
  /**
   * The server's own explanation, when its error body had one: its `detail`, or else the first message of its field
   * errors (`{"renewal_behavior": ["Value 'x' is not a valid choice."]}`).
   */
  readonly detail?: string | undefined;
  /** The field of the request that `detail` is about, as the service named it (`renewal_behavior`). */
  readonly field?: string | undefined;
  /** From a `Retry-After` header, in seconds. */
  readonly retryAfterSeconds?: number | undefined;
  /**
   * For a change that failed: `false` when the service surely did not make it (it refused, or the reads after a lost
   * answer show it not made), `null` when that is not known.
   */
  readonly applied?: false | null | undefined;
  /**
   * The subscription as a read after the failure found it, when it was prepaid already (elsewhere, with other terms):
   * what the widget shows instead of a refusal.
   */
  readonly current?: Subscription | undefined;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    // `Error` takes the `cause` from `init` (and only when `init` has one); the other fields are this class's own.
    super(message, init);
    this.kind = kind;
    Object.assign(this, init);
  }
}

export const isAbortError = (error: unknown): boolean => (error as { name?: unknown } | null | undefined)?.name === 'AbortError';

/** Why a request failed, from the customer's side (see `describeFailure`): each has its own message. */
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
