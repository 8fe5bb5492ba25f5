/** Reads what the form shows: the subscription named by id, its product and its next order. */
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { sleep } from '../api/retry.js';
import type { Product } from '../api/schemas.js';
import { decideEligibility } from '../api/eligibility.js';
import { describeFailure } from '../shared/failure.js';
import type { Loaded } from '../shared/loaded.js';

/**
 * The longest time that the form waits for the next order after the product has arrived
 * (docs/when-the-customer-pays.md). The order only adds dates, so the form does not wait long for it.
 */
export const NEXT_ORDER_WAIT_MS = 500;

/**
 * Reads what the form shows: the subscription, then its product, and whether it can be upgraded. `readNextOrder` starts
 * the read of the next order beside the subscription's, as it needs only the subscription's id, and settles once the
 * order is in. Once the product is in, the form waits for the order for `NEXT_ORDER_WAIT_MS` at most.
 */
export async function loadSubscription(
  client: ApiClient,
  subscriptionId: string,
  signal: AbortSignal,
  warn: (message: string) => void,
  readNextOrder: () => Promise<void>,
): Promise<Loaded> {
  let orderIn = false;
  const nextOrder = readNextOrder().then(() => (orderIn = true));
  const subscription = await client.getSubscription(subscriptionId, { signal });
  let product: Product | undefined;
  if (subscription.product) {
    try {
      product = await client.getProduct(subscription.product, { signal });
    } catch (error) {
      // The product only decorates the form with its name, image and price, and the service judges eligibility again on
      // upgrade. So a product that cannot be read does not stop the customer. A refused credential does.
      if (signal.aborted || (error instanceof ApiError && error.status === 401)) throw error;
      warn(`product ${subscription.product} could not be read, shown without it: ${describeFailure(error).message}`);
    }
  }
  // No timer is set when the order came in first, as it mostly does.
  if (!orderIn) await Promise.race([nextOrder, sleep(NEXT_ORDER_WAIT_MS, signal)]);
  return { subscription, product, eligibility: decideEligibility(subscription, product) };
}
