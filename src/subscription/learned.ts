/**
 * What was learned about subscriptions since they were read, and when it was true. This may be a write's answer, a read
 * that confirmed one, or news from another widget of the subscription.
 *
 * Times come from the page's monotonic clock, in ms since the epoch (`learnedAt`). `Date.now()` is not used, because
 * the device's clock may be set back or forth between two answers. The times order what the widgets of one subscription
 * learn, on one page and across the store's tabs.
 */
import type { Subscription } from '../api/schemas.js';
import { decideEligibility } from '../api/eligibility.js';
import type { Loaded } from '../shared/loaded.js';

export const learnedAt = (): number => performance.timeOrigin + performance.now();

export class Learned {
  /**
   * When the read under way, or the last completed read, was sent. Anything learned before then is no newer than what
   * the read finds.
   */
  #readAt = 0;
  readonly #byId = new Map<string, { subscription: Subscription; at: number }>();

  /** Notes that a read is sent now. */
  reading(): void {
    this.#readAt = learnedAt();
  }

  /** Keeps how `subscription` was at time `at`, unless something newer is known. Returns whether it was news. */
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
