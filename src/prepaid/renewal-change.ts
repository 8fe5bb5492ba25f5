/**
 * This class changes what happens when a prepaid subscription's orders run out. It holds the choice made in the
 * management form, and it sends the change itself. The change is a write like the upgrade. Only one is in flight at a
 * time. It is retried on 423 and 429. When an answer gets lost, reads confirm whether the change was made. Nothing the
 * page does drops it. The page hears of it through `prepaid-upgrade-submit` before it is sent. The element says which
 * subscription may be changed, tells of the outcome, and renders the form that this class describes. It is a plain
 * class, like the upgrade's.
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
  /**
   * The customer's pick in the form, kept until the service confirms it. `undefined` means that the form shows what the
   * subscription does now.
   */
  #choice: RenewalBehavior | undefined;
  /**
   * True when a change was confirmed since the widget started over. The upgrade's success message then gives way to
   * it.
   */
  confirmed = false;

  /** `renderNow` renders the host at once when the customer picks a choice. The element explains why. */
  constructor(host: ReactiveControllerHost & EventTarget, renderNow: () => void) {
    this.#host = host;
    this.#renderNow = renderNow;
    this.write = new Write<Subscription>(host);
  }

  /**
   * Sends the customer's choice to `target`, as the form's button does, and resolves to the outcome. Nothing is sent
   * without a target. Nothing is sent either when the choice is what the subscription already does, or when the page
   * cancels `prepaid-upgrade-submit`.
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

  /** Forgets the outcome and the choice. This is for when the subscription is read again, or another one is shown. */
  reset(): void {
    this.write.reset();
    this.#choice = undefined;
    this.confirmed = false;
  }

  /**
   * What the management form shows for `subscription`. It offers `options`, says whether the service `confirmed` a
   * change of it, and `onSubmit` sends it.
   */
  view(
    base: View,
    options: readonly RenewalBehavior[],
    subscription: Subscription,
    confirmed: boolean,
    onSubmit: (event: SubmitEvent) => void,
  ): ManageView {
    return {
      ...base,
      options,
      subscription,
      choice: this.#choice,
      confirmed,
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
