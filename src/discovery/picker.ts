/**
 * The customer's choice among what discovery found (DESIGN.md §8, Discovery): the picker "Which subscription?", the
 * one chosen, the way back to the picker, and the notice when nothing can be prepaid. The element shows the chosen
 * subscription as it would show one named by `subscription-id`.
 *
 * This module is part of the discovery chunk, which only a widget without `subscription-id` loads (see
 * `element/discovery-loader.ts`). The script bundles load that chunk as a file of its own, so it cannot share their
 * copy of lit-html by importing it: the element hands over its `html` and `nothing`, and this module imports types
 * only from lit-html.
 */
import type { html as Html, nothing as Nothing, TemplateResult } from 'lit-html';
import { isSafeImageAddress } from '../api/base-address.js';
import type { Subscription } from '../api/schemas.js';
import { decideEligibility } from '../element/eligibility.js';
import { formatMoney, pricePerOrder } from '../element/money.js';
import type { Loaded, View } from '../element/templates.js';
import type { ShippingUnit } from '../i18n/strings.js';
import type { Discovered } from './candidates.js';

/** The element's lit-html: templates made with another copy's `nothing` would render it as text. */
export interface Lit {
  html: typeof Html;
  nothing: typeof Nothing;
}

export interface PickerHost {
  lit: Lit;
  requestUpdate(): void;
  /** The customer chose a subscription in the picker: it is shown now. */
  chose(loaded: Loaded): void;
  /** The customer went back to the picker. */
  wentBack(): void;
}

/** `every_period`'s units (1, 2, 3), as the texts name them. */
const SHIPPING_UNITS: Record<number, ShippingUnit> = { 1: 'day', 2: 'week', 3: 'month' };

export class Picker {
  readonly #host: PickerHost;
  readonly #found: Discovered;
  /** The radio picked in the picker, before Continue. */
  #picked: string | undefined;
  /** The subscription shown instead of the picker: chosen with Continue, or pinned when it was the only one offered. */
  #chosenId: string | undefined;

  /** `chosenId`: the subscription chosen before a reload, shown again if it is still offered. */
  constructor(host: PickerHost, found: Discovered, chosenId?: string) {
    this.#host = host;
    this.#found = found;
    this.#chosenId = chosenId;
  }

  /** The upgradeable subscriptions found, in listing order: the `candidates` of `prepaid-upgrade-ready`. */
  get candidates(): Subscription[] {
    return this.#found.candidates.map(({ subscription }) => subscription);
  }

  get chosenId(): string | undefined {
    return this.#chosenId;
  }

