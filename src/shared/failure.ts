/**
 * What a failed request means for the customer and for the developer. The customer gets a message, and the widget knows
 * whether trying again can help. The developer gets a console line that names the cause. Both are decided from the
 * status code and the error kind, and never from the server's text.
 */
import { ApiError, type FailureKind } from '../api/errors.js';

export interface Failure {
  kind: FailureKind;
  /** The HTTP status, or 0 when there was no answer. */
  status: number;
  retryable: boolean;
  /** For the developer. It names the cause, and never the token. */
  message: string;
  /**
   * The field of a refused request that the service's reason is about, as the service named it. The element names the
   * customer's choice that it stands for. The reason itself is in `message`, and never in the customer's view.
   */
  field?: string | undefined;
  /** Whether the credential was refused. The page should then sign the customer in again. */
  credentialRefused: boolean;
}

/**
 * The statuses that have a message of their own, with what most likely caused them, for the developer. Any other status
 * below 500 is a refused request, and from 500 up it is the server's trouble.
 */
const STATUSES: Partial<Record<number, [FailureKind, hint?: string]>> = {
  401: ['unauthorized', "the token is missing, expired (over 2 hours old) or not signed with this merchant's hash key"],
  403: ['forbidden', 'the service does not allow this request: check the environment / api-base attributes'],
  404: ['notFound', 'the subscription does not exist, or the token is for another customer'],
  423: ['locked'],
  429: ['rateLimited'],
};

/**
 * The failures where trying the same again cannot help. The request or the set-up has to change first, or the change is
 * done already.
 */
const FINAL: FailureKind[] = ['config', 'badRequest', 'unauthorized', 'forbidden', 'notFound', 'alreadyPrepaid'];

export function describeFailure(error: unknown): Failure {
  // Anything else that is thrown is a bug in the widget. It is told apart by its message, and reported like an answer
  // that could not be read.
  const { kind, status, message, field, current } =
    error instanceof ApiError ? error : new ApiError('malformed', `unexpected error: ${String(error)}`);
  // A status is the server's verdict only for an `http` error. Other errors may carry the status of an answer that
  // could not be read. A refusal because the change was made elsewhere meanwhile (`current`) is reported as such,
  // whatever the status.
  const [failureKind, hint] = current
    ? (['alreadyPrepaid', 'the subscription was already prepaid'] as const)
    : kind === 'http'
      ? (STATUSES[status] ?? [status < 500 ? 'badRequest' : 'server'])
      : [kind];
  const failure: Failure = {
    kind: failureKind,
    status,
    retryable: !FINAL.includes(failureKind),
    message: hint ? `${message} (${hint})` : message,
    credentialRefused: failureKind === 'unauthorized',
  };
  if (failureKind === 'badRequest') failure.field = field;
  return failure;
}
