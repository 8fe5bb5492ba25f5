/**
 * When a failed request is tried again, and after how long.
 *
 * A retry is only ever automatic where it cannot apply a change twice: 423 (the resource was busy, nothing was
 * done) and 429 (refused before any work) for every method; for reads also the failures where the answer was lost
 * (network errors, 502, 503, 504). The upgrade is never re-sent after an answer that may mean it was applied.
 */
import { ApiError } from './errors.js';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The first backoff delay; each next one doubles, with jitter. */
  baseDelayMs: number;
  /** No retry starts later than this after the first try began. */
  budgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, budgetMs: 5000 };
export const NO_RETRIES: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, budgetMs: 0 };

const RETRIED_READ_STATUSES = new Set([502, 503, 504]);

export function isRetryable(error: unknown, method: string): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'http' && (error.status === 423 || error.status === 429)) return true;
  if (method !== 'GET') return false;
  return error.kind === 'network' || (error.kind === 'http' && RETRIED_READ_STATUSES.has(error.status));
}

/**
 * The wait before try number `attempt + 1`: the server's `Retry-After` when it sent one, else exponential backoff
 * with "equal jitter" (half fixed, half random), so that many widgets refused at once do not return at once.
 */
export function retryDelayMs(error: ApiError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  if (error.retryAfterSeconds !== undefined) return Math.ceil(error.retryAfterSeconds * 1000);
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
