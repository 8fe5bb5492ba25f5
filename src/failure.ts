/**
 * What a failed request means for the customer (which message, whether trying again can help) and for the
 * developer (a console line that names the cause). Decided from the status code and error kind, never from the
 * server's text.
 */
import { ApiError } from './api/errors.js';
import type { FailureKind } from './i18n/strings.js';

export interface Failure {
  kind: FailureKind;
  /** The HTTP status, or 0 when there was no answer. */
  status: number;
  retryable: boolean;
  /** For the developer: names the cause, never the token. */
  message: string;
  /** The service's own explanation of a refused request, shown to the customer as text. */
  detail?: string;
  /** The credential was refused: the page should sign the customer in again. */
  credentialRefused: boolean;
}

function kindOfStatus(status: number): { kind: FailureKind; retryable: boolean } {
  if (status === 400) return { kind: 'badRequest', retryable: false };
  if (status === 401) return { kind: 'unauthorized', retryable: false };
  if (status === 403) return { kind: 'forbidden', retryable: false };
  if (status === 404) return { kind: 'notFound', retryable: false };
  if (status === 423) return { kind: 'locked', retryable: true };
  if (status === 429) return { kind: 'rateLimited', retryable: true };
  if (status >= 500) return { kind: 'server', retryable: true };
  return { kind: 'badRequest', retryable: false };
}

const HINTS: Partial<Record<number, string>> = {
  401: "the storefront token is missing, expired (older than 2 hours) or not signed with this merchant's hash key",
  403: 'the likely cause is a token or key of the other environment: check the environment / api-base attributes against the environment the token was signed for',
  404: 'the subscription does not exist, or it belongs to another customer than the one the token was signed for',
};

export function describeFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    return { kind: 'malformed', status: 0, retryable: true, message: `unexpected error: ${String(error)}`, credentialRefused: false };
  }
  if (error.kind !== 'http') {
    const retryable = error.kind !== 'config';
    return { kind: error.kind, status: error.status, retryable, message: error.message, credentialRefused: false };
  }
  const { kind, retryable } = kindOfStatus(error.status);
  const hint = HINTS[error.status];
  const failure: Failure = {
    kind,
    status: error.status,
    retryable,
    message: hint ? `${error.message} (${hint})` : error.message,
    credentialRefused: error.status === 401,
  };
  if (kind === 'badRequest' && error.detail) failure.detail = error.detail;
  return failure;
}
