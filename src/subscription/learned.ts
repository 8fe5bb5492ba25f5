/**
 * What was learned of subscriptions since they were read, and when it was true: a write's answer, a read that confirmed
 * one, news from another widget of the subscription. Times are the page's monotonic clock in ms since the epoch
 * (`learnedAt`), not `Date.now()`, which the device's clock may set back or forth between two answers; they order what
 * the widgets of one subscription learn, on one page and across the store's tabs.
 */
import type { Subscription } from '../api/schemas.js';
import { decideEligibility } from '../api/eligibility.js';
import type { Loaded } from './load-subscription.js';

export const learnedAt = (): number => performance.timeOrigin + performance.now();

export class Learned {
  /** When the read under way, or last completed, was sent: anything learned before it is no newer than what it finds. */
  #readAt = 0;
  readonly #byId = new Map<string, { subscription: Subscription; at: number }>();

  /** A read is sent now. */
  reading(): void {
    this.#readAt = learnedAt();
  }

  /** Keeps how `subscription` was at `at`, unless something newer is known; says whether it was news. */
  learn(subscription: Subscription, at: number): boolean {
    const id = subscription.public_id!;
    if (at <= Math.max(this.#byId.get(id)?.at ?? 0, this.#readAt)) return false;
    this.#byId.set(id, { subscription, at });
    return true;
  }

  /** `loaded` as read, or as learned since when that is newer. */
  newest(loaded: Loaded): Loaded {
    const learned = this.#byId.get(loaded.subscription.public_id!);
    if (!learned || learned.at < this.#readAt) return loaded;
    return { ...loaded, subscription: learned.subscription, eligibility: decideEligibility(learned.subscription, loaded.product) };
  }
}
