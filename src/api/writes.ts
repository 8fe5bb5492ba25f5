/**
 * The changes the widget makes to a subscription, and how their outcome is known. An answer that got lost (a 5xx, a
 * timeout, a dropped connection, an unreadable 2xx) leaves it unknown whether the service made the change, and the
 * service may make it seconds later: one read right after proves nothing. So the subscription is read again, with
 * backoff, for about half a minute: a read that shows the change is the success it was; only a read once that time has
 * passed can show it was not made; when no read answers, the outcome is not known, and saying so is the truth. A 400
 * may mean "already prepaid", by a tab, a widget or a person elsewhere: one read tells.
 */
import type { ApiClient, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import { sleep } from './retry.js';
import type { Subscription, UpgradeRequest } from './schemas.js';
import type { RenewalBehavior } from './upgrade-request.js';
import { ordersPerBillingOf } from './subscription.js';

/** One change: how it is sent, and how a subscription read afterwards shows it. */
export interface SubscriptionWrite {
  /** How a console message names it. */
  name: string;
  send(client: ApiClient, subscriptionId: string, options: RequestOptions): Promise<Subscription>;
  /** Whether `subscription` carries this change, exactly as asked. */
  isApplied(subscription: Subscription): boolean;
  /**
   * Whether `subscription` shows the change cannot be made because it was made otherwise elsewhere (the upgrade: the
   * subscription is prepaid already). A 400 is then "already done", never a success of this write.
   */
  madeElsewhere?(subscription: Subscription): boolean;
}

/** Whether a subscription carries exactly the prepaid terms that were asked for. */
export function isPrepaidAsRequested(subscription: Subscription, request: UpgradeRequest): boolean {
  return ordersPerBillingOf(subscription) === request.orders_per_billing && hasRenewalBehavior(subscription, request.renewal_behavior);
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
  madeElsewhere: (subscription) => ordersPerBillingOf(subscription) > 0,
});

export const renewalChangeWrite = (renewalBehavior: RenewalBehavior): SubscriptionWrite => ({
  name: 'the renewal change',
  send: (client, subscriptionId, options) => client.changeRenewalBehavior(subscriptionId, renewalBehavior, options),
  isApplied: (subscription) => hasRenewalBehavior(subscription, renewalBehavior),
});

/**
 * The waits between the reads that confirm a change whose answer was lost: the first read at once, the last about
 * 30 s later, when a change the service was still making has surely been made.
 */
export const CONFIRM_WAITS_MS = [1000, 2000, 4000, 8000, 15000] as const;

export interface WriteOptions extends RequestOptions {
  /** The answer was lost: the reads that confirm the change begin. */
  onChecking?: () => void;
  /**
   * A try of this write whose outcome is not known (its `unconfirmed` failure): nothing is sent again, one read tells
   * whether it was made ("check again").
   */
  unknown?: ApiError | undefined;
}

/** A failure after which the change may have been made all the same, or be made later. */
const mayBeMade = (error: ApiError): boolean =>
  error.kind === 'http' ? error.status >= 500 : ['network', 'timeout', 'malformed'].includes(error.kind);

/** `error` with what is known of the change it failed: `applied`, and the subscription as found. */
const concluded = (error: ApiError, applied: false | null, current?: Subscription): ApiError =>
  new ApiError(error.kind, error.message, { ...error, cause: error.cause, applied, current });

/**
 * Sends `write`. A refusal is final (`applied: false`), but for a 400, after which one read tells whether the change
 * was made elsewhere (`current`) or, for a change asked again, is in place already. An answer that got lost is
 * confirmed (`confirmWrite`, after `onChecking`). With `unknown`, nothing is sent: one read confirms that try.
 */
export async function sendAndConfirm(
  client: ApiClient,
  subscriptionId: string,
  write: SubscriptionWrite,
  options: WriteOptions = {},
): Promise<Subscription> {
  if (options.unknown) {
    options.onChecking?.();
    return confirmWrite(client, subscriptionId, write, options.unknown, options, []);
  }
  let error: ApiError;
  try {
    return await write.send(client, subscriptionId, options);
  } catch (caught) {
    if (options.signal?.aborted || !(caught instanceof ApiError)) throw caught;
    error = caught;
  }
  if (error.status === 400) {
    let current: Subscription | undefined;
    try {
      current = await client.getSubscription(subscriptionId, options);
    } catch {
      // The refusal's own reason says more than a failed read.
    }
    if (current && write.madeElsewhere?.(current)) throw concluded(error, false, current);
    if (current && write.isApplied(current)) return current;
    throw concluded(error, false);
  }
  if (!mayBeMade(error)) throw concluded(error, false);
  options.onChecking?.();
  return confirmWrite(client, subscriptionId, write, error, options);
}

/**
 * Reads the subscription until a read shows `write` made (its success), with a wait of `waits` before each next read.
 * After the last, `failed` rethrown with what is known: not made (`applied: false`) when the last read shows it not
 * made, else not known (`unconfirmed`, `applied: null`). A read that finds the subscription prepaid otherwise ends it
 * at once (`current`); so does a refused credential, which the customer must act on, and whose outcome is not known.
 */
async function confirmWrite(
  client: ApiClient,
  subscriptionId: string,
  write: SubscriptionWrite,
  failed: ApiError,
  options: RequestOptions = {},
  waits: readonly number[] = CONFIRM_WAITS_MS,
): Promise<Subscription> {
  // Checked again after its outcome was not known: what failed is the write's own failure, which that one holds.
  if (failed.kind === 'unconfirmed' && failed.cause instanceof ApiError) failed = failed.cause;
  for (let reads = 0; ; reads++) {
    let readError: unknown;
    try {
      const current = await client.getSubscription(subscriptionId, options);
      if (write.isApplied(current)) return current;
      if (write.madeElsewhere?.(current)) throw concluded(failed, false, current);
    } catch (caught) {
      if (options.signal?.aborted || (caught instanceof ApiError && caught.applied === false)) throw caught;
      if (caught instanceof ApiError && caught.status === 401) throw concluded(caught, null);
      readError = caught;
    }
    if (reads === waits.length) {
      if (!readError) throw concluded(failed, false);
      throw new ApiError('unconfirmed', `${failed.message}; no read confirmed ${write.name}: ${(readError as Error).message}`, {
        status: failed.status,
        cause: failed,
        applied: null,
      });
    }
    await sleep(waits[reads]!, options.signal);
  }
}
