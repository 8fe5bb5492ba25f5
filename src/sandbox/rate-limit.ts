/** A fixed-window request quota per credential. Past it, the service answers 429 (docs/service.md#statuses). */

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Above this many tracked credentials, windows that have already ended are dropped. */
const PRUNE_ABOVE = 1000;

export class FixedWindowRateLimiter {
  readonly #options: RateLimitOptions;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(options: RateLimitOptions) {
    this.#options = options;
  }

  /** Counts one request for `key` at `nowMs`. Refused requests do not count. */
  take(key: string, nowMs: number): RateDecision {
    const { limit, windowMs } = this.#options;
    let window = this.#windows.get(key);
    if (!window || nowMs - window.start >= windowMs) {
      if (this.#windows.size >= PRUNE_ABOVE) this.#prune(nowMs);
      window = { start: nowMs, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= limit) {
      // Whole seconds, as Retry-After requires. It is never 0, because the window has not ended yet.
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000)) };
    }
    window.count++;
    return { allowed: true };
  }

  clear(): void {
    this.#windows.clear();
  }

  #prune(nowMs: number): void {
    for (const [key, window] of this.#windows) {
      if (nowMs - window.start >= this.#options.windowMs) this.#windows.delete(key);
    }
  }
}
