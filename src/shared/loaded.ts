/**
 * What a read gives the widget about one subscription: the subscription named by id, or one that discovery found. The
 * features that show a subscription read it; the subscription's read and discovery make it.
 */
import type { Eligibility } from '../api/eligibility.js';
import type { Product, Subscription } from '../api/schemas.js';

/** A subscription as read, with its product and whether it can be prepaid. This is what the element shows about it. */
export interface Loaded {
  subscription: Subscription;
  product: Product | undefined;
  eligibility: Eligibility;
}
