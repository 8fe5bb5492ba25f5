/**
 * One subscription, one truth. What a widget learns about a subscription, such as a write's answer or a read that
 * confirmed one, reaches every other widget of that subscription. Those widgets may be on the page or in the store's
 * other tabs of this origin. Each widget has a `BroadcastChannel` of its own for this. The other widgets show what they
 * hear without a request of their own, and without telling the page about a success that was not theirs.
 *
 * A page that comes back into view after more than a minute hidden may be out of date, so its widgets read their
 * subscriptions again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { answerSchemas, validate, type Subscription } from '../api/schemas.js';
import type { AttributeConnection } from './attribute-connection.js';
import type { ConsoleLines } from './console-lines.js';
import type { WriteTarget } from '../changes/write.js';
import type { Learned } from '../subscription/learned.js';
import { learnedAt } from '../shared/clock.js';

/** How a subscription was at time `at`, in ms since the epoch, at the service whose base address is `service`. */
interface News {
  service: string;
  subscription: Subscription;
  at: number;
}

/** When a page was hidden for longer than this, its widgets read their subscriptions again once it is shown. */
export const STALE_AFTER_MS = 60_000;

/**
 * How far past this page's clock the time of news may be. The store's tabs read one clock, each from the moment its page
 * began; news from further ahead is no tab's, and would outrank every later read and write of its subscription.
 */
const CLOCK_SKEW_MS = 2_000;

/** The channel that every widget of this origin shares, both on the page and in the store's other tabs. */
const CHANNEL_NAME = 'prepaid-upgrade';

/**
 * Opens a channel of the element's own, which hears the messages of every other one. Every engine of the browser list
 * has `BroadcastChannel`.
 */
const openChannel = (): BroadcastChannel => new BroadcastChannel(CHANNEL_NAME);

export class AgreementController implements ReactiveController {
  /** Where what is written, heard or read again is learned, and so shown. */
  readonly #learned: Learned;
  /** The subscription shown, and the client it is read through. `undefined` while either one is missing. */
  readonly #target: () => WriteTarget | undefined;
  /** The element's connection. News is heard only about subscriptions of the service at its base address. */
  readonly #link: AttributeConnection;
  readonly #console: ConsoleLines;
  #hiddenSince: number | undefined;
  #channel: BroadcastChannel | undefined;

  constructor(
    host: ReactiveControllerHost,
    learned: Learned,
    target: () => WriteTarget | undefined,
    link: AttributeConnection,
    lines: ConsoleLines,
  ) {
    host.addController(this);
    this.#learned = learned;
    this.#target = target;
    this.#link = link;
    this.#console = lines;
  }

  /** The base address of the service that the element talks to. `undefined` while it has no connection. */
  get #service(): string | undefined {
    return this.#link.connected?.client.baseAddress.href;
  }

  /**
   * Called when the customer changed `subscription` here, with an upgrade or a renewal change, or tried to and found it
   * changed elsewhere. The subscription is shown as it is now, and the other widgets of it are told. An element that
   * was removed meanwhile tells them too.
   */
  wrote(subscription: Subscription): void {
    const at = learnedAt();
    const service = this.#service;
    this.#learned.learn(subscription, at, true);
    // An element that was removed meanwhile has closed its channel, so it opens one for this message alone.
    const channel = this.#channel ?? openChannel();
    if (service) channel.postMessage({ service, subscription, at } satisfies News);
    if (channel !== this.#channel) channel.close();
  }

  hostConnected(): void {
    this.#channel = openChannel();
    this.#channel.addEventListener('message', this.#hear);
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  hostDisconnected(): void {
    this.#channel?.close();
    this.#channel = undefined;
    document.removeEventListener('visibilitychange', this.#onVisibility);
  }

  /**
   * Hears news from another widget. The news comes from a page of the same origin, but only a subscription that passes
   * the schema, at a time no later than this page's clock allows, is shown.
   */
  readonly #hear = ({ data }: MessageEvent<Partial<News> | null>): void => {
    const checked = validate(answerSchemas().SubscriptionSchema, data?.subscription);
    const at = data?.at;
    if (data?.service === this.#service && typeof at === 'number' && at <= learnedAt() + CLOCK_SKEW_MS && 'data' in checked)
      this.#learned.learn(checked.data, at);
  };

  readonly #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.#hiddenSince ??= Date.now();
    else {
      if (this.#hiddenSince !== undefined && Date.now() - this.#hiddenSince > STALE_AFTER_MS) void this.#readAgain();
      this.#hiddenSince = undefined;
    }
  };

  /**
   * Reads the shown subscription again quietly, without a placeholder. What the read finds is learned. A read that
   * fails changes nothing, and only writes a line for the developer.
   */
  async #readAgain(): Promise<void> {
    const target = this.#target();
    const at = learnedAt();
    if (!target) return;
    try {
      this.#learned.learn(await target.client.getSubscription(target.subscriptionId), at);
    } catch (error) {
      this.#console.warn(`the subscription was not read again: ${(error as Error).message}`);
    }
  }
}
