/**
 * One subscription, one truth. What a widget learns of a subscription (a write's answer, a read that confirmed one)
 * reaches every other widget of it, on the page and in the store's other tabs of this origin, through a
 * `BroadcastChannel` of each widget's own. They show it without a request of their own, and without telling the page of
 * a success that was not theirs. A page that comes back into view after more than a minute hidden may be out of date: its widgets read
 * their subscriptions again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { answerSchemas, validate, type Subscription } from '../api/schemas.js';
import type { AttributeConnection } from './attribute-connection.js';
import type { ConsoleLines } from './console-lines.js';
import type { SubscriptionController } from '../subscription/subscription-controller.js';
import { learnedAt } from '../subscription/learned.js';

/** How a subscription was at `at` (ms since the epoch), at the service whose base address is `service`. */
interface News {
  service: string;
  subscription: Subscription;
  at: number;
}

/** Longer hidden than this, a page's widgets read their subscriptions again when it is shown. */
export const STALE_AFTER_MS = 60_000;

/** The channel of every widget of this origin: those on the page, and those in the store's other tabs. */
const CHANNEL_NAME = 'prepaid-upgrade';

/** A channel of the element's own, which hears every other's messages (every engine of the browser list has them). */
const openChannel = (): BroadcastChannel => new BroadcastChannel(CHANNEL_NAME);

export class AgreementController implements ReactiveController {
  readonly #shown: SubscriptionController;
  /** The connection of the element: its service's base address names the subscriptions it hears of. */
  readonly #link: AttributeConnection;
  readonly #console: ConsoleLines;
  #hiddenSince: number | undefined;
  #channel: BroadcastChannel | undefined;

  constructor(host: ReactiveControllerHost, shown: SubscriptionController, link: AttributeConnection, lines: ConsoleLines) {
    host.addController(this);
    this.#shown = shown;
    this.#link = link;
    this.#console = lines;
  }

  /** The base address of the service the element talks to; `undefined` while it has no connection. */
  get #service(): string | undefined {
    return this.#link.connected?.client.baseAddress.href;
  }

  /**
   * The customer changed `subscription` here (an upgrade, a renewal change; or tried to, and found it changed
   * elsewhere): shown as it is now, and told to the other widgets of it, even by an element removed meanwhile.
   */
  wrote(subscription: Subscription): void {
    const at = learnedAt();
    const service = this.#service;
    this.#shown.learn(subscription, at, true);
    // An element removed meanwhile has closed its channel: it opens one for this message alone.
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

  /** News from another widget: from a page of the same origin, but only a subscription that passes the schema is shown. */
  readonly #hear = ({ data }: MessageEvent<Partial<News> | null>): void => {
    const checked = validate(answerSchemas().SubscriptionSchema, data?.subscription);
    if (data?.service === this.#service && typeof data?.at === 'number' && 'data' in checked) this.#shown.learn(checked.data, data.at);
  };

  readonly #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.#hiddenSince ??= Date.now();
    else {
      if (this.#hiddenSince !== undefined && Date.now() - this.#hiddenSince > STALE_AFTER_MS) void this.#readAgain();
      this.#hiddenSince = undefined;
    }
  };

  /**
   * Reads the shown subscription again, quietly (no placeholder): what it finds is learned; a read that fails changes
   * nothing but a line for the developer.
   */
  async #readAgain(): Promise<void> {
    const target = this.#shown.writeTarget;
    const at = learnedAt();
    if (!target) return;
    try {
      this.#shown.learn(await target.client.getSubscription(target.subscriptionId), at);
    } catch (error) {
      this.#console.warn(`the subscription was not read again: ${(error as Error).message}`);
    }
  }
}
