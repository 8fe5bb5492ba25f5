/**
 * What a subscription's orders bill, tax and shipping included, and which of them is its next order
 * (docs/service.md#orders). The seed prices the orders with these rules, and the upgrade reprices the next order with
 * them, so that what the sandbox bills agrees with itself.
 */
import { discountedMinorUnits, percentOfMinorUnits } from '../api/rounding.js';
import { formatMinorUnits, toMinorUnits } from './money.js';
import type { Merchant, Order, OrderCharges, Product, SandboxData, Subscription } from './model.js';
import { ORDER_STATUS } from './schemas.js';

/**
 * The merchant's prepaid discount for prepaying `orders` orders, in percent. It is tiered: it is the discount of the
 * longest term that the merchant sets that is not longer than `orders`. For example, 4 orders with `{3: 5, 6: 10}` save
 * 5 %. There is no discount below the shortest term. A longer prepayment never saves less than a shorter one.
 */
export function prepaidDiscountPercent(discounts: Readonly<Record<number, number>>, orders: number): number {
  const terms = Object.keys(discounts)
    .map(Number)
    .filter((term) => term <= orders);
  return terms.length > 0 ? discounts[Math.max(...terms)]! : 0;
}

/** The money fields of an order's answer. */
export type OrderAmounts = Pick<Order, 'sub_total' | 'tax_total' | 'shipping_total' | 'total'>;

/**
 * The amount for `orders` orders billed at once, less `discountPercent`. It is rounded once, half up, to the currency's
 * minor unit, by the rule that the widget's estimate follows too: 3 × 12.50 USD less 5 % is 35.625, billed as "35.63".
 */
export function billedAmount(unitPrice: string, quantity: number, orders: number, currencyCode: string, discountPercent: number): string {
  const gross = orders * quantity * toMinorUnits(unitPrice, currencyCode);
  return formatMinorUnits(discountedMinorUnits(gross, discountPercent), currencyCode);
}

/**
 * An order's amounts for its `subTotal`: the tax that its charges add, its shipping, and `total`, the sum of the three.
 * The tax is `taxPercent` of the sub-total, rounded half up to a whole minor unit: 8 % of 85.50 USD is 6.84. The sums
 * are made in minor units, so that `total` is exactly what its parts add up to.
 */
export function orderAmounts(subTotal: string, currencyCode: string, charges: OrderCharges): OrderAmounts {
  const sub = toMinorUnits(subTotal, currencyCode);
  const tax = percentOfMinorUnits(sub, charges.taxPercent);
  const shipping = toMinorUnits(charges.shipping, currencyCode);
  const format = (minor: number) => formatMinorUnits(minor, currencyCode);
  return { sub_total: format(sub), tax_total: format(tax), shipping_total: format(shipping), total: format(sub + tax + shipping) };
}

/**
 * What a subscription's next order bills before tax and shipping, its `sub_total`. For a pay-as-you-go subscription, it
 * is one order. While prepaid orders remain, it is nothing, because they are paid for. Otherwise it is the next prepaid
 * cycle: N orders less the merchant's discount for N.
 */
export function nextOrderSubTotal(subscription: Subscription, product: Product, merchant: Merchant): string {
  const { currency_code: currency, quantity, prepaid_subscription_context: prepaid } = subscription;
  const unitPrice = subscription.price ?? product.price;
  const perBilling = prepaid?.prepaid_orders_per_billing ?? 0;
  if (perBilling === 0) return billedAmount(unitPrice, quantity, 1, currency, 0);
  if (prepaid!.prepaid_orders_remaining > 0) return formatMinorUnits(0, currency);
  return billedAmount(unitPrice, quantity, perBilling, currency, prepaidDiscountPercent(merchant.prepaidDiscounts, perBilling));
}

/** The subscription's next order: its unsent one with the earliest `place`, or undefined when it has none. */
export function nextOrderOf(data: SandboxData, subscriptionId: string): Order | undefined {
  let next: Order | undefined;
  for (const order of data.orders.values()) {
    if (order.subscription !== subscriptionId || order.status !== ORDER_STATUS.unsent) continue;
    if (!next || order.place < next.place) next = order;
  }
  return next;
}
