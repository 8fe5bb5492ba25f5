/**
 * The changes the widget makes to a subscription, made safe to retry. An answer that got lost (a 5xx, a timeout, a
 * dropped connection, an unreadable 2xx) leaves it unknown whether the service applied the change; a 400 may be
 * "already prepaid" because a lost first try of an upgrade did apply it. In those cases the subscription is read
 * again: if it now shows the change as asked, the change succeeded. So the customer is never told "failed" for a
 * change that happened, and a retry never changes twice (the service refuses a second upgrade, and a renewal change
 * asked again is the same change).
 */
import type { ApiClient, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import type { Subscription, UpgradeRequest } from './schemas.js';
import { isRenewalBehavior, type RenewalBehavior } from './upgrade-request.js';

/** One change: how it is sent, and how a subscription read afterwards shows it. */
export interface SubscriptionWrite {
  /** How a console message names it. */
  name: string;
  send(client: ApiClient, subscriptionId: string, options: RequestOptions): Promise<Subscription>;
  /** Whether `subscription` carries this change, exactly as asked. */
  isApplied(subscription: Subscription): boolean;
}

/** Whether a subscription carries exactly the prepaid terms that were asked for. */
export function isPrepaidAsRequested(subscription: Subscription, request: UpgradeRequest): boolean {
  return ordersPerBillingOf(subscription) === request.orders_per_billing && hasRenewalBehavior(subscription, request.renewal_behavior);
}

/** Orders billed together on a prepaid subscription; 0 on pay-as-you-go (its context is `null`, `{}` or zeros). */
export const ordersPerBillingOf = (subscription: Subscription): number =>
  subscription.prepaid_subscription_context?.prepaid_orders_per_billing ?? 0;

/** What happens when a prepaid subscription's orders run out, as the service says; `undefined` when it does not. */
export function renewalBehaviorOf(subscription: Subscription): RenewalBehavior | undefined {
  const behavior = subscription.prepaid_subscription_context?.renewal_behavior;
  return isRenewalBehavior(behavior) ? behavior : undefined;
}

/** Whether a prepaid subscription ends its prepaid orders as `renewalBehavior` says (the service's default: renew). */
export function hasRenewalBehavior(subscription: Subscription, renewalBehavior: RenewalBehavior): boolean {
  return (
    ordersPerBillingOf(subscription) > 0 && (subscription.prepaid_subscription_context!.renewal_behavior ?? 'autorenew') === renewalBehavior
  );
}

export const upgradeWrite = (request: UpgradeRequest): SubscriptionWrite => ({
  name: 'the upgrade',
  send: (client, subscriptionId, options) => client.upgradeToPrepaid(subscriptionId, request, options),
  isApplied: (subscription) => isPrepaidAsRequested(subscription, request),
});

export const renewalChangeWrite = (renewalBehavior: RenewalBehavior): SubscriptionWrite => ({
  name: 'the renewal change',
  send: (client, subscriptionId, options) => client.changeRenewalBehavior(subscriptionId, renewalBehavior, options),
  isApplied: (subscription) => hasRenewalBehavior(subscription, renewalBehavior),
});

/** A failure after which the change may have been applied all the same. */
function mayHaveApplied(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'http') return error.status === 400 || error.status >= 500;
  return ['network', 'timeout', 'malformed'].includes(error.kind);
}

/** Sends `write`; after an ambiguous failure, a read of the subscription decides whether it happened. */
export async function sendAndConfirm(
  client: ApiClient,
  subscriptionId: string,
  write: SubscriptionWrite,
  options: RequestOptions = {},
): Promise<Subscription> {
  try {
    return await write.send(client, subscriptionId, options);
  } catch (error) {
    if (options.signal?.aborted || !mayHaveApplied(error)) throw error;
    let current: Subscription;
    try {
      current = await client.getSubscription(subscriptionId, options);
    } catch (readError) {
      // A refused credential is what the customer must act on (sign in again): it says more than "could not
      // confirm", and reloading after signing in shows whether the change happened.
      if (options.signal?.aborted || (readError instanceof ApiError && readError.status === 401)) throw readError;
      // A 400 is almost always a plain refusal: its reason says more than "could not confirm".
      if (error.status === 400) throw error;
      throw new ApiError('unconfirmed', `${error.message}; confirming ${write.name} failed too: ${(readError as Error).message}`, {
        status: error.status,
        cause: readError,
      });
    }
    if (write.isApplied(current)) return current;
    throw error;
  }
}
