/**
 * What a failed request means for the customer (which message, whether trying again can help) and for the
 * developer (a console line that names the cause). Decided from the status code and error kind, never from the
 * server's text.
 */
import { ApiError, type FailureKind } from '../api/errors.js';
import { PrepaidUpgradeErrorEvent, PrepaidUpgradeTokenExpiredEvent, type ErrorPhase } from '../events.js';
import type { ConsoleLines } from './console-lines.js';

export interface Failure {
  kind: FailureKind;
  /** The HTTP status, or 0 when there was no answer. */
  status: number;
  retryable: boolean;
  /** For the developer: names the cause, never the token. */
  message: string;
  /**
   * The field of a refused request the service's reason is about, as the service named it: the element names the
   * customer's choice it stands for. (The reason itself is in `message`, never in the customer's view.)
   */
  field?: string | undefined;
  /** The credential was refused: the page should sign the customer in again. */
  credentialRefused: boolean;
}

/**
 * Statuses with a message of their own, and for the developer what most likely caused them. Any other status is a
 * refused request below 500 and the server's trouble above.
 */
const STATUSES: Partial<Record<number, [FailureKind, hint?: string]>> = {
  401: ['unauthorized', "the token is missing, expired (over 2 hours old) or not signed with this merchant's hash key"],
  403: ['forbidden', 'the token or key is likely for the other environment: check the environment / api-base attributes'],
  404: ['notFound', 'the subscription does not exist, or the token is for another customer'],
  423: ['locked'],
  429: ['rateLimited'],
};

/** Trying the same again cannot help: the request or the set-up has to change first, or it is done already. */
const FINAL: FailureKind[] = ['config', 'badRequest', 'unauthorized', 'forbidden', 'notFound', 'alreadyPrepaid'];

export function describeFailure(error: unknown): Failure {
  // Anything else thrown is a bug of ours, told apart by its message and reported like an answer we could not read.
  const { kind, status, message, field, current } =
    error instanceof ApiError ? error : new ApiError('malformed', `unexpected error: ${String(error)}`);
  // A status is the server's verdict only for an `http` error: others may carry that of an answer they could not read.
  // A refusal of what was made elsewhere meanwhile (`current`) is that, whatever the status.
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

/**
 * Tells the page's developer of a failure for good: a console line that names the cause, `prepaid-upgrade-error`, and
 * `prepaid-upgrade-token-expired` when the credential was refused. A write's failure says whether the change was made:
 * surely not (`applied: false`), or not known (`null`).
 */
export function reportFailure(element: HTMLElement, lines: ConsoleLines, phase: ErrorPhase, error: unknown): void {
  const { status, message, retryable, credentialRefused } = describeFailure(error);
  lines.error(`${phase} failed: ${message}`);
  const write = phase === 'upgrade' || phase === 'renewal';
  const applied = write ? ((error as ApiError).applied ?? null) : undefined;
  element.dispatchEvent(new PrepaidUpgradeErrorEvent({ phase, status, message, retryable, ...(write && { applied }) }));
  if (credentialRefused) element.dispatchEvent(new PrepaidUpgradeTokenExpiredEvent());
}
