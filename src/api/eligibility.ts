/**
 * Whether a loaded subscription can be upgraded to prepaid, and if not, why. This holds the service's rules and every
 * reason that the texts name.
 */
import type { Product, Subscription } from './schemas.js';
import { ordersPerBillingOf } from './subscription.js';

/**
 * Why a subscription cannot be upgraded, by the service's rules. The widget checks them before it offers the form.
 * Without an id, there are two more reasons. `none-upgradeable` means that none of the customer's subscriptions can be
 * upgraded. `no-subscriptions` means that the customer has no live subscription at all.
 */
export type IneligibleReason = 'already-prepaid' | 'not-live' | 'product-not-eligible' | 'none-upgradeable' | 'no-subscriptions';

export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/**
 * Checks the same rules that the service applies, where it would answer a 400. They are checked first, so that the
 * customer is not offered a form that can only fail. An unknown product, one that could not be read, is left for the
 * service to judge.
 */
export function decideEligibility(subscription: Subscription, product: Product | undefined): Eligibility {
  const reason: IneligibleReason | undefined =
    // A prepaid subscription has a context with orders per billing. A pay-as-you-go one has `null`, `{}` or zeros.
    ordersPerBillingOf(subscription) > 0
      ? 'already-prepaid'
      : subscription.live === false || subscription.cancelled
        ? 'not-live'
        : product?.prepaid_eligible === false
          ? 'product-not-eligible'
          : undefined;
  return reason ? { eligible: false, reason } : { eligible: true };
}
