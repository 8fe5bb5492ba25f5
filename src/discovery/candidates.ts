/**
 * What discovery found (`listing.ts`), sorted the way the element offers it (docs/discovery.md): the
 * subscriptions that can be upgraded, those already prepaid (offered for management), and those whose product could
 * not be read. The rest (not live, cancelled, on a product that cannot be prepaid) is not offered at all.
 */
import type { Found } from './listing.js';
import type { Subscription } from '../api/schemas.js';
import { decideEligibility, type IneligibleReason } from '../api/eligibility.js';
import type { Loaded } from '../subscription/load-subscription.js';

export interface Discovered {
  /** Pay-as-you-go, live, on a product known to be prepaid-eligible: what the picker offers, in listing order. */
  candidates: Loaded[];
  /** Already prepaid: offered for management, when the page allows it. */
  prepaid: Loaded[];
  /** Their product could not be read, so whether they can be prepaid cannot be told. */
  unchecked: Subscription[];
  /** Why each of the others cannot be prepaid (not live, or on a product the store does not offer prepaid). */
  refused: IneligibleReason[];
}

export function sortFound(found: readonly Found[]): Discovered {
  const discovered: Discovered = { candidates: [], prepaid: [], unchecked: [], refused: [] };
  for (const { subscription, product, unchecked } of found) {
    if (unchecked) {
      discovered.unchecked.push(subscription);
      continue;
    }
    // One without an id cannot be upgraded or changed: nothing to name in the request.
    if (!subscription.public_id) continue;
    const eligibility = decideEligibility(subscription, product);
    const loaded = { subscription, product, eligibility };
    // Unlike a subscription named by id, one found here is offered only on a product known to be eligible: the
    // customer did not ask for it, so a form that may end in a refusal is not worth showing.
    if (eligibility.eligible && product?.prepaid_eligible === true) discovered.candidates.push(loaded);
    else if (!eligibility.eligible && eligibility.reason === 'already-prepaid') discovered.prepaid.push(loaded);
    else discovered.refused.push(eligibility.eligible ? 'product-not-eligible' : eligibility.reason);
  }
  return discovered;
}
