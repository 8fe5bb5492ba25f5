/**
 * The upgrade, made safe to retry. An answer that got lost (a 5xx, a timeout, a dropped connection, an unreadable
 * 2xx) leaves it unknown whether the service applied the change; a 400 may be "already prepaid" because a lost
 * first try did apply it. In those cases the subscription is read again: if it is now prepaid as requested, the
 * upgrade succeeded. So the customer is never told "failed" for an upgrade that happened, and a retry can never
 * upgrade twice (the service refuses a second upgrade of a prepaid subscription).
 */
import type { ApiClient, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import type { Subscription, UpgradeRequest } from './schemas.js';

/** Whether a subscription carries exactly the prepaid terms that were asked for. */
export function isPrepaidAsRequested(subscription: Subscription, request: UpgradeRequest): boolean {
  const context = subscription.prepaid_subscription_context;
  return (
    context?.prepaid_orders_per_billing === request.orders_per_billing &&
    (context.renewal_behavior ?? 'autorenew') === request.renewal_behavior
  );
}

/** A failure after which the upgrade may have been applied all the same. */
function mayHaveApplied(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'http') return error.status === 400 || error.status >= 500;
  return ['network', 'timeout', 'malformed'].includes(error.kind);
}

export async function upgradeAndConfirm(
  client: ApiClient,
  subscriptionId: string,
  request: UpgradeRequest,
  options: RequestOptions = {},
): Promise<Subscription> {
  try {
    return await client.upgradeToPrepaid(subscriptionId, request, options);
  } catch (error) {
    if (options.signal?.aborted || !mayHaveApplied(error)) throw error;
    let current: Subscription;
    try {
      current = await client.getSubscription(subscriptionId, options);
    } catch (readError) {
      // A refused credential is what the customer must act on (sign in again): it says more than "could not
      // confirm", and reloading after signing in shows whether the upgrade happened.
      if (options.signal?.aborted || (readError instanceof ApiError && readError.status === 401)) throw readError;
      // A 400 is almost always a plain refusal: its reason says more than "could not confirm".
      if (error.status === 400) throw error;
      throw new ApiError('unconfirmed', `${error.message}; confirming the upgrade failed too: ${(readError as Error).message}`, {
        status: error.status,
        cause: readError,
      });
    }
    if (isPrepaidAsRequested(current, request)) return current;
    throw error;
  }
}
