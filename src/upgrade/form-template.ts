/**
 * The upgrade form. It asks how many orders to prepay, with the store's discounts, and what happens when they run out.
 * It ends with the summary and the confirm button.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { RenewalBehavior } from '../api/upgrade-request.js';
import type { ChoiceDiscount, ElementStrings } from '../i18n/strings.js';
import type { Choices } from './choices.js';
import { pricePerOrder } from '../api/subscription.js';
import { applyDiscount, formatPercent } from '../i18n/money.js';
import type { NextOrder } from '../api/orders.js';
import { dated, money, type View } from '../i18n/view.js';
import { formatServiceDate } from '../i18n/dates.js';
import type { Loaded } from '../shared/loaded.js';

/**
 * Whether a form can be sent. It can when it is `live`. It is locked while its write is sent (`submitting`), while
 * reads check whether the write was made after its answer got lost (`checking`), and after that while its outcome is
 * not known (`locked`).
 */
export type FormMode = 'live' | 'submitting' | 'checking' | 'locked';

export interface FormView extends View {
  /** What the form offers, and the customer's picks. */
  choices: Choices;
  onSubmit(event: SubmitEvent): void;
  onOrdersChange(event: Event): void;
  onRenewalChange(event: Event): void;
}

/**
 * Whether the next order bills tax or shipping on top of its orders. The form's amounts are then before tax and
 * shipping.
 */
const billsTaxOrShipping = (order: NextOrder | null | undefined): boolean =>
  !!order && (Number(order.taxTotal) > 0 || Number(order.shippingTotal) > 0);

/** The form's chosen number of orders, where focus goes when the form is shown because the customer asked for it. */
export const chosenOrders = (root: ParentNode): HTMLElement | null => root.querySelector('[part~=form] input:checked');

export function formTemplate(view: FormView, { subscription, product }: Loaded, mode: FormMode): TemplateResult {
  const { t, choices } = view;
  const { ordersPerBilling: orders, renewalBehavior: renewal } = choices;
  const submitting = mode !== 'live';
  const perOrderAmount = pricePerOrder(subscription, product);
  const currency = subscription.currency_code;
  /** What `count` orders cost before any discount. Unknown without a price. */
  const amountOf = (count: number) => (perOrderAmount === undefined ? undefined : perOrderAmount * count);
  const total = (count: number) => money(view, amountOf(count), subscription);
  /** A term's discount in percent. With a known price, it also gives the amount after the discount, and the saving. */
  const discountOf = (count: number) => {
    const percent = choices.discounts[count];
    if (percent === undefined) return undefined;
    const full = amountOf(count);
    const amounts = full === undefined ? undefined : applyDiscount(full, percent, currency);
    return {
      percent: formatPercent(percent, view.locale),
      discounted: amounts && money(view, amounts.discounted, subscription),
      // What one order comes to. Formatting rounds it to the currency's minor unit.
      perOrder: amounts && money(view, amounts.discounted / count, subscription),
      saving: amounts && money(view, amounts.saving, subscription),
    };
  };
  const chosen = discountOf(orders);
  const taxed = billsTaxOrShipping(view.nextOrder);
  return html`
    <form part="form" class="form" novalidate @submit=${view.onSubmit}>
      <fieldset part="orders" ?disabled=${submitting}>
        <legend part="legend">${t.ordersLegend}</legend>
        ${choices.ordersOptions.map((count) => {
          const price = total(count);
          const discount = discountOf(count);
          const discounted = discount?.discounted;
          const said = (date: string | undefined, saving?: ChoiceDiscount) => t.ordersChoice(discounted ?? price!, date, taxed, saving);
          return html`
            <div part="orders-option ${count === orders ? 'chosen' : ''}" class="option">
              <input
                part="radio"
                type="radio"
                id="orders-${count}"
                name="orders"
                .value=${String(count)}
                .checked=${count === orders}
                aria-describedby=${price ? `orders-${count}-said` : nothing}
                @change=${view.onOrdersChange}
              />
              <label for="orders-${count}"
                >${t.ordersOption(count)}
                ${discount ? html`<span part="savings choice-savings" aria-hidden="true">${t.savings(discount.percent)}</span>` : nothing}</label
              >
              ${
                price
                  ? // What is drawn under the choice is heard as one sentence, in the order the language says it.
                    html`<p part="hint" id="orders-${count}-hint" aria-hidden="true">
                        ${discounted ? html`<s part="was-price">${price}</s>` : nothing} ${dated(view, said, said(undefined), false)}
                        ${discounted ? html`<span part="per-order">${t.pricePerOrder(discount!.perOrder!)}</span>` : nothing}
                      </p>
                      <span class="visually-hidden" id="orders-${count}-said"
                        >${said(
                          formatServiceDate(view.nextOrder?.place, view.locale, false),
                          discounted ? { percent: discount!.percent, full: price, perOrder: discount!.perOrder! } : undefined,
                        )}</span
                      >`
                  : nothing
              }
            </div>
          `;
        })}
      </fieldset>
      ${renewalFieldset(t, {
        name: 'renewal',
        legend: t.renewalLegend,
        options: choices.renewalOptions,
        chosen: renewal,
        orders,
        disabled: submitting,
        onChange: view.onRenewalChange,
      })}
      <div part="summary">
        <h3 part="summary-heading">${t.summaryHeading}</h3>
        <p>${t.summary(orders, total(orders), money(view, perOrderAmount, subscription))}</p>
        ${
          chosen?.discounted && chosen.saving
            ? html`<p>${t.summarySaving(chosen.discounted, chosen.saving, chosen.percent)}</p>
                <p>${t.finalPriceNote}</p>`
            : nothing
        }
        ${taxed ? html`<p>${t.beforeTaxAndShipping}</p>` : nothing}
        ${view.nextOrder === null ? nothing : html`<p>${dated(view, t.billedOn, nothing)}</p>`}
        <p>${t.nothingChargedNow}</p>
      </div>
      <slot name="terms"></slot>
      <button part="submit" class="submit" type="submit" aria-disabled=${submitting ? 'true' : 'false'}>
        ${mode === 'submitting' ? t.submitting : mode === 'checking' ? t.checking('upgrade') : t.submit(orders)}
      </button>
    </form>
  `;
}

export interface RenewalGroup {
  /** The radios' name, and the prefix of their ids. There is one group per form. */
  name: string;
  legend: string;
  options: readonly RenewalBehavior[];
  chosen: RenewalBehavior | undefined;
  /** The orders per billing that the consequences speak of. */
  orders: number;
  disabled: boolean;
  onChange(event: Event): void;
}

/**
 * Asks what happens when the prepaid orders run out, with a radio per choice and each choice's consequence. The upgrade
 * form asks this, and the management form of a prepaid subscription asks it again.
 */
export const renewalFieldset = (t: ElementStrings, { name, legend, options, chosen, orders, disabled, onChange }: RenewalGroup) => html`
  <fieldset part="renewal" ?disabled=${disabled}>
    <legend part="legend">${legend}</legend>
    ${options.map(
      (behavior) => html`
        <div part="renewal-option ${behavior === chosen ? 'chosen' : ''}" class="option">
          <input
            part="radio"
            type="radio"
            id="${name}-${behavior}"
            name=${name}
            .value=${behavior}
            .checked=${behavior === chosen}
            aria-describedby="${name}-${behavior}-hint"
            @change=${onChange}
          />
          <label for="${name}-${behavior}">${t.renewalOption(behavior)}</label>
          <p part="hint" id="${name}-${behavior}-hint">${t.renewalHint(behavior, orders)}</p>
        </div>
      `,
    )}
  </fieldset>
`;
