/**
 * The upgrade: the choices the element's attributes offer, the customer's picks among them (each told to the page
 * as `prepaid-upgrade-change`), and the upgrade itself (a write: one in flight, retried on 423 and 429, confirmed by a
 * read after an ambiguous failure, aborted when the element leaves the page) with the events that tell the page
 * about it. The element says when an upgrade may be sent, and renders the form this controller describes.
 */
import type { Subscription, UpgradeRequest } from '../api/schemas.js';
import { isRenewalBehavior, type RenewalBehavior } from '../api/upgrade-request.js';
import { sendAndConfirm, upgradeWrite } from '../api/writes.js';
import { PrepaidUpgradeChangeEvent, PrepaidUpgradeSubmitEvent, PrepaidUpgradeSuccessEvent } from '../events.js';
import type { ReactiveControllerHost } from 'lit';
import { parseChoices, type ChoiceAttributes, type Choices } from './choices.js';
import type { FormView } from './form-template.js';
import type { View } from './templates.js';
import { WriteController, type WriteTarget } from './write-controller.js';

export interface UpgradeOptions {
  /** Where the upgrade goes; `undefined` while none may be sent (no form is shown, say). */
  target(): WriteTarget | undefined;
  /** After the success is rendered, before the page hears of it (its listener may move focus on). */
  succeeded(): void;
  /** After the failure is rendered. */
  failed(error: unknown): void;
}

export class UpgradeController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #options: UpgradeOptions;
  readonly write: WriteController<Subscription>;
  /** What the attributes offer, or why they offer nothing; `undefined` until they are read. */
  choices: Choices | { error: string } | undefined;
  #orders: number | undefined;
  #renewal: RenewalBehavior | undefined;

  constructor(host: ReactiveControllerHost & EventTarget, options: UpgradeOptions) {
    this.#host = host;
    this.#options = options;
    this.write = new WriteController<Subscription>(host);
  }

  /** Reads the choices from the attributes again; the customer's picks go back to the preselected ones. */
  readChoices(attributes: ChoiceAttributes, warn: (message: string) => void): void {
    const result = parseChoices(attributes);
    for (const warning of result.warnings) warn(warning);
    if ('error' in result) {
      this.choices = { error: result.error };
      return;
    }
    this.choices = result.choices;
    this.#orders = result.choices.ordersPerBilling;
    this.#renewal = result.choices.renewalBehavior;
  }

  /** Sends the upgrade with the customer's picks; resolves to whether it succeeded. */
  upgrade(): Promise<boolean> {
    return this.write.run(() => {
      const target = this.#options.target();
      const choices = this.choices;
      if (!target || !choices || 'error' in choices) return undefined;
      const { subscriptionId, client } = target;
      const request: UpgradeRequest = {
        orders_per_billing: this.#orders ?? choices.ordersPerBilling,
        renewal_behavior: this.#renewal ?? choices.renewalBehavior,
        offer: choices.offer,
      };
      const submit = new PrepaidUpgradeSubmitEvent({ action: 'upgrade', subscriptionId, request: { ...request } });
      this.#host.dispatchEvent(submit);
      if (submit.defaultPrevented) return undefined;
      return {
        send: (signal) => sendAndConfirm(client, subscriptionId, upgradeWrite(request), { signal }),
        succeeded: (subscription) => {
          this.#options.succeeded();
          this.#host.dispatchEvent(new PrepaidUpgradeSuccessEvent({ subscription }));
        },
        failed: (error) => this.#options.failed(error),
      };
    });
  }

  /** What the form shows; `undefined` while the attributes offer no valid choice. */
  view(base: View): FormView | undefined {
    const choices = this.choices;
    if (!choices || 'error' in choices) return undefined;
    return {
      ...base,
      choices,
      orders: this.#orders ?? choices.ordersPerBilling,
      renewal: this.#renewal ?? choices.renewalBehavior,
      onSubmit: this.#onSubmit,
      onOrdersChange: this.#onOrdersChange,
      onRenewalChange: this.#onRenewalChange,
    };
  }

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.upgrade();
  };

  readonly #onOrdersChange = (event: Event): void => {
    this.#orders = Number((event.target as HTMLInputElement).value);
    this.#announceChange();
  };

  readonly #onRenewalChange = (event: Event): void => {
    const value = (event.target as HTMLInputElement).value;
    if (isRenewalBehavior(value)) this.#renewal = value;
    this.#announceChange();
  };

  #announceChange(): void {
    this.#host.requestUpdate();
    const ordersPerBilling = this.#orders;
    const renewalBehavior = this.#renewal;
    const choices = this.choices;
    if (ordersPerBilling === undefined || !renewalBehavior || !choices || 'error' in choices) return;
    const discountPercent = choices.discounts[ordersPerBilling] ?? null;
    this.#host.dispatchEvent(new PrepaidUpgradeChangeEvent({ ordersPerBilling, renewalBehavior, discountPercent }));
  }
}
