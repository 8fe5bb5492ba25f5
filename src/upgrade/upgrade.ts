/**
 * The upgrade: the choices the element's attributes offer, the customer's picks among them (each told to the page
 * as `prepaid-upgrade-change`), and the upgrade itself (a write: one in flight, retried on 423 and 429, confirmed by
 * reads after an answer that got lost, never dropped by the page), announced to the page by `prepaid-upgrade-submit`.
 * The element says where an upgrade goes, tells of its outcome, and renders the form this describes. A plain class:
 * the element calls it, and it has no part in the element's lifecycle.
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
   * What the attributes offer, with the customer's picks as `ordersPerBilling` and `renewalBehavior` (the preselected
   * ones until the customer picks others); `undefined` until they are read, and while they offer nothing (`error`).
   */
  choices: Choices | undefined;
  /** Why the attributes offer no valid choice. */
  error: string | undefined;

  constructor(host: ReactiveControllerHost & EventTarget) {
    this.#host = host;
    this.write = new Write<Subscription>(host);
  }

  /** Reads the choices from the attributes again; the customer's picks go back to the preselected ones. */
  readChoices(attributes: ChoiceAttributes, warn: (message: string) => void): void {
    const result = parseChoices(attributes);
    for (const warning of result.warnings) warn(warning);
    this.error = 'error' in result ? result.error : undefined;
    this.choices = 'choices' in result ? result.choices : undefined;
  }

  /** Sends the upgrade with the customer's picks to `target` (none: nothing is sent); resolves to its outcome. */
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

  /** Forgets the outcome, as the widget starts over; a write in flight keeps its own. */
  reset(): void {
    this.write.reset();
  }

  /** What the form shows, sent by `onSubmit`; `undefined` while the attributes offer no valid choice. */
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

  /** Keeps what the customer picked, and tells the page of the picks. */
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
