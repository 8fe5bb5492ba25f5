/**
 * What was learned about subscriptions since they were read, and when it was true. This may be a write's answer, a read
 * that confirmed one, or news from another widget of the subscription. The widget shows whichever is newer, this or the
 * read.
 * Times are `learnedAt`'s (`shared/clock.ts`).
 */
import type { ReactiveControllerHost } from 'lit';
import type { Subscription } from '../api/schemas.js';
import { decideEligibility } from '../api/eligibility.js';
import type { Loaded } from '../shared/loaded.js';
import type { SubscriptionRead } from './subscription-read.js';

/** What is learned from the read (`SubscriptionRead`): what it found and when it was sent. */
export type ReadFound = Pick<SubscriptionRead, 'value' | 'picker' | 'sentAt'>;

export class Learned {
  readonly #host: ReactiveControllerHost;
  /** The read that what is learned is newer than, or not, and whose picker offers what is learned. */
  readonly #read: ReadFound;
  readonly #byId = new Map<string, { subscription: Subscription; at: number }>();
  /** Called when something is learned that the customer did not do here: news from elsewhere, or a quiet read. */
  readonly #unasked: () => void;

  constructor(host: ReactiveControllerHost, read: ReadFound, unasked: () => void) {
    this.#host = host;
    this.#read = read;
    this.#unasked = unasked;
  }

  /**
   * Learns how `subscription` was at the time `at`. The subscription is shown this way from now on, unless something
   * newer is known, and the picker offers it as it is now. Pass `chosen` when the customer changed it here, so that the
   * picker keeps it shown.
   */
  learn(subscription: Subscription, at: number, chosen = false): void {
    const id = subscription.public_id!;
    if (at <= Math.max(this.#byId.get(id)?.at ?? 0, this.#read.sentAt)) return;
    this.#byId.set(id, { subscription, at });
    this.#read.picker?.replace(subscription, chosen);
    if (!chosen) this.#unasked();
    this.#host.requestUpdate();
  }

  /**
   * The subscription shown: the one named by `subscription-id`, else the one chosen in the picker, or the only one
   * found (`manages` says whether prepaid ones are offered). It is as read, or as learned since, whichever is newer.
   * `undefined` until the read completes, and while the picker asks.
   */
  loaded(manages: boolean): Loaded | undefined {
    const value = this.#read.value;
    const loaded = value && 'eligibility' in value ? value : value?.shown(manages);
    const learned = loaded && this.#byId.get(loaded.subscription.public_id!);
    if (!learned || learned.at < this.#read.sentAt) return loaded;
    return { ...loaded!, subscription: learned.subscription, eligibility: decideEligibility(learned.subscription, loaded!.product) };
  }
}
