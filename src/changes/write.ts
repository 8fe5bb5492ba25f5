/**
 * A change that the customer asks the service to make, such as the upgrade or a renewal change, as one lifecycle. Only
 * one write is in flight at a time, and the element renders its outcome.
 *
 * Nothing the page does drops a write in flight: not a property change (such as a framework handing over a new
 * `tokenProvider` on each render), not a move, and not even the element's removal. The write goes on with the client it
 * started with. Its outcome is kept for the element, wherever it lands, and for the other widgets of its subscription.
 * What is sent, and how an answer that got lost is confirmed, belongs to the write itself, for example `sendAndConfirm`
 * with an `upgradeWrite`.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Subscription } from '../api/schemas.js';
import { sendAndConfirm, type SubscriptionWrite } from '../api/writes.js';
import { PrepaidUpgradeSubmitEvent, type SubmitDetail } from '../events.js';

/** Where a write goes: the client it is sent through, and the subscription it changes. */
export interface WriteTarget {
  client: ApiClient;
  subscriptionId: string;
}

export type WriteOutcome<T> =
  | { status: 'idle' }
  /** `checking` means that the answer got lost, and reads tell whether the change was made. */
  | { status: 'submitting'; checking?: boolean }
  | { status: 'success'; value: T }
  | { status: 'error'; error: unknown };

/**
 * Sends a write, and calls `checking` when its answer got lost and reads begin to confirm it. With `unknown`, an
 * earlier try whose outcome is not known, it sends nothing and reads once whether that try was made.
 */
export type Send<T> = (checking: () => void, unknown?: ApiError) => Promise<T>;

/** No write, or none about the subscription shown. */
export const IDLE = { status: 'idle' } as const;

/**
 * Tells the page about a write that is about to be sent, with `prepaid-upgrade-submit` and its `detail`. Returns how to
 * send the write through `client`, with reads to confirm it after an answer got lost. Returns nothing when the page
 * cancelled it.
 */
export function announceWrite(
  host: EventTarget,
  client: ApiClient,
  detail: SubmitDetail,
  write: SubscriptionWrite,
): Send<Subscription> | undefined {
  const { subscriptionId } = detail;
  return host.dispatchEvent(new PrepaidUpgradeSubmitEvent(detail))
    ? (onChecking, unknown) => sendAndConfirm(client, subscriptionId, write, { onChecking, unknown })
    : undefined;
}

/**
 * One kind of write of one element, such as its upgrade or its renewal change. This is a plain class, kept by the
 * `Upgrade` or the `RenewalChange` that it belongs to.
 */
export class Write<T> {
  readonly #host: ReactiveControllerHost;
  outcome: WriteOutcome<T> = IDLE;
  /** The subscription that the outcome is about. The element may show another one meanwhile. */
  about: string | undefined;
  #inFlight: Promise<WriteOutcome<T>> | undefined;
  /**
   * How the last write was sent. "Check again" uses it to read whether the write was made, with the client and choices
   * that it had.
   */
  #sent: Send<T> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** Whether a write is in flight. A further `run` shares it. */
  get busy(): boolean {
    return !!this.#inFlight;
  }

  /**
   * Starts a write about the subscription `about`, unless one is in flight. Then that write's promise is shared, so
   * that a double click, a held key or a listener calling again sends only one request. `prepare` runs with the slot
   * already claimed, because it may dispatch a cancelable event whose listener calls again. It returns how to send the
   * write, or nothing to cancel it. Resolves to the outcome once it is rendered, or to `idle` when cancelled.
   */
  run(about: string, prepare: () => Send<T> | undefined): Promise<WriteOutcome<T>> {
    return this.#run(about, () => (this.#sent = prepare()));
  }

  /**
   * After a write whose outcome is not known, with `unknown` as its failure: reads once whether the write was made, and
   * never sends it again. The read runs as a write of its own, so only one runs at a time and its outcome is rendered.
   */
  checkAgain(unknown: ApiError): Promise<WriteOutcome<T>> {
    const sent = this.#sent;
    return this.#run(this.about ?? '', () => sent && ((checking) => sent(checking, unknown)));
  }

  #run(about: string, prepare: () => Send<T> | undefined): Promise<WriteOutcome<T>> {
    if (this.#inFlight) return this.#inFlight;
    let settle!: (outcome: WriteOutcome<T>) => void;
    const inFlight = (this.#inFlight = new Promise((resolve) => (settle = resolve)));
    const send = prepare();
    if (!send) {
      this.#inFlight = undefined;
      settle(IDLE);
      return inFlight;
    }
    this.about = about;
    this.#set({ status: 'submitting' });
    const finish = async (outcome: WriteOutcome<T>) => {
      this.#set(outcome);
      // The slot is freed before the caller hears of the outcome, so that a caller who tries again at once starts a new
      // write.
      this.#inFlight = undefined;
      await this.#host.updateComplete;
      settle(outcome);
    };
    send(() => this.#set({ status: 'submitting', checking: true })).then(
      (value) => finish({ status: 'success', value }),
      (error: unknown) => finish({ status: 'error', error }),
    );
    return inFlight;
  }

  /** Forgets the outcome, as the widget starts over. A write in flight is never dropped, and keeps its own outcome. */
  reset(): void {
    if (!this.#inFlight) this.#set(IDLE);
  }

  #set(outcome: WriteOutcome<T>): void {
    this.outcome = outcome;
    this.#host.requestUpdate();
  }
}
