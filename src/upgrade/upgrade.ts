/**
 * The upgrade. This class holds the choices that the element's attributes offer, and the customer's picks among them.
 * Each pick is told to the page as `prepaid-upgrade-change`. It also sends the upgrade itself, which
 * `prepaid-upgrade-submit` announces to the page. The upgrade is a write: only one is in flight at a time, it is
 * retried on 423 and 429, reads confirm it after an answer got lost, and nothing the page does drops it.
 *
 * The element says where an upgrade goes, tells about its outcome, and renders the form that this class describes. This
 * is a plain class, because the element calls it and it has no part in the element's lifecycle.
 */
import type { Subscription, UpgradeRequest } from '../api/schemas.js';
import { isRenewalBehavior } from '../api/upgrade-request.js';
import { upgradeWrite } from '../api/writes.js';
import { PrepaidUpgradeChangeEvent } from '../events.js';
import type { ReactiveControllerHost } from 'lit';
import { parseChoices, type ChoiceAttributes, type Choices } from './choices.js';
import type { FormView } from './form-template.js';
import type { View } from '../i18n/view.js';
import { Write, announceWrite, type WriteOutcome, type WriteTarget } from '../changes/write.js';

export class Upgrade {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly write: Write<Subscription>;
  /**
   * What the attributes offer, with the customer's picks as `ordersPerBilling` and `renewalBehavior`. The picks are the
   * preselected ones until the customer picks others. `undefined` until the attributes are read, and while they offer
   * nothing (see `error`).
   */
  choices: Choices | undefined;
  /** Why the attributes offer no valid choice. */
  error: string | undefined;

  constructor(host: ReactiveControllerHost & EventTarget) {
    this.#host = host;
    this.write = new Write<Subscription>(host);
  }

  /** Reads the choices from the attributes again. The customer's picks go back to the preselected ones. */
  readChoices(attributes: ChoiceAttributes, warn: (message: string) => void): void {
    const result = parseChoices(attributes);
    for (const warning of result.warnings) warn(warning);
    this.error = 'error' in result ? result.error : undefined;
    this.choices = 'choices' in result ? result.choices : undefined;
  }

  /**
   * Sends the upgrade with the customer's picks to `target`, and resolves to its outcome. Without a target, nothing is
   * sent.
   */
  upgrade(target: WriteTarget | undefined): Promise<WriteOutcome<Subscription>> {
    return this.write.run(target?.subscriptionId ?? '', () => {
      const choices = this.choices;
      if (!target || !choices) return undefined;
      const { subscriptionId, client } = target;
      const request: UpgradeRequest = {
        orders_per_billing: choices.ordersPerBilling,
        renewal_behavior: choices.renewalBehavior,
        offer: choices.offer,
      };
      return announceWrite(this.#host, client, { action: 'upgrade', subscriptionId, request: { ...request } }, upgradeWrite(request));
    });
  }

  /** Forgets the outcome, as the widget starts over. A write in flight keeps its own outcome. */
  reset(): void {
    this.write.reset();
  }

  /** What the form shows, with `onSubmit` to send it. `undefined` while the attributes offer no valid choice. */
  view(base: View, onSubmit: (event: SubmitEvent) => void): FormView | undefined {
    const choices = this.choices;
    return choices && { ...base, choices, onSubmit, onOrdersChange: this.#onOrdersChange, onRenewalChange: this.#onRenewalChange };
  }

  readonly #onOrdersChange = (event: Event): void => {
    this.#pick({ ordersPerBilling: Number((event.target as HTMLInputElement).value) });
  };

  readonly #onRenewalChange = (event: Event): void => {
    const value = (event.target as HTMLInputElement).value;
    this.#pick(isRenewalBehavior(value) ? { renewalBehavior: value } : {});
  };

  /** Keeps what the customer picked, and tells the page about the picks. */
  #pick(picked: Partial<Choices>): void {
    this.#host.requestUpdate();
    const choices = this.choices;
    if (!choices) return;
    Object.assign(choices, picked);
    const { ordersPerBilling, renewalBehavior } = choices;
    const discountPercent = choices.discounts[ordersPerBilling] ?? null;
    this.#host.dispatchEvent(new PrepaidUpgradeChangeEvent({ ordersPerBilling, renewalBehavior, discountPercent }));
  }
}
