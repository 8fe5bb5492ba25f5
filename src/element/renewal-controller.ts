/**
 * Changing what happens when a prepaid subscription's orders run out: the management form's choice, the change
 * itself (a write like the upgrade's: one in flight, retried on 423 and 429, confirmed by a read after an ambiguous
 * failure, aborted when the element leaves the page) and the events that tell the page about it. The element says
 * which subscription may be changed, and renders the form this controller describes.
 */
import type { Subscription } from '../api/schemas.js';
import { isRenewalBehavior, type RenewalBehavior } from '../api/upgrade-request.js';
import { renewalBehaviorOf, renewalChangeWrite, sendAndConfirm } from '../api/writes.js';
import { PrepaidUpgradeRenewalChangeEvent, PrepaidUpgradeSubmitEvent } from '../events.js';
import type { ReactiveControllerHost } from 'lit';
import type { ManageView } from './prepaid-template.js';
import type { View } from './templates.js';
import { WriteController, type WriteTarget } from './write-controller.js';

/** A prepaid subscription the customer may change now, and where the change goes. */
export interface RenewalTarget extends WriteTarget {
  subscription: Subscription;
}

export interface RenewalOptions {
  /** The subscription a change applies to; `undefined` while none may be changed (another request is under way, say). */
  target(): RenewalTarget | undefined;
  /** The customer picked a choice in the form: the element renders it. */
  chose(): void;
  /** After a confirmed change is rendered, before the page hears of it (its listener may move focus on). */
  succeeded(): void;
  /** After a failed change is rendered. */
  failed(error: unknown): void;
}

export class RenewalController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #options: RenewalOptions;
  readonly write: WriteController<Subscription>;
  /** The customer's pick in the form, until the service confirms it; `undefined`: what the subscription does now. */
  #choice: RenewalBehavior | undefined;
  /** The subscription as the last confirmed change left it: still so while a further change is sent or fails. */
  #changed: Subscription | undefined;

  constructor(host: ReactiveControllerHost & EventTarget, options: RenewalOptions) {
    this.#host = host;
    this.#options = options;
    this.write = new WriteController<Subscription>(host);
  }

  /** The subscription as the service returned it from the last confirmed change; `undefined` before one. */
  get changed(): Subscription | undefined {
    const outcome = this.write.outcome;
    return outcome.status === 'success' ? outcome.value : this.#changed;
  }

  /**
   * Sends the customer's choice, as the form's button does; resolves to whether the service confirmed it. Nothing is
   * sent when the choice is what the subscription already does, or when the page cancels `prepaid-upgrade-submit`.
   */
  change(): Promise<boolean> {
    return this.write.run(() => {
      const target = this.#options.target();
      const choice = this.#choice;
      if (!target || !choice || choice === renewalBehaviorOf(target.subscription)) return undefined;
      const { subscriptionId, client } = target;
      const submit = new PrepaidUpgradeSubmitEvent({ action: 'change-renewal', subscriptionId, request: { renewal_behavior: choice } });
      this.#host.dispatchEvent(submit);
      if (submit.defaultPrevented) return undefined;
      return {
        send: (signal) => sendAndConfirm(client, subscriptionId, renewalChangeWrite(choice), { signal }),
        succeeded: (subscription) => {
          this.#changed = subscription;
          this.#choice = undefined;
          this.#options.succeeded();
          this.#host.dispatchEvent(new PrepaidUpgradeRenewalChangeEvent({ subscription }));
        },
        failed: (error) => this.#options.failed(error),
      };
    });
  }

  /** Forgets every change and choice, and aborts one in flight: the subscription is read again, or another one. */
  reset(): void {
    this.write.reset();
    this.#choice = this.#changed = undefined;
  }

  /** What the management form shows for `subscription`, offering `options`. */
  view(base: View, options: readonly RenewalBehavior[], subscription: Subscription): ManageView {
    return {
      ...base,
      options,
      subscription,
      choice: this.#choice,
      confirmed: this.write.outcome.status === 'success',
      onChange: this.#onChange,
      onSubmit: this.#onSubmit,
    };
  }

  readonly #onChange = (event: Event): void => {
    const value = (event.target as HTMLInputElement).value;
    if (isRenewalBehavior(value)) this.#choice = value;
    this.#options.chose();
  };

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.change();
  };
}
