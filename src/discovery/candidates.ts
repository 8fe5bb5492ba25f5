/**
 * Sorts what discovery found (`listing.ts`) the way the element offers it (docs/discovery.md). The groups are the
 * subscriptions that can be upgraded, those already prepaid, which are offered for management, and those whose product
 * could not be read. The rest are not offered at all: those that are not live, are cancelled, or are on a product that
 * cannot be prepaid.
 */
import type { Found } from './listing.js';
import type { Subscription } from '../api/schemas.js';
import { decideEligibility, type IneligibleReason } from '../api/eligibility.js';
import type { Loaded } from '../shared/loaded.js';

export interface Discovered {
  /**
   * Live pay-as-you-go subscriptions on a product known to be prepaid-eligible. The picker offers them, in listing
   * order.
   */
  candidates: Loaded[];
  /** Subscriptions that are already prepaid. They are offered for management when the page allows it. */
  prepaid: Loaded[];
  /** Subscriptions whose product could not be read, so it cannot be told whether they can be prepaid. */
  unchecked: Subscription[];
  /**
   * Why each of the others cannot be prepaid: it is not live, or it is on a product that the store does not offer
   * prepaid.
   */
  refused: IneligibleReason[];
}

export function sortFound(found: readonly Found[]): Discovered {
  const discovered: Discovered = { candidates: [], prepaid: [], unchecked: [], refused: [] };
  for (const { subscription, product, unchecked } of found) {
    if (unchecked) {
      discovered.unchecked.push(subscription);
      continue;
    }
    // A subscription without an id cannot be upgraded or changed, because the request would have nothing to name.
    if (!subscription.public_id) continue;
    const eligibility = decideEligibility(subscription, product);
    const loaded = { subscription, product, eligibility };
    // Unlike a subscription named by id, one found here is offered only on a product known to be eligible. The customer
    // did not ask for it, so a form that may end in a refusal is not worth showing.
    if (eligibility.eligible && product?.prepaid_eligible === true) discovered.candidates.push(loaded);
    else if (!eligibility.eligible && eligibility.reason === 'already-prepaid') discovered.prepaid.push(loaded);
    else discovered.refused.push(eligibility.eligible ? 'product-not-eligible' : eligibility.reason);
  }
  return discovered;
}
