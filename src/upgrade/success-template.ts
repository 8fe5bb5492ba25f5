/**
 * What the widget shows after the upgrade succeeded: what the next order bills now, and what happens when the prepaid
 * orders run out.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import { ordersPerBillingOf, pricePerOrder, renewalBehaviorOf } from '../api/subscription.js';
import { formatServiceDate } from '../i18n/dates.js';
import { applyDiscount, formatMoney } from '../i18n/money.js';
import { money, type View } from '../i18n/view.js';
import type { Loaded } from '../shared/loaded.js';
import type { Choices } from './choices.js';

/**
 * What the next order bills after the upgrade, once it is read back from the service. This is its total, with the tax
 * and shipping in it named. When only the amount before tax and shipping is known, it is that amount, with a note that
 * they may be added. It is `undefined` until then, or when nothing can be read.
 */
export function billedAfterUpgrade(view: View, subscription: Subscription): string | undefined {
  const { t, locale, nextOrder: order } = view;
  const date = formatServiceDate(order?.place, locale);
  if (!order || !date) return undefined;
  const orders = ordersPerBillingOf(subscription);
  const amount = (value: string | null) =>
    value === null ? undefined : formatMoney(Number(value), order.currencyCode ?? subscription.currency_code, locale);
  // Tax and shipping are named only when the order bills them.
  const charge = (value: string | null) => (Number(value) > 0 ? amount(value) : undefined);
  const [subTotal, total, tax, shipping] = [
    amount(order.subTotal),
    amount(order.total),
    charge(order.taxTotal),
    charge(order.shippingTotal),
  ];
  if (total) return t.nextOrderBills(date, total, orders, subTotal && (tax || shipping) ? t.charges(subTotal, tax, shipping) : undefined);
  return subTotal && t.nextOrderSubtotal(date, subTotal, orders);
}

/**
 * The success message after the upgrade. It shows what the next order bills: the service's figure, or else the
 * estimate, marked as one. The message takes focus, which reads it out. When the service's figure comes after that, it
 * replaces the estimate in a live line, which says the news once. It also shows what happens when the orders run out, and the form to change that. `discounts`
 * are the store's prepaid discounts, which the estimate applies.
 */
/** The success message, which takes focus once the upgrade succeeded. */
export const successMessage = (root: ParentNode): HTMLElement | null => root.querySelector('[part~=success]');

export function successTemplate(
  view: View,
  subscription: Subscription,
  loaded: Loaded | undefined,
  discounts: Choices['discounts'] | undefined,
  manage: TemplateResult | typeof nothing,
): TemplateResult {
  const { t } = view;
  const orders = ordersPerBillingOf(subscription);
  const renewal = renewalBehaviorOf(subscription);
  const perOrder = pricePerOrder(subscription, loaded?.product);
  const percent = discounts?.[orders];
  const estimate =
    perOrder === undefined
      ? undefined
      : percent
        ? applyDiscount(perOrder * orders, percent, subscription.currency_code).discounted
        : perOrder * orders;
  return html`
    <div part="success" tabindex="-1">
      <h3 part="success-heading">${t.successHeading}</h3>
      <p aria-live="polite">${billedAfterUpgrade(view, subscription) ?? t.successBody(orders, money(view, estimate, subscription))}</p>
      ${renewal ? html`<p>${t.renewalHint(renewal, orders)}</p>` : nothing}
      <slot name="success"></slot>
    </div>
    ${manage}
  `;
}
