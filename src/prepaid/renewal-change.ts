/**
 * Changing what happens when a prepaid subscription's orders run out: the management form's choice, and the change
 * itself (a write like the upgrade's: one in flight, retried on 423 and 429, confirmed by reads after an answer that
 * got lost, never dropped by the page), announced to the page by `prepaid-upgrade-submit`. The element says which
 * subscription may be changed, tells of the outcome, and renders the form this describes. A plain class, as the
 * upgrade's is.
 */
import type { Subscription } from '../api/schemas.js';
import { isRenewalBehavior, type RenewalBehavior } from '../api/upgrade-request.js';
import { renewalBehaviorOf } from '../api/subscription.js';
import { renewalChangeWrite } from '../api/writes.js';
import type { ReactiveControllerHost } from 'lit';
import type { ManageView } from './manage-template.js';
import type { View } from '../i18n/view.js';
import { Write, announceWrite, type WriteOutcome, type WriteTarget } from '../changes/write.js';

/** A prepaid subscription the customer may change now, and where the change goes. */
export interface RenewalTarget extends WriteTarget {
  subscription: Subscription;
}

export class RenewalChange {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #renderNow: () => void;
  readonly write: Write<Subscription>;
  /** The customer's pick in the form, until the service confirms it; `undefined`: what the subscription does now. */
  #choice: RenewalBehavior | undefined;
  /** A change was confirmed since the widget started over: the upgrade's success message gives way. */
  confirmed = false;

  /** `renderNow` renders the host at once, when the customer picks a choice: the element says why. */
  constructor(host: ReactiveControllerHost & EventTarget, renderNow: () => void) {
    this.#host = host;
    this.#renderNow = renderNow;
    this.write = new Write<Subscription>(host);
  }

  /**
   * Sends the customer's choice to `target`, as the form's button does; resolves to the outcome. Nothing is sent
   * without a target, when the choice is what the subscription already does, or when the page cancels
   * `prepaid-upgrade-submit`.
   */
  change(target: RenewalTarget | undefined): Promise<WriteOutcome<Subscription>> {
    return this.write.run(target?.subscriptionId ?? '', () => {
      const choice = this.#choice;
      if (!target || !choice || choice === renewalBehaviorOf(target.subscription)) return undefined;
      const { subscriptionId, client } = target;
      const send = announceWrite(
        this.#host,
        client,
        { action: 'change-renewal', subscriptionId, request: { renewal_behavior: choice } },
        renewalChangeWrite(choice),
      );
      return (
        send &&
        (async (onChecking, unknown) => {
          const changed = await send(onChecking, unknown);
          this.#choice = undefined;
          this.confirmed = true;
          return changed;
        })
      );
    });
  }

  /** Forgets the outcome and the choice: the subscription is read again, or another one is shown. */
  reset(): void {
    this.write.reset();
    this.#choice = undefined;
    this.confirmed = false;
  }

  /** What the management form shows for `subscription`, offering `options`, sent by `onSubmit`. */
  view(base: View, options: readonly RenewalBehavior[], subscription: Subscription, onSubmit: (event: SubmitEvent) => void): ManageView {
    return {
      ...base,
      options,
      subscription,
      choice: this.#choice,
      confirmed: this.write.outcome.status === 'success',
      onChange: this.#onChange,
      onSubmit,
    };
  }

  readonly #onChange = (event: Event): void => {
    const value = (event.target as HTMLInputElement).value;
    if (isRenewalBehavior(value)) this.#choice = value;
    this.#renderNow();
  };
}
