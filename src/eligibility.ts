/** Whether a loaded subscription can be upgraded to prepaid, and if not, why. */
import type { Product, Subscription } from './api/schemas.js';

export type IneligibleReason = 'already-prepaid' | 'not-live' | 'product-not-eligible';

export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/** A prepaid subscription has a context with orders per billing; pay-as-you-go has `null`, `{}` or zeros. */
export function isPrepaid(subscription: Subscription): boolean {
  return (subscription.prepaid_subscription_context?.prepaid_orders_per_billing ?? 0) > 0;
}

export function isLive(subscription: Subscription): boolean {
  return subscription.live !== false && !subscription.cancelled;
}

/**
 * The same rules the service applies (a 400 otherwise), checked first so that the customer is not offered a form
 * that can only fail. An unknown product (it could not be read) is left for the service to judge.
 */
export function decideEligibility(subscription: Subscription, product: Product | undefined): Eligibility {
  if (isPrepaid(subscription)) return { eligible: false, reason: 'already-prepaid' };
  if (!isLive(subscription)) return { eligible: false, reason: 'not-live' };
  if (product?.prepaid_eligible === false) return { eligible: false, reason: 'product-not-eligible' };
  return { eligible: true };
}
