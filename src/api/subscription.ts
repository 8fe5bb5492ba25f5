/** What a subscription says about itself, read in the one way that every part of the widget reads it. */
import { isRenewalBehavior, type RenewalBehavior } from './upgrade-request.js';
import type { Product, Subscription } from './schemas.js';

/**
 * The number of orders billed together on a prepaid subscription. It is 0 on pay-as-you-go, whose context is `null`,
 * `{}` or zeros.
 */
export const ordersPerBillingOf = (subscription: Subscription): number =>
  subscription.prepaid_subscription_context?.prepaid_orders_per_billing ?? 0;

/**
 * What happens when a prepaid subscription's orders run out, as the service says. `undefined` when the service does not
 * say.
 */
export function renewalBehaviorOf(subscription: Subscription): RenewalBehavior | undefined {
  const behavior = subscription.prepaid_subscription_context?.renewal_behavior;
  return isRenewalBehavior(behavior) ? behavior : undefined;
}

export function parsePrice(value: string | null | undefined): number | undefined {
  return value && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined;
}

/**
 * The price of one order of this subscription. It is the subscription's own price when it has one, else the product's,
 * times the quantity. It is unknown when neither is a readable price.
 */
export function pricePerOrder(subscription: Subscription, product: Product | undefined): number | undefined {
  const unit = parsePrice(subscription.price) ?? parsePrice(product?.price);
  if (unit === undefined) return undefined;
  const quantity = subscription.quantity ?? 0;
  return unit * (quantity > 0 ? quantity : 1);
}
