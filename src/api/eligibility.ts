/**
 * Whether a loaded subscription can be upgraded to prepaid, and if not, why: the service's rules, and every reason
 * the texts name.
 */
import type { Product, Subscription } from './schemas.js';
import { ordersPerBillingOf } from './subscription.js';

/**
 * Why a subscription cannot be upgraded, as the service's rules say (the widget checks them before offering the form);
 * without an id, `none-upgradeable`: none of the customer's subscriptions can be, or `no-subscriptions`: the customer
 * has no live subscription at all.
 */
export type IneligibleReason = 'already-prepaid' | 'not-live' | 'product-not-eligible' | 'none-upgradeable' | 'no-subscriptions';

export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/**
 * The same rules the service applies (a 400 otherwise), checked first so that the customer is not offered a form
 * that can only fail. An unknown product (it could not be read) is left for the service to judge.
 */
export function decideEligibility(subscription: Subscription, product: Product | undefined): Eligibility {
  const reason: IneligibleReason | undefined =
    // A prepaid subscription has a context with orders per billing; pay-as-you-go has `null`, `{}` or zeros.
    ordersPerBillingOf(subscription) > 0
      ? 'already-prepaid'
      : subscription.live === false || subscription.cancelled
        ? 'not-live'
        : product?.prepaid_eligible === false
          ? 'product-not-eligible'
          : undefined;
  return reason ? { eligible: false, reason } : { eligible: true };
}
