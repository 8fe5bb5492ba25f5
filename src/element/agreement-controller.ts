/**
 * One subscription, one truth. What a widget learns of a subscription (a write's answer, a read that confirmed one)
 * reaches every other widget of it: those on the page at once, those in the store's other tabs of this origin through a
 * `BroadcastChannel`. They show it without a request of their own, and without telling the page of a success that was
 * not theirs. A page that comes back into view after more than a minute hidden may be out of date: its widgets read
 * their subscriptions again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { answerSchemas, validate, type Subscription } from '../api/schemas.js';
import type { ConnectionController } from './connection-controller.js';
import type { ConsoleLines } from './console-lines.js';
import type { SubscriptionController } from './subscription-controller.js';
import { learnedAt } from './learned.js';

/** How a subscription was at `at` (ms since the epoch), at the service whose base address is `service`. */
interface News {
  service: string;
  subscription: Subscription;
  at: number;
}

/** Longer hidden than this, a page's widgets read their subscriptions again when it is shown. */
export const STALE_AFTER_MS = 60_000;

const CHANNEL_NAME = 'prepaid-upgrade';
const hearers = new Set<(news: News) => void>();
let channel: BroadcastChannel | undefined;

/**
 * The channel to the store's other tabs, opened once for the page. A message comes from a page of the same origin;
 * still, only a subscription that passes the schema is shown.
 */
function openChannel(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = ({ data }: MessageEvent<Partial<News> | null>) => {
      const checked = validate(answerSchemas().SubscriptionSchema, data?.subscription);
      if (typeof data?.service === 'string' && typeof data.at === 'number' && 'data' in checked) {
        for (const hear of hearers) hear({ service: data.service, at: data.at, subscription: checked.data });
      }
    };
  }
  return channel;
}

/** Tells every widget but `from` (on this page, and in the store's other tabs) how a subscription is now. */
export function tellEveryWidget(news: News, from?: (news: News) => void): void {
  for (const hear of hearers) if (hear !== from) hear(news);
  openChannel()?.postMessage(news);
}

export class AgreementController implements ReactiveController {
  readonly #shown: SubscriptionController;
  /** The connection of the element: its service's base address names the subscriptions it hears of. */
  readonly #link: ConnectionController;
  readonly #console: ConsoleLines;
  #hiddenSince: number | undefined;

  constructor(host: ReactiveControllerHost, shown: SubscriptionController, link: ConnectionController, lines: ConsoleLines) {
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
    this.#shown.wrote(subscription, at);
    if (service) tellEveryWidget({ service, subscription, at }, this.#hear);
  }

  hostConnected(): void {
    hearers.add(this.#hear);
    openChannel();
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  hostDisconnected(): void {
    hearers.delete(this.#hear);
    document.removeEventListener('visibilitychange', this.#onVisibility);
  }

  readonly #hear = ({ service, subscription, at }: News): void => {
    if (service === this.#service) this.#shown.learn(subscription, at);
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
