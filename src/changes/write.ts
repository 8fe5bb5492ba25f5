/**
 * A change the customer asks the service to make (the upgrade, a renewal change), as one lifecycle: one in flight at a
 * time, and an outcome the element renders. Nothing the page does drops a write in flight: not a property change (a
 * framework handing a new `tokenProvider` on each render), not a move, not even the element's removal. The write goes
 * on with the client it started with, and its outcome is kept, for the element wherever it lands and for the other
 * widgets of its subscription. What is sent, and how an answer that got lost is confirmed, is the write's own
 * (`sendAndConfirm` with an `upgradeWrite`, say).
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
  /** `checking`: the answer got lost, and reads tell whether the change was made. */
  | { status: 'submitting'; checking?: boolean }
  | { status: 'success'; value: T }
  | { status: 'error'; error: unknown };

/**
 * Sends a write; calls `checking` when its answer got lost and reads begin to confirm it. With `unknown` (a try of it
 * whose outcome is not known), sends nothing and reads once whether that try was made.
 */
export type Send<T> = (checking: () => void, unknown?: ApiError) => Promise<T>;

/** No write, or none about the subscription shown. */
export const IDLE = { status: 'idle' } as const;

/**
 * Tells the page of a write about to be sent (`prepaid-upgrade-submit`, which its `detail` is): how to send it through
 * `client`, confirmed by reads after an answer that got lost; or nothing, when the page cancelled it.
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
 * One kind of write of one element (its upgrade, its renewal change): a plain class, kept by the `Upgrade` or the
 * `RenewalChange` it belongs to.
 */
export class Write<T> {
  readonly #host: ReactiveControllerHost;
  outcome: WriteOutcome<T> = IDLE;
  /** The subscription the outcome is about: the element may show another one meanwhile. */
  about: string | undefined;
  #inFlight: Promise<WriteOutcome<T>> | undefined;
  /** How the last write was sent: "check again" reads whether it was made, with the client and choices it had. */
  #sent: Send<T> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** Whether a write is in flight: a further `run` shares it. */
  get busy(): boolean {
    return !!this.#inFlight;
  }

  /**
   * Starts a write about the subscription `about`, unless one is in flight: then its promise is shared, so that a
   * double click, a held key or a listener calling again sends one request. `prepare` runs with the slot already
   * claimed (it may dispatch a cancelable event whose listener calls again) and returns how to send it, or nothing to
   * cancel it. Resolves to the outcome, once it is rendered (`idle` when cancelled).
   */
  run(about: string, prepare: () => Send<T> | undefined): Promise<WriteOutcome<T>> {
    return this.#run(about, () => (this.#sent = prepare()));
  }

  /**
   * After a write whose outcome is not known (`unknown`, its failure): reads once whether it was made, as a write of its
   * own (one at a time, its outcome rendered), and never sends it again.
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
      // Free before the caller hears of it, so that a caller trying again at once starts a new write.
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

  /** Forgets the outcome, as the widget starts over; a write in flight is never dropped, and keeps its own. */
  reset(): void {
    if (!this.#inFlight) this.#set(IDLE);
  }

  #set(outcome: WriteOutcome<T>): void {
    this.outcome = outcome;
    this.#host.requestUpdate();
  }
}
