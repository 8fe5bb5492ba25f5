/**
 * The upgrade: the choices the element's attributes offer, the customer's picks among them (each told to the page
 * as `prepaid-upgrade-change`), and the upgrade itself (a write: one in flight, retried on 423 and 429, confirmed by
 * reads after an answer that got lost, never dropped by the page), announced to the page by `prepaid-upgrade-submit`.
 * The element says where an upgrade goes, tells of its outcome, and renders the form this controller describes.
 */
import type { Subscription, UpgradeRequest } from '../api/schemas.js';
import { isRenewalBehavior, type RenewalBehavior } from '../api/upgrade-request.js';
import { upgradeWrite } from '../api/writes.js';
import { PrepaidUpgradeChangeEvent } from '../events.js';
import type { ReactiveControllerHost } from 'lit';
import { parseChoices, type ChoiceAttributes, type Choices } from './choices.js';
import type { FormView } from './form-template.js';
import type { View } from './templates.js';
import { Write, announceWrite, type WriteOutcome, type WriteTarget } from './write.js';

export class UpgradeController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly write: Write<Subscription>;
  /** What the attributes offer, or why they offer nothing; `undefined` until they are read. */
  choices: Choices | { error: string } | undefined;
  #orders: number | undefined;
  #renewal: RenewalBehavior | undefined;

  constructor(host: ReactiveControllerHost & EventTarget) {
    this.#host = host;
    this.write = new Write<Subscription>(host);
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

  /** Sends the upgrade with the customer's picks to `target` (none: nothing is sent); resolves to its outcome. */
  upgrade(target: WriteTarget | undefined): Promise<WriteOutcome<Subscription>> {
    return this.write.run(target?.subscriptionId ?? '', () => {
      const choices = this.choices;
      if (!target || !choices || 'error' in choices) return undefined;
      const { subscriptionId, client } = target;
      const request: UpgradeRequest = {
        orders_per_billing: this.#orders ?? choices.ordersPerBilling,
        renewal_behavior: this.#renewal ?? choices.renewalBehavior,
        offer: choices.offer,
      };
      return announceWrite(this.#host, client, { action: 'upgrade', subscriptionId, request: { ...request } }, upgradeWrite(request));
    });
  }

  /** What the form shows, sent by `onSubmit`; `undefined` while the attributes offer no valid choice. */
  view(base: View, onSubmit: (event: SubmitEvent) => void): FormView | undefined {
    const choices = this.choices;
    if (!choices || 'error' in choices) return undefined;
    return {
      ...base,
      choices,
      orders: this.#orders ?? choices.ordersPerBilling,
      renewal: this.#renewal ?? choices.renewalBehavior,
      onSubmit,
      onOrdersChange: this.#onOrdersChange,
      onRenewalChange: this.#onRenewalChange,
    };
  }

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