  /** What the picker offers: the upgradeable subscriptions, then, when the page allows management, the prepaid ones. */
  offers(manage: boolean): Loaded[] {
    return manage ? [...this.#found.candidates, ...this.#found.prepaid] : this.#found.candidates;
  }

  /** The subscription shown instead of the picker: the one chosen, or the only one offered. */
  shown(manage: boolean): Loaded | undefined {
    const chosenId = this.#chosenId;
    if (chosenId === undefined) {
      const offers = this.offers(manage);
      return offers.length === 1 ? offers[0] : undefined;
    }
    // Looked for among all, not only the offers: an upgraded subscription stays shown even when prepaid ones are not offered.
    return [...this.#found.candidates, ...this.#found.prepaid].find(({ subscription }) => subscription.public_id === chosenId);
  }

  /** Whether the shown subscription was one of several, so that the picker is worth going back to. */
  canGoBack(manage: boolean): boolean {
    return this.#chosenId !== undefined && this.offers(manage).length > 1;
  }

  /**
   * The service changed a subscription (an upgrade, a renewal change): the picker offers it as it is now, and it stays
   * shown.
   */
  replace(subscription: Subscription): void {
    const id = subscription.public_id;
    const found = this.#found;
    const old = [...found.candidates, ...found.prepaid].find((loaded) => loaded.subscription.public_id === id);
    if (!old) return;
    this.#chosenId = id;
    const loaded: Loaded = { ...old, subscription, eligibility: decideEligibility(subscription, old.product) };
    const withoutOld = (list: Loaded[]) => list.filter((item) => item !== old);
    found.candidates = withoutOld(found.candidates);
    found.prepaid = withoutOld(found.prepaid);
    if (loaded.eligibility.eligible) found.candidates.push(loaded);
    else if (loaded.eligibility.reason === 'already-prepaid') found.prepaid.push(loaded);
  }

  /** Back to the picker, with the subscription that was shown picked. */
  back(): void {
    this.#picked = this.#chosenId;
    this.#chosenId = undefined;
    this.#host.requestUpdate();
    this.#host.wentBack();
  }

  /** The picker, or when nothing can be prepaid, why. */
  template(view: View, manage: boolean): TemplateResult {
    const { html, nothing } = this.#host.lit;
    const { t } = view;
    const offers = this.offers(manage);
    const unchecked = this.#found.unchecked.length;
    const uncheckedNote = unchecked ? html`<p>${t.uncheckedSubscriptions(unchecked)}</p>` : nothing;
    if (!offers.length) {
      return html`
        <div class="notice" tabindex="-1">
          <p class="notice-title">${t.ineligible('none-upgradeable', undefined)}</p>
          ${uncheckedNote}
        </div>
      `;
    }
    const picked = offers.some(({ subscription }) => subscription.public_id === this.#picked)
      ? this.#picked
      : offers[0]!.subscription.public_id;
    return html`
      <form class="form" novalidate @submit=${this.#onContinue}>
        <fieldset part="picker" class="group">
          <legend class="legend">${t.pickerLegend}</legend>
          ${offers.map(({ subscription, product, eligibility }, index) => {
            const perOrder = pricePerOrder(subscription, product);
            const details = [
              perOrder === undefined ? undefined : t.pricePerOrder(formatMoney(perOrder, subscription.currency_code, view.locale)),
              shipsEvery(view, subscription),
              eligibility.eligible ? undefined : t.pickerPrepaid,
            ].filter(Boolean);
            return html`
              <div class="option">
                <input
                  type="radio"
                  id="pick-${index}"
                  name="subscription"
                  .value=${subscription.public_id!}
                  .checked=${subscription.public_id === picked}
                  aria-describedby=${details.length ? `pick-${index}-hint` : nothing}
                  @change=${this.#onPick}
                />
                <label for="pick-${index}" class="pick">
                  ${isSafeImageAddress(product?.image_url) ? html`<img class="pick-image" src=${product.image_url} alt="" />` : nothing}
                  <span class="product-name">${product?.name || subscription.public_id}</span>
                </label>
                ${details.length ? html`<p class="hint" id="pick-${index}-hint">${details.join(' · ')}</p>` : nothing}
              </div>
            `;
          })}
          ${uncheckedNote}
          <button class="submit" type="submit">${t.pickerContinue}</button>
        </fieldset>
      </form>
    `;
  }

  /** The way back to the picker, above the chosen subscription. */
  backTemplate({ t }: View): TemplateResult {
    return this.#host.lit.html`<button class="back" type="button" @click=${() => this.back()}>${t.pickerBack}</button>`;
  }

  readonly #onPick = (event: Event): void => {
    this.#picked = (event.target as HTMLInputElement).value;
  };

  readonly #onContinue = (event: SubmitEvent): void => {
    event.preventDefault();
    const picked = (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input:checked')?.value;
    const loaded = [...this.#found.candidates, ...this.#found.prepaid].find(({ subscription }) => subscription.public_id === picked);
    if (!loaded) return;
    this.#chosenId = this.#picked = picked;
    this.#host.requestUpdate();
    this.#host.chose(loaded);
  };
}

/**
 * "Every 2 weeks", from `every` and `every_period`, else from `frequency_days`; `undefined` when neither says. The
 * answer checker does not check these fields (a wrong one must not stop an upgrade), so they are read with care here.
 */
function shipsEvery({ t }: View, { every, every_period, frequency_days }: Subscription): string | undefined {
  const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);
  const unit = SHIPPING_UNITS[count(every_period)];
  if (unit && count(every)) return t.shipsEvery(count(every), unit);
  return count(frequency_days) ? t.shipsEvery(count(frequency_days), 'day') : undefined;
}
