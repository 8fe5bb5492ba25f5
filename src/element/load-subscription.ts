/** Reads what the form shows: the subscription, then its product, and whether it can be upgraded. */
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Product } from '../api/schemas.js';
import { decideEligibility } from './eligibility.js';
import { describeFailure } from './failure.js';
import type { Loaded } from './templates.js';

export async function loadSubscription(
  client: ApiClient,
  subscriptionId: string,
  signal: AbortSignal,
  warn: (message: string) => void,
): Promise<Loaded> {
  const subscription = await client.getSubscription(subscriptionId, { signal });
  let product: Product | undefined;
  if (subscription.product) {
    try {
      product = await client.getProduct(subscription.product, { signal });
    } catch (error) {
      // The product only decorates the form (name, image, price) and the service judges eligibility again on
      // upgrade, so a product that cannot be read does not stop the customer; a refused credential does.
      if (signal.aborted || (error instanceof ApiError && error.status === 401)) throw error;
      warn(`product ${subscription.product} could not be read, shown without it: ${describeFailure(error).message}`);
    }
  }
  return { subscription, product, eligibility: decideEligibility(subscription, product) };
}
