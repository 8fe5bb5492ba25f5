/**
 * When a failed request is tried again, and after how long.
 *
 * A retry is only automatic where it cannot apply a change twice. For every method, that is 423, where the resource was
 * busy and nothing was done, and 429, which is refused before any work. For reads, it also covers the failures where
 * the answer was lost: network errors, 502, 503 and 504. The upgrade is never sent again after an answer that may mean
 * it was applied.
 */
import { ApiError } from './errors.js';

/** The number of tries in all, the first one included. */
export const MAX_ATTEMPTS = 4;
/** The first backoff delay. Each next delay doubles, with jitter. */
const BASE_DELAY_MS = 250;
/** No retry starts later than this after the first try began. */
export const RETRY_BUDGET_MS = 5000;

export function isRetryable(error: unknown, method: string): boolean {
  if (!(error instanceof ApiError)) return false;
  // A network failure may be a lost answer, so only a read is tried again.
  if (error.kind !== 'http') return error.kind === 'network' && method === 'GET';
  return [423, 429, ...(method === 'GET' ? [502, 503, 504] : [])].includes(error.status);
}

/**
 * The wait before try number `attempt + 1`. It is the server's `Retry-After` when the server sent one. Otherwise it is
 * exponential backoff with "equal jitter", half fixed and half random, so that many widgets that were refused at once
 * do not all return at once.
 */
export function retryDelayMs(error: ApiError, attempt: number, random: () => number = Math.random): number {
  if (error.retryAfterSeconds !== undefined) return Math.ceil(error.retryAfterSeconds * 1000);
  // Half of the exponential delay, which is `BASE_DELAY_MS * 2 ** (attempt - 1)`.
  const half = BASE_DELAY_MS * 2 ** (attempt - 2);
  return Math.round(half + random() * half);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    // The listener stays on the signal after the wait. That is harmless: settling a settled promise, or clearing a
    // finished timer, does nothing.
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
